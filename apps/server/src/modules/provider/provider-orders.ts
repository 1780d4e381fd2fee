import type { ProviderListQuery, ProviderOrder, ProviderOrderInput, ProviderOrderItem } from '@portal/contract';
import type { Database } from '../../db/client.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { orderItemFields, type BillingSync, type OrderItemRow, type OrderRow } from '../billing/index.js';
import type { ProviderCaller } from './api-keys.js';
import { accountIdOf, feedPosition, toPage, byKey } from './provider-support.js';

function itemWire(row: OrderItemRow): ProviderOrderItem {
  return { id: row.id, ...orderItemFields(row) };
}

export function orderWire(row: OrderRow, items: OrderItemRow[]): ProviderOrder {
  return {
    id: row.id,
    external_id: row.externalId,
    name: row.name,
    status: row.status,
    quote_id: row.quoteId,
    notes: row.notes,
    date_created: row.createdAt.toISOString(),
    order_items: items.map(itemWire),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Orders from the provider's CRM or quoting system, by external id; the customer's Orders tab (billing) shows them like
 * any other. The provider's key, ids, cursors and wire shapes stay here; the writes are the billing module's commands
 * (decision 0041).
 */
export function createProviderOrders(db: Database, sync: BillingSync) {
  return {
    async upsert(
      provider: ProviderCaller,
      accountExternalId: string,
      externalId: string,
      input: ProviderOrderInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderOrder }> {
      const accountId = await accountIdOf(db, accountExternalId);
      const { created, order, items } = await sync.pushOrder(byKey(provider, meta), accountId, externalId, input);
      return { created, item: orderWire(order, items) };
    },

    async list(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await sync.changedOrders(accountId, feedPosition(query), query.limit);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => orderWire(r.row, r.items),
      );
    },
  };
}
