import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { ProviderListQuery, ProviderOrder, ProviderOrderInput, ProviderOrderItem, ProviderOrderItemInput } from '@portal/contract';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { orderItems, orders } from '../../db/schema/index.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { orderItemFields } from '../billing/billing-wire.js';
import type { ProviderCaller } from './api-keys.js';
import { accountIdOf, cursorMicros, differsFromOffered, pageConditions, recordProviderChange, toPage } from './provider-support.js';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;
type OrderItemValues = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'accountId'>;

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

function itemValues(item: ProviderOrderItemInput): OrderItemValues {
  return {
    prodDescription: item.prod_description,
    quantity: item.quantity,
    purchaseType: item.purchase_type,
    price: item.price,
    pricePerUnit: item.price_per_unit,
    provisionStatus: item.provision_status,
    activationDate: item.activation_date === null ? null : new Date(item.activation_date),
    completed: item.completed,
    autoProvision: item.auto_provision,
    taxable: item.taxable,
    taxPercent: item.tax_percent,
    accountServiceSnapshot: item.account_service_snapshot,
    metadata: item.metadata,
  };
}

/** A value with its object keys sorted, so stored JSON (jsonb orders keys its own way) compares with what was sent. */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [key, canonical(item)]),
    );
  }
  return value;
}

/** Whether the order already has exactly these items, in this order (compared field by field as written). */
const sameItems = (stored: OrderItemRow[], wanted: OrderItemValues[]) =>
  stored.length === wanted.length &&
  stored.every((row, index) => {
    const asked = wanted[index]!;
    const current = Object.fromEntries(Object.keys(asked).map((key) => [key, row[key as keyof OrderItemRow]]));
    return JSON.stringify(canonical(current)) === JSON.stringify(canonical(asked));
  });

const itemsOf = (db: Executor, accountId: number, orderIds: number[]) =>
  orderIds.length === 0
    ? Promise.resolve([] as OrderItemRow[])
    : db
        .select()
        .from(orderItems)
        .where(and(eq(orderItems.accountId, accountId), inArray(orderItems.orderId, orderIds)))
        .orderBy(asc(orderItems.id));

/**
 * Orders from the provider's CRM or quoting system, by external id; the customer's Orders tab
 * (billing) shows them like any other. Items given replace the order's items, but an identical
 * list is left as it is, so a re-run keeps the items' ids.
 */
export function createProviderOrders(db: Database) {
  return {
    async upsert(
      provider: ProviderCaller,
      accountExternalId: string,
      externalId: string,
      input: ProviderOrderInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderOrder }> {
      const accountId = await accountIdOf(db, accountExternalId);
      // Absent fields keep what the order has; null clears a field.
      const fields = {
        name: input.name,
        status: input.status,
        ...(input.quote_id !== undefined && { quoteId: input.quote_id }),
        ...(input.notes !== undefined && { notes: input.notes }),
        ...(input.date_created !== undefined && { createdAt: new Date(input.date_created) }),
      };
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(orders)
          .values({ accountId, externalId, ...fields })
          .onConflictDoUpdate({
            target: [orders.accountId, orders.externalId],
            set: { ...fields, updatedAt: sql`now()` },
            setWhere: differsFromOffered(orders, Object.keys(fields)),
          })
          .returning({ ...getTableColumns(orders), created: sql<boolean>`(xmax = 0)` });
        // No row written: the order's own fields are as pushed; its items may still change below.
        const { created, ...written } = row ?? {
          created: false,
          ...(
            await tx
              .select()
              .from(orders)
              .where(and(eq(orders.accountId, accountId), eq(orders.externalId, externalId)))
          )[0]!,
        };
        let order: OrderRow = written;
        let items = await itemsOf(tx, accountId, [order.id]);
        let itemsReplaced = false;
        if (input.order_items !== undefined) {
          const wanted = input.order_items.map(itemValues);
          if (!sameItems(items, wanted)) {
            await tx.delete(orderItems).where(and(eq(orderItems.accountId, accountId), eq(orderItems.orderId, order.id)));
            const inserted =
              wanted.length === 0
                ? []
                : await tx
                    .insert(orderItems)
                    .values(wanted.map((values) => ({ ...values, accountId, orderId: order.id })))
                    .returning();
            items = inserted.sort((a, b) => a.id - b.id);
            itemsReplaced = true;
          }
        }
        // New items are a change of the order: it moves in `updated_since` even when its own fields did not change.
        if (itemsReplaced && !row) {
          const [moved] = await tx
            .update(orders)
            .set({ updatedAt: sql`now()` })
            .where(eq(orders.id, order.id))
            .returning();
          order = moved!;
        }
        // An identical push changes nothing, so there is nothing to record.
        if (row || itemsReplaced) {
          await recordProviderChange(tx, provider, meta, created ? 'provider.order_created' : 'provider.order_updated', accountId, {
            order_id: order.id,
            external_id: externalId,
            items: items.length,
            items_replaced: itemsReplaced,
          });
        }
        return { created, item: orderWire(order, items) };
      });
    },

    async list(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await db
        .select({ row: orders, cursorMicros: cursorMicros(orders.updatedAt) })
        .from(orders)
        .where(and(eq(orders.accountId, accountId), pageConditions(query, orders.updatedAt, orders.id)))
        .orderBy(asc(orders.updatedAt), asc(orders.id))
        .limit(query.limit + 1);
      const items = await itemsOf(
        db,
        accountId,
        rows.slice(0, query.limit).map((r) => r.row.id),
      );
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) =>
          orderWire(
            r.row,
            items.filter((item) => item.orderId === r.row.id),
          ),
      );
    },
  };
}
