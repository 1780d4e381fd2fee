import type { AppConfig } from '../config/index.js';
import type { Container } from '../container.js';
import type { DatabaseHandle } from '../db/client.js';
import { scheduleMaintenance } from '../modules/maintenance/scheduled-jobs.js';
import { WEBHOOK_DELIVERY_QUEUE } from '../modules/webhooks/webhook-events.repository.js';
import { startJobQueue, type JobQueue } from '../platform/job-queue.js';
import type { Logger } from '../platform/logger.js';
import { MAIL_DELIVERY_QUEUE } from '../platform/mail.js';
import { PORTAL_QUEUES } from './queues.js';
import { createDigestRunner, createRemindersRunner, DIGEST_CRON, DIGEST_QUEUE, REMINDERS_CRON, REMINDERS_QUEUE } from '../modules/notifications/index.js';
import { THUMBNAIL_QUEUE } from '../modules/tickets/index.js';

/** Every minute, a drain of the webhook deliveries in case a lease ran out with no job left to retry it. */
const WEBHOOK_SAFETY_NET_CRON = '* * * * *';

/**
 * The instance's share of the background work (decisions 0040, 0041): it takes jobs of every queue the portal has,
 * as every other instance does, and each job runs on one of them.
 */
export async function startBackgroundWork({
  container,
  database,
  config,
  logger,
  clock = () => new Date(),
}: {
  container: Container;
  database: DatabaseHandle;
  config: AppConfig;
  logger: Logger;
  /** What time the scheduled tasks take it to be (tests move it; decision 0046's reminders are tested with it). */
  clock?: () => Date;
}): Promise<JobQueue> {
  const queue = await startJobQueue({ pool: database.pool, queues: PORTAL_QUEUES, logger });
  const reminders = createRemindersRunner({ db: database.db, events: container.events });
  await scheduleMaintenance(queue, {
    db: database.db,
    logger,
    attachmentStorage: container.attachmentStorage,
    autoPay: config.autoPayEveryMinutes > 0 ? { everyMinutes: config.autoPayEveryMinutes, runOnce: () => container.autoPay.runOnce() } : undefined,
    reminders: { queue: REMINDERS_QUEUE, cron: REMINDERS_CRON, runOnce: () => reminders.runOnce(clock()) },
  });
  // The daily digests, each in its reader's own morning (decision 0046).
  const digest = createDigestRunner({
    db: database.db,
    mailer: container.mailer,
    portal: { providerName: config.provider.name, providerColor: config.provider.color, portalUrl: config.publicUrl },
  });
  await queue.schedule(DIGEST_QUEUE, DIGEST_CRON, async () => {
    const mailed = await digest.runOnce(clock());
    if (mailed > 0) logger.info({ mailed }, 'daily digests mailed');
  });
  // Ten mails a fetch: a bulk import's invitations go out in a few queries. Delivering is idempotent (a mail no longer
  // pending is skipped), so a batch tried again after a failure sends nothing twice.
  await queue.work<{ outbox_id: number }>(MAIL_DELIVERY_QUEUE, (job) => container.mailer.deliver(job.outbox_id), { batchSize: 10 });
  // Thumbnails of uploaded images (decision 0047), sharp's work kept out of the requests.
  await queue.work<{ attachment_id: number }>(THUMBNAIL_QUEUE, (job) => container.attachments.makeThumbnail(job.attachment_id));
  // WEBHOOK_POLL_MS=0 leaves the deliveries to the other instances (docs/decisions/0026).
  if (config.webhooks.pollMs > 0) {
    await queue.schedule(
      WEBHOOK_DELIVERY_QUEUE,
      WEBHOOK_SAFETY_NET_CRON,
      async () => {
        await container.webhookWorker.drain();
      },
      { pollingIntervalSeconds: Math.max(0.5, config.webhooks.pollMs / 1000) },
    );
  }
  return queue;
}
