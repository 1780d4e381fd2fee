import type { ReminderData } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { SYSTEM } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { dueBillingReminders } from '../billing/index.js';
import { dueInventoryReminders } from '../inventory/index.js';
import { claimReminder } from './reminders.repository.js';

/** The job queue's queue of the reminders run (decision 0046). */
export const REMINDERS_QUEUE = 'notification-reminders';
/** Hourly: a reminder goes out within the hour its item comes into range, whichever instance runs it. */
export const REMINDERS_CRON = '17 * * * *';

/**
 * Sends each reminder that is due once (issue 35): the owners of the items say what is due at `now` (billing: auto-pay
 * and the stored card; inventory: warranties and credentials), and each is claimed by its key and recorded as a
 * `reminder.due` event in one transaction, so a run that fails halfway or runs on two instances sends none twice.
 * Answers how many were sent.
 */
export function createRemindersRunner({ db, events }: { db: Database; events: EventRecorder }) {
  return {
    async runOnce(now = new Date()): Promise<number> {
      const due: Array<{ accountId: number } & ReminderData> = [
        ...(await dueBillingReminders(db, now)),
        ...(await dueInventoryReminders(db, now.toISOString().slice(0, 10))),
      ];
      let sent = 0;
      for (const { accountId, ...reminder } of due) {
        const claimed = await inTransaction(db, async (tx) => {
          if (!(await claimReminder(tx, reminder.key, accountId))) return false;
          await events.record(tx, { type: 'reminder.due', accountId, actor: SYSTEM, data: reminder });
          return true;
        });
        if (claimed) sent += 1;
      }
      return sent;
    },
  };
}
export type RemindersRunner = ReturnType<typeof createRemindersRunner>;
