import { and, lt, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { oneTimeTokens, passwordResetTokens, rateLimits, refreshTokens, webhookDeliveries, webhookEvents } from '../../db/schema/index.js';

/** Expired rows are kept a day past their end, so an investigation of a fresh incident still finds them. */
const GRACE = sql`now() - interval '1 day'`;
/** Webhook events (and their deliveries and attempts) are kept this long for the provider to read back (docs/decisions/0026). */
export const WEBHOOK_EVENTS_KEPT_DAYS = 30;

export interface SweepCounts {
  refreshTokens: number;
  passwordResetTokens: number;
  oneTimeTokens: number;
  rateLimits: number;
  webhookEvents: number;
}

/**
 * Deletes tokens and throttling windows that can never be used again, and webhook events older
 * than WEBHOOK_EVENTS_KEPT_DAYS that nothing still waits to deliver (a disabled endpoint's). The audit log is kept.
 */
export async function sweepExpired(db: Database): Promise<SweepCounts> {
  const waiting = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(sql`${webhookDeliveries.eventId} = ${webhookEvents.id} AND ${webhookDeliveries.status} IN ('pending', 'failed')`);
  const [refresh, reset, oneTime, windows, events] = await Promise.all([
    db.delete(refreshTokens).where(lt(refreshTokens.familyExpiresAt, GRACE)).returning({ id: refreshTokens.id }),
    db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, GRACE)).returning({ id: passwordResetTokens.id }),
    db.delete(oneTimeTokens).where(lt(oneTimeTokens.expiresAt, GRACE)).returning({ id: oneTimeTokens.id }),
    db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, GRACE)).returning({ key: rateLimits.key }),
    db
      .delete(webhookEvents)
      .where(and(lt(webhookEvents.createdAt, sql`now() - ${WEBHOOK_EVENTS_KEPT_DAYS} * interval '1 day'`), notExists(waiting)))
      .returning({ id: webhookEvents.id }),
  ]);
  return { refreshTokens: refresh.length, passwordResetTokens: reset.length, oneTimeTokens: oneTime.length, rateLimits: windows.length, webhookEvents: events.length };
}
