import type { Database } from '../../db/client.js';
import { sweepKeptMails } from '../../db/mail-outbox.repository.js';
import { sweepOldWindows } from '../../db/rate-limits.repository.js';
import { sweepOldDomainEvents } from '../../events/domain-events.repository.js';
import { sweepExpiredTokens } from '../auth/index.js';
import { sweepPendingSignIns } from '../identity-providers/index.js';
import { sweepNotifications, sweepReminders } from '../notifications/index.js';
import { sweepAbandonedUploads, sweepOrphanedBytes } from '../tickets/index.js';
import type { AttachmentStorage } from '../../platform/attachment-storage.js';
import { sweepOldWebhookEvents } from '../webhooks/index.js';

export interface SweepCounts {
  refreshTokens: number;
  passwordResetTokens: number;
  oneTimeTokens: number;
  passkeyChallenges: number;
  rateLimits: number;
  webhookEvents: number;
  mails: number;
  domainEvents: number;
  notifications: number;
  reminders: number;
  /** Ticket attachments uploaded and never sent with a ticket or reply (docs/decisions/0047). */
  abandonedUploads: number;
  /** Stored bytes no attachment names, a day old: an upload whose process died or whose connection dropped midway. */
  orphanedFiles: number;
  /** Sign-ins sent to an account's identity provider that never came back (decision 0051). */
  identityProviderSignIns: number;
}

/**
 * Deletes what can never be used again, each by the owner of its table (decision 0042), which also says how long it
 * keeps its rows: expired tokens, throttling windows, webhook events past their keeping, mails past theirs, old
 * domain events, notifications read 90 days ago or unread for a year, reminders' keys after 400 days, uploads never
 * attached and the bytes of uploads that died midway (in the attachments' store). The audit log is kept.
 */
export async function sweepExpired(db: Database, attachmentStorage: AttachmentStorage): Promise<SweepCounts> {
  const [tokens, rateLimits, webhookEvents, mails, domainEvents, notifications, reminders, abandonedUploads, identityProviderSignIns] = await Promise.all([
    sweepExpiredTokens(db),
    sweepOldWindows(db),
    sweepOldWebhookEvents(db),
    sweepKeptMails(db),
    sweepOldDomainEvents(db),
    sweepNotifications(db),
    sweepReminders(db),
    sweepAbandonedUploads(db, attachmentStorage),
    sweepPendingSignIns(db),
  ]);
  // After the abandoned uploads: what they left in the store is then no row's either.
  const orphanedFiles = await sweepOrphanedBytes(db, attachmentStorage);
  return { ...tokens, rateLimits, webhookEvents, mails, domainEvents, notifications, reminders, abandonedUploads, orphanedFiles, identityProviderSignIns };
}
