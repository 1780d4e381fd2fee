import type { ProviderIdentityProvider, ProviderIdentityProviderInput } from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../platform/app-error.js';
import type { VaultKeyRing } from '../../platform/secret-box.js';
import {
  deleteIdentityProvider,
  domainsOfOtherAccounts,
  findIdentityProviderOfAccount,
  sealedClientSecrets,
  writeIdentityProvider,
  writeSealedClientSecret,
  type IdentityProviderRow,
} from './identity-providers.repository.js';

export const NO_IDENTITY_PROVIDER = 'This account has no identity provider.';
export const SECRET_REQUIRED = 'Client secret is required for a new identity provider';
export const domainsTaken = (domains: readonly string[]) =>
  `${domains.join(', ')} ${domains.length === 1 ? 'is' : 'are'} served by another account's identity provider; a domain belongs to one account only`;

/** The callback the identity provider sends the browser back to: registered with the customer's IdP as the redirect URI. */
export const callbackUrl = (publicUrl: string) => `${publicUrl}/api/crm/auth/identity-provider/callback`;

export interface IdentityProviderSettingsDeps {
  db: Database;
  vault: VaultKeyRing;
  config: Pick<AppConfig, 'publicUrl'>;
}

/**
 * An account's identity provider as the provider's staff set it (provider API and CLI, decision 0051). The client
 * secret is sealed under the vault's current key as it arrives, and never answered: `client_secret_set` says it is there.
 */
export function createIdentityProviderSettings({ db, vault, config }: IdentityProviderSettingsDeps) {
  function wire(row: IdentityProviderRow): ProviderIdentityProvider {
    return {
      name: row.displayName,
      issuer: row.issuer,
      client_id: row.clientId,
      client_secret_set: true,
      domains: row.domains,
      allow_jit_users: row.allowJitUsers,
      redirect_uri: callbackUrl(config.publicUrl),
      sign_in_url: `${config.publicUrl}/login?idp=${encodeURIComponent(row.domains[0] ?? '')}`,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }

  return {
    async put(accountId: number, input: ProviderIdentityProviderInput): Promise<{ created: boolean; item: ProviderIdentityProvider }> {
      const domains = [...new Set(input.domains)];
      const created = await inTransaction(db, async (tx) => {
        const taken = await domainsOfOtherAccounts(tx, accountId, domains);
        if (taken.length > 0) throw new AppError('conflict', domainsTaken(taken), { domains: domainsTaken(taken) });
        const existing = await findIdentityProviderOfAccount(tx, accountId);
        if (!existing && !input.client_secret) throw new AppError('validation_failed', SECRET_REQUIRED, { client_secret: SECRET_REQUIRED });
        return writeIdentityProvider(tx, accountId, {
          displayName: input.name,
          issuer: input.issuer,
          clientId: input.client_id,
          sealedSecret: input.client_secret ? { sealed: vault.current.seal(input.client_secret), keyId: vault.current.id } : undefined,
          allowJitUsers: input.allow_jit_users ?? existing?.allowJitUsers ?? false,
          domains,
        });
      });
      return { created, item: wire((await findIdentityProviderOfAccount(db, accountId))!) };
    },

    async get(accountId: number): Promise<ProviderIdentityProvider> {
      const row = await findIdentityProviderOfAccount(db, accountId);
      if (!row) throw new AppError('not_found', NO_IDENTITY_PROVIDER);
      return wire(row);
    },

    async remove(accountId: number): Promise<void> {
      if (!(await deleteIdentityProvider(db, accountId))) throw new AppError('not_found', NO_IDENTITY_PROVIDER);
    },
  };
}
export type IdentityProviderSettings = ReturnType<typeof createIdentityProviderSettings>;

/** Seals every client secret again under the current vault key (`npm run portal -- vault-rekey`, and at start-up). */
export async function resealClientSecrets(db: Database, vault: VaultKeyRing): Promise<number> {
  return inTransaction(db, async (tx) => {
    const rows = (await sealedClientSecrets(tx)).filter((row) => row.keyId !== vault.current.id);
    for (const row of rows) await writeSealedClientSecret(tx, row.accountId, vault.current.seal(vault.open(row.sealed, row.keyId)), vault.current.id);
    return rows.length;
  });
}
