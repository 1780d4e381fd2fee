import type { ProviderIdentityProvider, ProviderIdentityProviderInput } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import type { IdentityProviderSettings } from '../identity-providers/index.js';
import { accountIdOf } from './provider-support.js';

/** An account's identity provider by the account's external id (decision 0051); the settings are the module's command. */
export function createProviderIdentityProviders(db: Executor, settings: IdentityProviderSettings) {
  return {
    async put(accountExternalId: string, input: ProviderIdentityProviderInput): Promise<{ created: boolean; item: ProviderIdentityProvider }> {
      return settings.put(await accountIdOf(db, accountExternalId), input);
    },
    async get(accountExternalId: string): Promise<ProviderIdentityProvider> {
      return settings.get(await accountIdOf(db, accountExternalId));
    },
    async remove(accountExternalId: string): Promise<void> {
      await settings.remove(await accountIdOf(db, accountExternalId));
    },
  };
}
