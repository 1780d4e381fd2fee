import type { Database } from '../../db/client.js';
import type { JobQueue } from '../../platform/job-queue.js';
import type { Logger } from '../../platform/logger.js';
import type { AttachmentStorage } from '../../platform/attachment-storage.js';
import { sweepExpired } from './sweep.js';

const HOUR_SECONDS = 60 * 60;
/** Expired tokens, throttling windows, old webhook events and delivered mails are deleted every 6 hours, from midnight UTC. */
export const SWEEP_EVERY_HOURS = 6;
export const SWEEP_QUEUE = 'sweep-expired';
export const AUTOPAY_QUEUE = 'autopay';

export interface MaintenanceTasks {
  db: Database;
  logger: Logger;
  /** Where attachments' bytes live, for the sweep of abandoned and broken uploads (docs/decisions/0047). */
  attachmentStorage: AttachmentStorage;
  /** Charges the automatic payments that are due (billing/autopay.ts); undefined leaves them to other instances. */
  autoPay?: { everyMinutes: number; runOnce: () => Promise<{ charged: number; failed: number }> };
  /** Sends the reminders that are due (notifications/reminders.ts), hourly. */
  reminders?: { cron: string; queue: string; runOnce: () => Promise<number> };
}

/**
 * The portal's periodic work on the job queue (decision 0040): each slot runs once across every instance, on
 * whichever claims it, and a run whose instance dies is taken over. The sweep also runs when the cluster first
 * starts in a slot, as it did before the queue, and still once per slot.
 */
export async function scheduleMaintenance(jobs: JobQueue, { db, logger, attachmentStorage, autoPay, reminders }: MaintenanceTasks): Promise<void> {
  await jobs.schedule(
    SWEEP_QUEUE,
    `0 */${SWEEP_EVERY_HOURS} * * *`,
    async () => {
      const deleted = await sweepExpired(db, attachmentStorage);
      logger.info({ deleted }, 'expired tokens, throttling windows, old webhook events and delivered mails deleted');
    },
    { slotSeconds: SWEEP_EVERY_HOURS * HOUR_SECONDS },
  );
  await jobs.runOncePerSlot(SWEEP_QUEUE);

  if (reminders) {
    await jobs.schedule(reminders.queue, reminders.cron, async () => {
      const sent = await reminders.runOnce();
      if (sent > 0) logger.info({ sent }, 'reminders sent');
    });
  }

  if (autoPay && autoPay.everyMinutes > 0) {
    await jobs.schedule(AUTOPAY_QUEUE, cronEvery(autoPay.everyMinutes), async () => {
      const summary = await autoPay.runOnce();
      if (summary.charged + summary.failed > 0) logger.info({ summary }, 'automatic payments run');
    });
  }
}

/**
 * A cron expression for "every `minutes` minutes" from midnight UTC (AUTOPAY_EVERY_MINUTES): minutes under an hour
 * step through each hour (a step that does not divide 60 restarts at the hour), whole hours through each day, and a
 * day or more runs daily at midnight.
 */
export function cronEvery(minutes: number): string {
  if (minutes < 60) return minutes <= 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  return '0 0 * * *';
}
