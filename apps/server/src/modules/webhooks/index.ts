/**
 * The webhooks capability's public entry (decision 0041): the outbox the webhooks consumer writes to, and the queue
 * its worker sends from. The webhook tables are this module's.
 */
export { recordEvent as recordWebhookEvent, SYSTEM_ACTOR, WEBHOOK_DELIVERY_QUEUE } from './webhook-events.repository.js';
export type { WebhooksService } from './webhooks.service.js';
export { sweepOldWebhookEvents, WEBHOOK_EVENTS_KEPT_DAYS } from './webhook-retention.repository.js';
