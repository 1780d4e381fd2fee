import { and, isNotNull } from 'drizzle-orm';
import type { ReminderData } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { billingAccounts } from '../../db/schema/index.js';
import { currentCycle } from './autopay.js';

/** An automatic payment is announced this many days before its cycle day. */
export const AUTOPAY_NOTICE_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The billing reminders due at `now` (issue 35): an automatic payment whose cycle day is at most three days away,
 * and a stored card that expires this month or next. Keys carry the cycle and the card, so each is reminded once,
 * and a new card or cycle again.
 */
export async function dueBillingReminders(db: Executor, now: Date): Promise<Array<{ accountId: number } & ReminderData>> {
  const rows = await db
    .select({
      id: billingAccounts.id,
      accountId: billingAccounts.accountId,
      automaticPayments: billingAccounts.automaticPayments,
      balance: billingAccounts.balance,
      cycleDay: billingAccounts.billingCycleMonthDate,
      last4: billingAccounts.cardLast4,
      expMonth: billingAccounts.cardExpMonth,
      expYear: billingAccounts.cardExpYear,
    })
    .from(billingAccounts)
    .where(and(isNotNull(billingAccounts.cardGatewayToken), isNotNull(billingAccounts.cardExpYear)));
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  const due: Array<{ accountId: number } & ReminderData> = [];
  for (const row of rows) {
    const expires = Number(row.expYear) * 12 + Number(row.expMonth) - 1;
    if (expires === thisMonth || expires === thisMonth + 1) {
      const lastDay = new Date(Date.UTC(Number(row.expYear), Number(row.expMonth), 0));
      due.push({
        accountId: row.accountId,
        kind: 'card_expiring',
        key: `card:${row.id}:${row.last4}:${row.expYear}-${row.expMonth}`,
        name: row.last4 ?? '',
        due_on: isoDate(lastDay),
        amount: null,
      });
    }
    if (row.automaticPayments && row.balance > 0) {
      // The next cycle day after today: the current cycle of a day three days on, if it began after today.
      const next = currentCycle(new Date(now.getTime() + AUTOPAY_NOTICE_DAYS * DAY_MS), row.cycleDay);
      if (isoDate(next.start) > isoDate(now)) {
        due.push({
          accountId: row.accountId,
          kind: 'autopay_due',
          key: `autopay:${row.id}:${next.id}`,
          name: row.last4 ?? '',
          due_on: isoDate(next.start),
          amount: row.balance,
        });
      }
    }
  }
  return due;
}
