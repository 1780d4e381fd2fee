import { and, asc, eq } from 'drizzle-orm';
import type { ProviderCredential, ProviderListQuery } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { credentials } from '../../db/schema/index.js';
import { AppError } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { writePasswordHidden } from '../inventory/inventory.service.js';
import type { ProviderCaller } from './api-keys.js';
import { accountIdOf, cursorMicros, pageConditions, recordProviderChange, toPage } from './provider-support.js';

/**
 * Only what names a credential and says whether its password is hidden. The username, the sealed
 * password and notes and their key id are never selected, so no mistake here can send them.
 */
const publicColumns = {
  id: credentials.id,
  serviceName: credentials.serviceName,
  category: credentials.category,
  passwordHidden: credentials.passwordHidden,
  createdAt: credentials.createdAt,
  updatedAt: credentials.updatedAt,
};
type PublicCredential = { [K in keyof typeof publicColumns]: (typeof credentials.$inferSelect)[K] };

export function credentialWire(row: PublicCredential): ProviderCredential {
  return {
    id: row.id,
    service_name: row.serviceName,
    category: row.category,
    hidden: row.passwordHidden,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const credentialNotFound = (id: number, accountExternalId: string) =>
  new AppError('not_found', `No credential of the account ${accountExternalId} has the id ${id}`);

/**
 * The account's stored credentials as the provider may see them, and the hidden flag, which the
 * inventory module writes (the same function as `npm run portal -- hide-password`), so customers'
 * screens treat a password hidden here exactly as one hidden on the command line.
 */
export function createProviderCredentials(db: Database) {
  return {
    async setHidden(provider: ProviderCaller, accountExternalId: string, credentialId: number, hidden: boolean, meta: ClientMeta): Promise<ProviderCredential> {
      const accountId = await accountIdOf(db, accountExternalId);
      return inTransaction(db, async (tx) => {
        const written = await writePasswordHidden(tx, { credentialId, accountId }, hidden);
        if (!written) throw credentialNotFound(credentialId, accountExternalId);
        // Asking for the flag it already has changes nothing, so there is nothing to record.
        if (written.changed) {
          await recordProviderChange(tx, provider, meta, hidden ? 'vault.password_hidden' : 'vault.password_unhidden', accountId, {
            credential_id: credentialId,
            title: written.row.serviceName,
          });
        }
        return credentialWire(written.row);
      });
    },

    async list(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await db
        .select({ row: publicColumns, cursorMicros: cursorMicros(credentials.updatedAt) })
        .from(credentials)
        .where(and(eq(credentials.accountId, accountId), pageConditions(query, credentials.updatedAt, credentials.id)))
        .orderBy(asc(credentials.updatedAt), asc(credentials.id))
        .limit(query.limit + 1);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => credentialWire(r.row),
      );
    },
  };
}
