import { and, lt, notExists, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { webhookDeliveries, webhookEvents } from '../../db/schema/index.js';

/** Webhook events (and their deliveries and attempts) are kept this long for the provider to read back (docs/decisions/0026). */
export const WEBHOOK_EVENTS_KEPT_DAYS = 30;

/** Deletes the webhook events older than WEBHOOK_EVENTS_KEPT_DAYS that nothing still waits to deliver (a disabled endpoint's). */
export async function sweepOldWebhookEvents(db: Executor): Promise<number> {
  const waiting = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(sql`${webhookDeliveries.eventId} = ${webhookEvents.id} AND ${webhookDeliveries.status} IN ('pending', 'failed')`);
  const deleted = await db
    .delete(webhookEvents)
    .where(and(lt(webhookEvents.createdAt, sql`now() - ${WEBHOOK_EVENTS_KEPT_DAYS} * interval '1 day'`), notExists(waiting)))
    .returning({ id: webhookEvents.id });
  return deleted.length;
}
