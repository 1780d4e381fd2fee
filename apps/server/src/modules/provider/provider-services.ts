import type { ProviderBulkItem, ProviderBulkResult, ProviderListQuery, ProviderService, ProviderServiceInput } from '@portal/contract';
import type { Database } from '../../db/client.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { ServiceRow, ServiceSync } from '../services/index.js';
import type { ProviderCaller } from './api-keys.js';
import { bulkOutcome, bulkResult, refuseDuplicateExternalIds } from './provider-bulk.js';
import { accountIdOf, feedPosition, toPage, byKey } from './provider-support.js';

export function serviceWire(row: ServiceRow, product: { name: string; category: string }): ProviderService {
  const seats = row.metadata.purchased_users;
  return {
    id: row.id,
    external_id: row.externalId,
    product,
    item_type: row.itemType,
    status: row.status,
    provision_status: row.provisionStatus,
    description: row.prodDescription,
    price: row.price,
    quantity: row.quantity,
    seats: typeof seats === 'number' ? seats : null,
    api_id: row.apiId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The services an account subscribes to, by the provider's external id (decision 0025); the product is found in the
 * catalogue by name, or added. What happens to a service is the services module's commands (decision 0041).
 */
export function createProviderServices(db: Database, sync: ServiceSync) {
  return {
    async upsert(
      provider: ProviderCaller,
      accountExternalId: string,
      externalId: string,
      input: ProviderServiceInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderService }> {
      const accountId = await accountIdOf(db, accountExternalId);
      const { created, row, product } = await sync.pushService(byKey(provider, meta), accountId, { ...input, external_id: externalId });
      return { created, item: serviceWire(row, product) };
    },

    /** Up to 1,000 services of one account in one transaction: all or none; one audit entry for the call. */
    async bulk(
      provider: ProviderCaller,
      accountExternalId: string,
      items: ProviderBulkItem<ProviderServiceInput>[],
      meta: ClientMeta,
    ): Promise<ProviderBulkResult> {
      refuseDuplicateExternalIds(items);
      const accountId = await accountIdOf(db, accountExternalId);
      const results = await sync.pushServices(byKey(provider, meta), accountId, items);
      return bulkResult(results.map(bulkOutcome));
    },

    async list(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await sync.changedServices(accountId, feedPosition(query), query.limit);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => serviceWire(r.row, r.product),
      );
    },
  };
}
