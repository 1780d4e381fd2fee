import { AUTOPAY_QUEUE, SWEEP_QUEUE } from '../modules/maintenance/scheduled-jobs.js';
import { WEBHOOK_DELIVERY_QUEUE } from '../modules/webhooks/webhook-events.repository.js';
import type { QueueDefinition } from '../platform/job-queue.js';
import { MAIL_DELIVERY_QUEUE } from '../platform/mail.js';
import { DIGEST_QUEUE, REMINDERS_QUEUE } from '../modules/notifications/index.js';
import { THUMBNAIL_QUEUE } from '../modules/tickets/index.js';

/**
 * Every queue of the portal's background work (decisions 0040, 0041), made before the first request may enqueue a
 * job (app.ts) and worked by every instance (start-background-work.ts). A job that throws is tried again, later each
 * time, up to its retry limit; one whose instance dies is given to another once it expires.
 */
export const PORTAL_QUEUES: readonly QueueDefinition[] = [
  { name: SWEEP_QUEUE },
  { name: AUTOPAY_QUEUE },
  // Each reminder is claimed by its key, so a run tried again sends none twice.
  { name: REMINDERS_QUEUE },
  // Each contact's digest of a day is claimed by its key, likewise.
  { name: DIGEST_QUEUE },
  // A drain sends every due delivery; a failed attempt's retry is its own job at its time (delivery-schedule.ts),
  // so the queue's retries only cover a drain that could not claim (the database was away).
  { name: WEBHOOK_DELIVERY_QUEUE, options: { retryLimit: 5, expireInSeconds: 5 * 60 } },
  // One mail per job. A failing SMTP server delays a mail, never loses it (issue 35): the mail stays pending with the
  // error, and the job is tried again after 30 s, 1 min, 2 min, … (backoff), for about three weeks in all.
  { name: MAIL_DELIVERY_QUEUE, options: { retryLimit: 16, retryDelay: 15, expireInSeconds: 5 * 60 } },
  // One image's thumbnail per job (docs/decisions/0047); a refused image is marked, not retried.
  { name: THUMBNAIL_QUEUE, options: { retryLimit: 2, expireInSeconds: 2 * 60 } },
];
