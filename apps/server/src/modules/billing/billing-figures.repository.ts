import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { billingAccounts, payments } from '../../db/schema/index.js';

/* The billing figures the dashboard shows. */

export async function billingFigures(db: Executor, accountId: number) {
  const [row] = await db
    .select({ balance: billingAccounts.balance, pastDueBalance: billingAccounts.pastDueBalance, daysPastDue: billingAccounts.daysPastDue })
    .from(billingAccounts)
    .where(eq(billingAccounts.accountId, accountId));
  return row;
}

export async function recentPayments(db: Executor, accountId: number, limit: number) {
  return db
    .select({
      id: payments.id,
      amount: payments.amount,
      status: payments.paymentStatus,
      type: payments.paymentType,
      last4: payments.last4,
      at: payments.createdAt,
    })
    .from(payments)
    .where(eq(payments.accountId, accountId))
    .orderBy(desc(payments.createdAt))
    .limit(limit);
}
