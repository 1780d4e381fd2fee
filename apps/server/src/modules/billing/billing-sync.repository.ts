import { randomBytes } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { afterPosition, positionMicros, type FeedPosition } from '../../db/change-feed.js';
import type { Executor } from '../../db/client.js';
import { orderItems, orders, payments, statements } from '../../db/schema/index.js';
import { differsFromOffered } from '../../db/upsert.js';
import type { OrderItemRow, OrderRow, PaymentRow, StatementRow } from './billing.repository.js';

/** The statements, payments and orders the provider's systems push (billing-sync.ts): their SQL, by external id. */

export type StatementValues = Omit<typeof statements.$inferInsert, 'id' | 'accountId' | 'externalId'>;
export type PushedPaymentValues = Omit<typeof payments.$inferInsert, 'id' | 'accountId' | 'externalId'>;
export type OrderValues = Omit<typeof orders.$inferInsert, 'id' | 'accountId' | 'externalId'>;
export type OrderItemValues = Omit<typeof orderItems.$inferInsert, 'id' | 'orderId' | 'accountId'>;

/** A written row: whether it is new. None when the row was as offered, so nothing was written. */
type Written = { id: string; created: boolean } | undefined;

/** A statement by (account, external id); an identical one is left alone (its `updated_at` stays put). */
export async function upsertStatementRow(tx: Executor, accountId: number, externalId: string, fields: StatementValues): Promise<Written> {
  const [row] = await tx
    .insert(statements)
    .values({ id: `st_${randomBytes(9).toString('base64url')}`, accountId, externalId, ...fields })
    .onConflictDoUpdate({
      target: [statements.accountId, statements.externalId],
      set: { ...fields, updatedAt: sql`now()` },
      setWhere: differsFromOffered(statements, Object.keys(fields)),
    })
    .returning({ id: statements.id, created: sql<boolean>`(xmax = 0)` });
  return row;
}

export async function statementByExternalId(tx: Executor, accountId: number, externalId: string): Promise<StatementRow | undefined> {
  const [row] = await tx
    .select()
    .from(statements)
    .where(and(eq(statements.accountId, accountId), eq(statements.externalId, externalId)));
  return row;
}

/** A payment by (account, external id); an identical one is left alone. */
export async function upsertPaymentRow(tx: Executor, accountId: number, externalId: string, fields: PushedPaymentValues): Promise<Written> {
  const [row] = await tx
    .insert(payments)
    .values({ id: `pay_${randomBytes(9).toString('base64url')}`, accountId, externalId, ...fields })
    .onConflictDoUpdate({
      target: [payments.accountId, payments.externalId],
      set: { ...fields, updatedAt: sql`now()` },
      setWhere: differsFromOffered(payments, Object.keys(fields)),
    })
    .returning({ id: payments.id, created: sql<boolean>`(xmax = 0)` });
  return row;
}

export async function paymentByExternalId(tx: Executor, accountId: number, externalId: string): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.externalId, externalId)));
  return row;
}

/** An order's own fields by (account, external id); an identical one is left alone and nothing is returned. */
export async function upsertOrderRow(
  tx: Executor,
  accountId: number,
  externalId: string,
  fields: OrderValues,
): Promise<(OrderRow & { created: boolean }) | undefined> {
  const [row] = await tx
    .insert(orders)
    .values({ accountId, externalId, ...fields })
    .onConflictDoUpdate({
      target: [orders.accountId, orders.externalId],
      set: { ...fields, updatedAt: sql`now()` },
      setWhere: differsFromOffered(orders, Object.keys(fields)),
    })
    .returning({ ...getTableColumns(orders), created: sql<boolean>`(xmax = 0)` });
  return row;
}

export async function orderByExternalId(tx: Executor, accountId: number, externalId: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.externalId, externalId)));
  return row;
}

/** The items of these orders, oldest first. */
export function itemsOfOrders(db: Executor, accountId: number, orderIds: number[]): Promise<OrderItemRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.accountId, accountId), inArray(orderItems.orderId, orderIds)))
    .orderBy(asc(orderItems.id));
}

/** The order's items replaced by these, in this order. */
export async function replaceOrderItems(tx: Executor, accountId: number, orderId: number, wanted: OrderItemValues[]): Promise<OrderItemRow[]> {
  await tx.delete(orderItems).where(and(eq(orderItems.accountId, accountId), eq(orderItems.orderId, orderId)));
  if (wanted.length === 0) return [];
  const inserted = await tx
    .insert(orderItems)
    .values(wanted.map((values) => ({ ...values, accountId, orderId })))
    .returning();
  return inserted.sort((a, b) => a.id - b.id);
}

/** The order moves in the change feed. */
export async function moveOrder(tx: Executor, orderId: number): Promise<OrderRow> {
  const [moved] = await tx
    .update(orders)
    .set({ updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning();
  return moved!;
}

/** A page of the account's statements by last change (the provider's change feed); `limit` rows and one more. */
export function statementsChangedAfter(db: Executor, accountId: number, position: FeedPosition, limit: number) {
  return db
    .select({ row: statements, cursorMicros: positionMicros(statements.updatedAt) })
    .from(statements)
    .where(and(eq(statements.accountId, accountId), afterPosition(position, statements.updatedAt, statements.id)))
    .orderBy(asc(statements.updatedAt), asc(statements.id))
    .limit(limit + 1);
}

/** A page of the account's payments by last change, those made in the portal included; `limit` rows and one more. */
export function paymentsChangedAfter(db: Executor, accountId: number, position: FeedPosition, limit: number) {
  return db
    .select({ row: payments, cursorMicros: positionMicros(payments.updatedAt) })
    .from(payments)
    .where(and(eq(payments.accountId, accountId), afterPosition(position, payments.updatedAt, payments.id)))
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(limit + 1);
}

/** A page of the account's orders by last change; `limit` rows and one more. */
export function ordersChangedAfter(db: Executor, accountId: number, position: FeedPosition, limit: number) {
  return db
    .select({ row: orders, cursorMicros: positionMicros(orders.updatedAt) })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), afterPosition(position, orders.updatedAt, orders.id)))
    .orderBy(asc(orders.updatedAt), asc(orders.id))
    .limit(limit + 1);
}
