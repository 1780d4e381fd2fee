import { WEBHOOK_DELIVERY_STATUSES, type WebhookEventType } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from './columns.js';

/** The provider's receivers (docs/decisions/0026). The signing secret is sealed with the vault key: it must be read back to sign. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  description: text('description'),
  /** The event types it receives. */
  events: text('events').array().$type<WebhookEventType[]>().notNull(),
  /** The `whsec_…` secret, sealed (platform/secret-box.ts) under the vault key named by `secret_key_id`. */
  secretSealed: text('secret_sealed').notNull(),
  secretKeyId: text('secret_key_id').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * The outbox: one row per event, written in the transaction of the change it reports, so it
 * exists exactly when the change committed. No foreign key to the account on purpose: like the
 * audit log, an event outlives what it mentions. `payload` is the delivered body, fixed at write time.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** `evt_…`, sent as `webhook-id` so receivers can drop duplicates. */
    id: text('id').primaryKey(),
    type: text('type').$type<WebhookEventType>().notNull(),
    accountId: integer('account_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_created_at_idx').on(t.createdAt)],
);

/** One event to one endpoint: the queue the delivery worker claims from. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** pending: not tried yet · failed: will be tried again at next_attempt_at · succeeded · dead: given up. */
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    /** Attempts started; a claim counts one before the request is sent. */
    attemptCount: integer('attempt_count').notNull().default(0),
    /** When it is due (pending, failed) or, while an attempt runs, when its lease ends; null once settled. */
    nextAttemptAt: timestamptz('next_attempt_at').defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('webhook_deliveries_event_id_endpoint_id_key').on(t.eventId, t.endpointId),
    check('webhook_deliveries_status_check', oneOf(t.status, WEBHOOK_DELIVERY_STATUSES)),
    // The worker's claim: only what is still to be delivered is in this index.
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('pending', 'failed')`),
    index('webhook_deliveries_endpoint_id_status_idx').on(t.endpointId, t.status),
  ],
);

/** Every attempt of a delivery, kept for the provider to read. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamptz('attempted_at').notNull(),
    /** The receiver's HTTP status; null when no answer came (refused, timed out). */
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_id_idx').on(t.deliveryId)],
);
