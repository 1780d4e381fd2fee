import type { ProviderAccount, ProviderAccountInput, ProviderBulkItem, ProviderBulkResult, ProviderListQuery } from '@portal/contract';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { AccountRow, AccountSync } from '../accounts/index.js';
import type { ProviderCaller } from './api-keys.js';
import { bulkField, bulkOutcome, bulkResult, refuseDuplicateExternalIds } from './provider-bulk.js';
import { accountNotFound, feedPosition, toPage, byKey } from './provider-support.js';

export function accountWire(row: AccountRow): ProviderAccount {
  return {
    id: row.id,
    external_id: row.externalId,
    name: row.name,
    billing_id: row.billingApiId,
    status: row.status,
    suspended_reason: row.suspendedReason,
    monitoring_customer_name: row.monitoringCustomerName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Accounts by the provider's external id (decision 0025): what happens to an account is the accounts module's commands
 * (decision 0041); this keeps the key, the bulk framing, the cursors and the wire shape.
 */
export function createProviderAccounts(sync: AccountSync) {
  return {
    async upsert(
      provider: ProviderCaller,
      externalId: string,
      input: ProviderAccountInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderAccount }> {
      const result = await sync.pushAccount(byKey(provider, meta), { ...input, external_id: externalId });
      return { created: result.created, item: accountWire(result.row) };
    },

    /** Up to 1,000 accounts in one transaction: all or none; one audit entry for the call. */
    async bulk(provider: ProviderCaller, items: ProviderBulkItem<ProviderAccountInput>[], meta: ClientMeta): Promise<ProviderBulkResult> {
      refuseDuplicateExternalIds(items);
      const results = await sync.pushAccounts(byKey(provider, meta), items, bulkField);
      return bulkResult(results.map(bulkOutcome));
    },

    async get(externalId: string): Promise<ProviderAccount> {
      const row = await sync.find(externalId);
      if (!row) throw accountNotFound(externalId);
      return accountWire(row);
    },

    async list(query: ProviderListQuery) {
      const rows = await sync.changedAccounts(feedPosition(query), query.limit);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => accountWire(r.row),
      );
    },
  };
}
