import type { WebhookDeliveryStatus, WebhookEventType } from '@portal/contract';
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.js';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;

export async function insertEndpoint(db: Executor, values: typeof webhookEndpoints.$inferInsert): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  return row!;
}

export const listEndpoints = (db: Executor): Promise<EndpointRow[]> => db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.id));

export async function findEndpoint(db: Executor, id: number): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function setEndpointEnabled(db: Executor, id: number, enabled: boolean): Promise<EndpointRow | undefined> {
  const [row] = await db.update(webhookEndpoints).set({ enabled }).where(eq(webhookEndpoints.id, id)).returning();
  return row;
}

/** Its deliveries and their attempts go with it (foreign keys cascade); the events stay. */
export async function deleteEndpoint(db: Executor, id: number): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: webhookEvents.type,
  accountId: webhookEvents.accountId,
  endpointId: webhookDeliveries.endpointId,
  status: webhookDeliveries.status,
  attemptCount: webhookDeliveries.attemptCount,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
};
export interface DeliveryRow {
  id: number;
  eventId: string;
  eventType: WebhookEventType;
  accountId: number | null;
  endpointId: number;
  status: WebhookDeliveryStatus;
  attemptCount: number;
  nextAttemptAt: Date | null;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAt: Date;
}

/** The newest deliveries first, each with its attempts (oldest first). */
export async function listDeliveries(
  db: Executor,
  filter: { endpointId?: number; status?: WebhookDeliveryStatus; id?: number; limit: number },
): Promise<Array<DeliveryRow & { attempts: AttemptRow[] }>> {
  const conditions: SQL[] = [];
  if (filter.id !== undefined) conditions.push(eq(webhookDeliveries.id, filter.id));
  if (filter.endpointId !== undefined) conditions.push(eq(webhookDeliveries.endpointId, filter.endpointId));
  if (filter.status !== undefined) conditions.push(eq(webhookDeliveries.status, filter.status));
  const deliveries: DeliveryRow[] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.id))
    .limit(filter.limit);
  const attempts = deliveries.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            deliveries.map((d) => d.id),
          ),
        )
        .orderBy(asc(webhookAttempts.id))
    : [];
  return deliveries.map((delivery) => ({ ...delivery, attempts: attempts.filter((a) => a.deliveryId === delivery.id) }));
}

/** Due now, whatever it came to: the schedule goes on from here (a dead delivery gets this one more attempt). */
export async function makeDeliveryDue(db: Executor, id: number): Promise<boolean> {
  const rows = await db
    .update(webhookDeliveries)
    .set({ status: sql`CASE WHEN ${webhookDeliveries.attemptCount} = 0 THEN 'pending' ELSE 'failed' END`, nextAttemptAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(webhookDeliveries.id, id))
    .returning({ id: webhookDeliveries.id });
  return rows.length > 0;
}

export interface ClaimedDelivery {
  id: number;
  /** The attempt this claim makes (attempt_count after the claim). */
  attempt: number;
  eventId: string;
  eventCreatedAt: Date;
  body: string;
  url: string;
  secretSealed: string;
  secretKeyId: string;
}

/**
 * Takes up to `limit` due deliveries of enabled endpoints for this worker. Rows another worker is
 * claiming are skipped (SKIP LOCKED), and a claimed row's next_attempt_at moves to the end of
 * its lease, so no other worker takes it while the attempt runs. If this instance dies
 * mid-attempt, the lease ends and another instance tries again (at least once).
 */
export async function claimDueDeliveries(db: Executor, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const result = await db.execute<{
    id: string;
    attempt: number;
    event_id: string;
    event_created_at: Date | string;
    body: string;
    url: string;
    secret_sealed: string;
    secret_key_id: string;
  }>(sql`
    WITH due AS (
      SELECT d.id
        FROM webhook_deliveries d
        JOIN webhook_endpoints e ON e.id = d.endpoint_id AND e.enabled
       WHERE d.status IN ('pending', 'failed') AND d.next_attempt_at <= now()
       ORDER BY d.next_attempt_at
       LIMIT ${limit}
         FOR UPDATE OF d SKIP LOCKED
    )
    UPDATE webhook_deliveries d
       SET attempt_count = d.attempt_count + 1,
           next_attempt_at = now() + ${leaseMs} * interval '1 millisecond',
           updated_at = now()
      FROM due, webhook_events ev, webhook_endpoints e
     WHERE d.id = due.id AND ev.id = d.event_id AND e.id = d.endpoint_id
    RETURNING d.id, d.attempt_count AS attempt, ev.id AS event_id, ev.created_at AS event_created_at, ev.payload::text AS body,
              e.url, e.secret_sealed, e.secret_key_id`);
  return result.rows.map((row) => ({
    id: Number(row.id),
    attempt: row.attempt,
    eventId: row.event_id,
    eventCreatedAt: new Date(row.event_created_at),
    body: row.body,
    url: row.url,
    secretSealed: row.secret_sealed,
    secretKeyId: row.secret_key_id,
  }));
}

/**
 * Keeps one attempt and what it means for the delivery. The delivery changes only if no later
 * claim took it meanwhile (its lease ran out during a very slow attempt); the attempt is kept either way.
 */
export async function recordAttempt(
  db: Database,
  claim: { id: number; attempt: number },
  attempt: { attemptedAt: Date; statusCode: number | null; durationMs: number; error: string | null },
  next: { status: 'succeeded' | 'failed' | 'dead'; nextAttemptAt: Date | null },
): Promise<void> {
  await inTransaction(db, async (tx) => {
    await tx.insert(webhookAttempts).values({ deliveryId: claim.id, ...attempt });
    await tx
      .update(webhookDeliveries)
      .set({ status: next.status, nextAttemptAt: next.nextAttemptAt, lastStatusCode: attempt.statusCode, lastError: attempt.error, updatedAt: sql`now()` })
      .where(and(eq(webhookDeliveries.id, claim.id), eq(webhookDeliveries.attemptCount, claim.attempt)));
  });
}

/** Endpoints whose secret another vault key sealed (after a key rotation), locked for this transaction. */
export const endpointsSealedElsewhere = (tx: Executor, currentKeyId: string) =>
  tx.select().from(webhookEndpoints).where(ne(webhookEndpoints.secretKeyId, currentKeyId)).for('update', { skipLocked: true });

export async function writeSealedSecret(tx: Executor, id: number, secretSealed: string, secretKeyId: string): Promise<void> {
  await tx.update(webhookEndpoints).set({ secretSealed, secretKeyId }).where(eq(webhookEndpoints.id, id));
}
