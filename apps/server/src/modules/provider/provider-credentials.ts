import type { ProviderCredential, ProviderListQuery } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { InventorySync, PublicCredentialRow } from '../inventory/index.js';
import type { ProviderCaller } from './api-keys.js';
import { accountIdOf, feedPosition, toPage, byKey } from './provider-support.js';

export function credentialWire(row: PublicCredentialRow): ProviderCredential {
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
 * The account's stored credentials as the provider may see them (never a username, password or note), and the hidden
 * flag, written by the inventory module's command (the same as `npm run portal -- hide-password`), so customers'
 * screens treat a password hidden here exactly as one hidden on the command line.
 */
export function createProviderCredentials(db: Database, sync: InventorySync) {
  return {
    async setHidden(provider: ProviderCaller, accountExternalId: string, credentialId: number, hidden: boolean, meta: ClientMeta): Promise<ProviderCredential> {
      const accountId = await accountIdOf(db, accountExternalId);
      const row = await sync.setPasswordHidden(byKey(provider, meta), { credentialId, accountId }, hidden);
      if (!row) throw credentialNotFound(credentialId, accountExternalId);
      return credentialWire(row);
    },

    async list(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await sync.changedCredentials(accountId, feedPosition(query), query.limit);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => credentialWire(r.row),
      );
    },
  };
}
