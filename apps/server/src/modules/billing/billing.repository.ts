import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { accountDirectory, billingAccounts, orderItems, orders, payments, statements } from '../../db/schema/index.js';

export type BillingAccountRow = typeof billingAccounts.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type StatementRow = typeof statements.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

/** The caller's billing account by its billing id: another account's id finds nothing. */
export async function findBillingAccount(db: Executor, accountId: number, billingId: string): Promise<BillingAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(and(eq(billingAccounts.id, billingId), eq(billingAccounts.accountId, accountId)));
  return row;
}

/**
 * The same, locked until the transaction ends: every change of balance or card, and every charge,
 * happens under this lock, so two requests for one account (a double-submitted payment, auto-pay
 * on two instances) run one after the other.
 */
export async function lockBillingAccount(db: Executor, accountId: number, billingId: string): Promise<BillingAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(and(eq(billingAccounts.id, billingId), eq(billingAccounts.accountId, accountId)))
    .for('update');
  return row;
}

export async function updateBillingAccount(db: Executor, billingId: string, values: Partial<typeof billingAccounts.$inferInsert>): Promise<BillingAccountRow> {
  const [row] = await db.update(billingAccounts).set(values).where(eq(billingAccounts.id, billingId)).returning();
  return row!;
}

export async function listPayments(db: Executor, accountId: number): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.accountId, accountId)).orderBy(desc(payments.createdAt), desc(payments.id));
}

export async function findPayment(db: Executor, accountId: number, paymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.id, paymentId)));
  return row;
}

export async function paymentByKey(db: Executor, accountId: number, idempotencyKey: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), eq(payments.idempotencyKey, idempotencyKey)));
  return row;
}

export async function insertPayment(db: Executor, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/** Statements oldest first, with the paid payments, so each statement's balance can be carried forward. */
export async function statementHistory(db: Executor, accountId: number): Promise<{ statements: StatementRow[]; paid: PaymentRow[] }> {
  const [statementRows, paidRows] = await Promise.all([
    db.select().from(statements).where(eq(statements.accountId, accountId)).orderBy(asc(statements.createdAt), asc(statements.id)),
    db
      .select()
      .from(payments)
      .where(and(eq(payments.accountId, accountId), eq(payments.paymentStatus, 'Paid')))
      .orderBy(asc(payments.createdAt), asc(payments.id)),
  ]);
  return { statements: statementRows, paid: paidRows };
}

export async function listOrders(db: Executor, accountId: number, orderId?: number): Promise<Array<OrderRow & { items: OrderItemRow[] }>> {
  const orderRows = await db
    .select()
    .from(orders)
    .where(orderId === undefined ? eq(orders.accountId, accountId) : and(eq(orders.accountId, accountId), eq(orders.id, orderId)))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (orderRows.length === 0) return [];
  const items = await db
    .select()
    .from(orderItems)
    .where(
      and(
        eq(orderItems.accountId, accountId),
        inArray(
          orderItems.orderId,
          orderRows.map((o) => o.id),
        ),
      ),
    )
    .orderBy(asc(orderItems.id));
  return orderRows.map((order) => ({ ...order, items: items.filter((item) => item.orderId === order.id) }));
}

/** Accounts whose auto-pay may be due: on, with something to pay. The runner decides per cycle. */
export async function autoPayCandidates(db: Executor): Promise<Array<Pick<BillingAccountRow, 'id' | 'accountId'>>> {
  return db
    .select({ id: billingAccounts.id, accountId: billingAccounts.accountId })
    .from(billingAccounts)
    .where(and(eq(billingAccounts.automaticPayments, true), sql`${billingAccounts.balance} > 0`))
    .orderBy(asc(billingAccounts.id));
}

/**
 * The same row as lockBillingAccount, but skipped when another runner holds it: two instances
 * running auto-pay at once each take different accounts instead of queueing on the same one.
 */
export async function claimBillingAccount(db: Executor, billingId: string): Promise<BillingAccountRow | undefined> {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.id, billingId)).for('update', { skipLocked: true });
  return row;
}

/** The auto-pay attempts of one cycle (their idempotency keys share the cycle's prefix). */
export async function autoPayAttempts(db: Executor, accountId: number, cyclePrefix: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.accountId, accountId), sql`${payments.idempotencyKey} LIKE ${`${cyclePrefix}%`}`))
    .orderBy(asc(payments.createdAt));
}

/** The account's name for auto-pay's event and mails, from the accounts module's published view (decision 0042). */
export async function accountNameOf(db: Executor, accountId: number): Promise<string> {
  const [row] = await db.select({ name: accountDirectory.name }).from(accountDirectory).where(eq(accountDirectory.id, accountId));
  return row?.name ?? '';
}
