import { newEventId } from '../../events/domain-event.js';
import { webhookEventData, type WebhookEventData, type WebhookEventType } from '@portal/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { executeSqlOn } from '../../db/execute-sql.js';
import { enqueueJobs } from '../../platform/job-queue.js';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@portal/contract';

export interface WebhookEvent<T extends WebhookEventType> {
  /** The domain event's id when made from one (decision 0041): a second write of the same event is a no-op. */
  id?: string;
  type: T;
  accountId: number;
  data: WebhookEventData<T>;
}

/** The job queue's queue that sends due deliveries (webhook-worker.ts works it). */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

export const SYSTEM_ACTOR = { contact_id: null, contact_external_id: null, email: null, impersonated_by: null };

/**
 * Writes an event to the webhook outbox in the caller's transaction (docs/decisions/0026): it is
 * kept exactly when the change it reports commits. One statement writes the event, with the
 * account's id, external id, name and billing id added to its data, and a pending delivery for every enabled
 * endpoint subscribed to its type. The data is parsed by the contract's schema of that type,
 * which drops any field it does not name, so nothing unintended (a secret) is ever sent.
 */
export async function recordEvent<T extends WebhookEventType>(executor: Executor, event: WebhookEvent<T>): Promise<{ id: string; deliveries: number }> {
  const id = event.id ?? newEventId();
  const data = webhookEventData[event.type].parse(event.data);
  const timestamp = new Date().toISOString();
  const { rows } = await executor.execute<{ deliveries: number }>(sql`
    WITH event AS (
      INSERT INTO webhook_events (id, type, account_id, payload)
      SELECT ${id}, ${event.type}, a.id,
             jsonb_build_object(
               'type', ${event.type}::text,
               'timestamp', ${timestamp}::text,
               'data', jsonb_build_object('account', jsonb_build_object('id', a.id, 'external_id', a.external_id, 'name', a.name, 'billing_id', a.billing_api_id)) || ${JSON.stringify(data)}::jsonb)
        FROM account_directory a
       WHERE a.id = ${event.accountId}
      ON CONFLICT (id) DO NOTHING
      RETURNING id, type
    ), delivery AS (
      INSERT INTO webhook_deliveries (event_id, endpoint_id)
      SELECT event.id, endpoint.id
        FROM event
        JOIN webhook_endpoints endpoint ON endpoint.enabled AND event.type = ANY (endpoint.events)
      RETURNING 1
    )
    SELECT count(*)::int AS deliveries FROM delivery`);
  // The deliveries are sent by a job enqueued with them, so they go out as soon as the change commits, on any instance.
  if ((rows[0]?.deliveries ?? 0) > 0) await enqueueJobs(executeSqlOn(executor), [{ queue: WEBHOOK_DELIVERY_QUEUE, data: {} }]);
  return { id, deliveries: rows[0]?.deliveries ?? 0 };
}
