import { lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notificationReminders } from '../../db/schema/index.js';

/**
 * Claims a reminder's key in the caller's transaction: true the first time, false once it was sent (by any instance).
 * `at` is the run's clock (a digest's next day starts there), the database's clock by default.
 */
export async function claimReminder(db: Executor, key: string, accountId: number, at?: Date): Promise<boolean> {
  const rows = await db
    .insert(notificationReminders)
    .values({ key, accountId, ...(at ? { sentAt: at } : {}) })
    .onConflictDoNothing()
    .returning({ key: notificationReminders.key });
  return rows.length > 0;
}

/** A reminder's key is kept 400 days: past every item's date, so none comes due again while it is remembered. */
export async function sweepReminders(db: Executor): Promise<number> {
  const deleted = await db
    .delete(notificationReminders)
    .where(lt(notificationReminders.sentAt, sql`now() - interval '400 days'`))
    .returning({ key: notificationReminders.key });
  return deleted.length;
}
