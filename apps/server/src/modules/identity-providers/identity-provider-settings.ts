import type { ProviderIdentityProvider, ProviderIdentityProviderInput } from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Database } from '../../db/client.js';
import type { EventOrigin } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
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
  events: EventRecorder;
  config: Pick<AppConfig, 'publicUrl'>;
}

/**
 * An account's identity provider as the provider's staff set it (provider API and CLI, decision 0051). The client
 * secret is sealed under the vault's current key as it arrives, and never answered: `client_secret_set` says it is there.
 */
export function createIdentityProviderSettings({ db, vault, events, config }: IdentityProviderSettingsDeps) {
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
    /** Adds or changes the account's identity provider; a change is recorded (the audit log), an identical PUT is not. */
    async put(by: EventOrigin, accountId: number, input: ProviderIdentityProviderInput): Promise<{ created: boolean; item: ProviderIdentityProvider }> {
      const domains = [...new Set(input.domains)];
      const created = await inTransaction(db, async (tx) => {
        const taken = await domainsOfOtherAccounts(tx, accountId, domains);
        if (taken.length > 0) throw new AppError('conflict', domainsTaken(taken), { domains: domainsTaken(taken) });
        const existing = await findIdentityProviderOfAccount(tx, accountId);
        if (!existing && !input.client_secret) throw new AppError('validation_failed', SECRET_REQUIRED, { client_secret: SECRET_REQUIRED });
        const settings = {
          displayName: input.name,
          issuer: input.issuer,
          clientId: input.client_id,
          allowJitUsers: input.allow_jit_users ?? existing?.allowJitUsers ?? false,
          domains,
        };
        const wasCreated = await writeIdentityProvider(tx, accountId, {
          ...settings,
          sealedSecret: input.client_secret ? { sealed: vault.current.seal(input.client_secret), keyId: vault.current.id } : undefined,
        });
        if (!existing || input.client_secret || !sameSettings(existing, settings)) {
          await events.record(tx, {
            type: 'identity_provider.set',
            accountId,
            ...by,
            data: {
              created: wasCreated,
              name: settings.displayName,
              issuer: settings.issuer,
              client_id: settings.clientId,
              domains: [...domains].sort(),
              allow_jit_users: settings.allowJitUsers,
              client_secret_changed: Boolean(input.client_secret),
            },
          });
        }
        return wasCreated;
      });
      return { created, item: wire((await findIdentityProviderOfAccount(db, accountId))!) };
    },

    async get(accountId: number): Promise<ProviderIdentityProvider> {
      const row = await findIdentityProviderOfAccount(db, accountId);
      if (!row) throw new AppError('not_found', NO_IDENTITY_PROVIDER);
      return wire(row);
    },

    async remove(by: EventOrigin, accountId: number): Promise<void> {
      await inTransaction(db, async (tx) => {
        const existing = await findIdentityProviderOfAccount(tx, accountId);
        if (!existing || !(await deleteIdentityProvider(tx, accountId))) throw new AppError('not_found', NO_IDENTITY_PROVIDER);
        await events.record(tx, {
          type: 'identity_provider.removed',
          accountId,
          ...by,
          data: { name: existing.displayName, issuer: existing.issuer, domains: existing.domains },
        });
      });
    },
  };
}
export type IdentityProviderSettings = ReturnType<typeof createIdentityProviderSettings>;

/** The stored settings equal the new ones (the domains in any order); the secret is compared by the caller. */
function sameSettings(existing: IdentityProviderRow, next: Pick<IdentityProviderRow, 'displayName' | 'issuer' | 'clientId' | 'allowJitUsers' | 'domains'>) {
  return (
    existing.displayName === next.displayName &&
    existing.issuer === next.issuer &&
    existing.clientId === next.clientId &&
    existing.allowJitUsers === next.allowJitUsers &&
    [...existing.domains].sort().join('\n') === [...next.domains].sort().join('\n')
  );
}

/** Seals every client secret again under the current vault key (`npm run portal -- vault-rekey`, and at start-up). */
export async function resealClientSecrets(db: Database, vault: VaultKeyRing): Promise<number> {
  return inTransaction(db, async (tx) => {
    const rows = (await sealedClientSecrets(tx)).filter((row) => row.keyId !== vault.current.id);
    for (const row of rows) await writeSealedClientSecret(tx, row.accountId, vault.current.seal(vault.open(row.sealed, row.keyId)), vault.current.id);
    return rows.length;
  });
}
