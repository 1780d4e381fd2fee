import type { ProviderIdentityProvider, ProviderIdentityProviderInput } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { IdentityProviderSettings } from '../identity-providers/index.js';
import type { ProviderCaller } from './api-keys.js';
import { accountIdOf, byKey } from './provider-support.js';

/** An account's identity provider by the account's external id (decision 0051); the settings are the module's command. */
export function createProviderIdentityProviders(db: Executor, settings: IdentityProviderSettings) {
  return {
    async put(
      provider: ProviderCaller,
      accountExternalId: string,
      input: ProviderIdentityProviderInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderIdentityProvider }> {
      return settings.put(byKey(provider, meta), await accountIdOf(db, accountExternalId), input);
    },
    async get(accountExternalId: string): Promise<ProviderIdentityProvider> {
      return settings.get(await accountIdOf(db, accountExternalId));
    },
    async remove(provider: ProviderCaller, accountExternalId: string, meta: ClientMeta): Promise<void> {
      await settings.remove(byKey(provider, meta), await accountIdOf(db, accountExternalId));
    },
  };
}
