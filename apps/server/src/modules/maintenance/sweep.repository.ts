import { and, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  domainEvents,
  mailOutbox,
  oneTimeTokens,
  passwordResetTokens,
  rateLimits,
  refreshTokens,
  webhookDeliveries,
  webhookEvents,
} from '../../db/schema/index.js';

/** Expired rows are kept a day past their end, so an investigation of a fresh incident still finds them. */
const GRACE = sql`now() - interval '1 day'`;
/** Webhook events (and their deliveries and attempts) are kept this long for the provider to read back (docs/decisions/0026). */
export const WEBHOOK_EVENTS_KEPT_DAYS = 30;
/**
 * A mail's body can hold a live invitation or password-reset link, so the outbox is not an archive:
 * a delivered mail is kept a day (to answer "did it go out?"), one that failed a week (to look into why).
 * A pending mail is never deleted.
 */
/** Domain events are kept this long (decision 0041): their consumers act in the event's transaction, and the audit log is the lasting record. */
export const DOMAIN_EVENTS_KEPT_DAYS = 30;
const DELIVERED_MAIL_KEPT = sql`now() - interval '1 day'`;
const FAILED_MAIL_KEPT = sql`now() - interval '7 days'`;

export interface SweepCounts {
  refreshTokens: number;
  passwordResetTokens: number;
  oneTimeTokens: number;
  rateLimits: number;
  webhookEvents: number;
  mails: number;
  domainEvents: number;
}

/**
 * Deletes tokens and throttling windows that can never be used again, and webhook events older
 * than WEBHOOK_EVENTS_KEPT_DAYS that nothing still waits to deliver (a disabled endpoint's), and mails
 * past their keeping time, and domain events older than DOMAIN_EVENTS_KEPT_DAYS. The audit log is kept.
 */
export async function sweepExpired(db: Database): Promise<SweepCounts> {
  const waiting = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(sql`${webhookDeliveries.eventId} = ${webhookEvents.id} AND ${webhookDeliveries.status} IN ('pending', 'failed')`);
  const [refresh, reset, oneTime, windows, events, mails, happened] = await Promise.all([
    db.delete(refreshTokens).where(lt(refreshTokens.familyExpiresAt, GRACE)).returning({ id: refreshTokens.id }),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, GRACE)).returning({ id: passwordResetTokens.id }),
    db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, GRACE)).returning({ id: oneTimeTokens.id }),
    db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, GRACE)).returning({ key: rateLimits.key }),
    db
      .delete(webhookEvents)
      .where(and(lt(webhookEvents.createdAt, sql`now() - ${WEBHOOK_EVENTS_KEPT_DAYS} * interval '1 day'`), notExists(waiting)))
      .returning({ id: webhookEvents.id }),
    db
      .delete(mailOutbox)
      .where(
        or(
          and(inArray(mailOutbox.status, ['sent', 'logged']), lt(mailOutbox.sentAt, DELIVERED_MAIL_KEPT)),
          and(sql`${mailOutbox.status} = 'failed'`, lt(mailOutbox.createdAt, FAILED_MAIL_KEPT)),
        ),
      )
      .returning({ id: mailOutbox.id }),
    db
      .delete(domainEvents)
      .where(lt(domainEvents.occurredAt, sql`now() - ${DOMAIN_EVENTS_KEPT_DAYS} * interval '1 day'`))
      .returning({ id: domainEvents.id }),
  ]);
  return {
    refreshTokens: refresh.length,
    passwordResetTokens: reset.length,
    oneTimeTokens: oneTime.length,
    rateLimits: windows.length,
    webhookEvents: events.length,
    mails: mails.length,
    domainEvents: happened.length,
  };
}
