import type { Database } from '../../db/client.js';
import { sweepKeptMails } from '../../db/mail-outbox.repository.js';
import { sweepOldWindows } from '../../db/rate-limits.repository.js';
import { sweepOldDomainEvents } from '../../events/domain-events.repository.js';
import { sweepExpiredTokens } from '../auth/index.js';
import { sweepNotifications, sweepReminders } from '../notifications/index.js';
import { sweepAbandonedUploads } from '../tickets/index.js';
import { sweepOldWebhookEvents } from '../webhooks/index.js';

export interface SweepCounts {
  refreshTokens: number;
  passwordResetTokens: number;
  oneTimeTokens: number;
  rateLimits: number;
  webhookEvents: number;
  mails: number;
  domainEvents: number;
  notifications: number;
  reminders: number;
  /** Ticket attachments uploaded and never sent with a ticket or reply (docs/decisions/0047). */
  abandonedUploads: number;
}

/**
 * Deletes what can never be used again, each by the owner of its table (decision 0042), which also says how long it
 * keeps its rows: expired tokens, throttling windows, webhook events past their keeping, mails past theirs, old
 * domain events, notifications read 90 days ago or unread for a year, reminders' keys after 400 days, uploads never
 * attached. The audit log is kept.
 */
export async function sweepExpired(db: Database): Promise<SweepCounts> {
  const [tokens, rateLimits, webhookEvents, mails, domainEvents, notifications, reminders, abandonedUploads] = await Promise.all([
    sweepExpiredTokens(db),
    sweepOldWindows(db),
    sweepOldWebhookEvents(db),
    sweepKeptMails(db),
    sweepOldDomainEvents(db),
    sweepNotifications(db),
    sweepReminders(db),
    sweepAbandonedUploads(db),
  ]);
  return { ...tokens, rateLimits, webhookEvents, mails, domainEvents, notifications, reminders, abandonedUploads };
}
