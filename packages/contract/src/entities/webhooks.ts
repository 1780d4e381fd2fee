import { z } from 'zod';

/**
 * What the portal tells the provider's systems (decision 0026, docs/webhooks.md). Each delivery is a
 * Standard Webhooks message `{ type, timestamp, data }`; `data` always carries the account.
 */
export const WEBHOOK_EVENT_TYPES = [
  'ticket.created',
  'ticket.reply',
  'ticket.entry_pushed',
  'ticket.resolved_by_customer',
  'ticket.reopened_by_customer',
  'ticket.rated',
  'profile.changed',
  'contact.created',
  'contact.deleted',
  'payment.succeeded',
  'payment.failed',
  'card.stored',
  'card.removed',
  'autopay.changed',
  'support_tool.downloaded',
  'credential.revealed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_EVENT_TYPE_UNKNOWN = `Unknown event type; the types are ${WEBHOOK_EVENT_TYPES.join(', ')}.`;
export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES, { error: WEBHOOK_EVENT_TYPE_UNKNOWN });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'dead'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * The provider's own id of an object, as its systems pushed it through the provider API, so a
 * receiver can match the event to its records; null for an object created in the portal.
 */
const externalId = z.string().nullable();

/** The account an event happened in, as it was then (added to every event by the server). */
export const webhookAccount = z.object({ id: z.number().int(), external_id: externalId, name: z.string(), billing_id: z.string().nullable() });

/** Who acted: a contact of the account (and the provider's staff member impersonating them), or the portal itself. */
export const webhookActor = z.object({
  contact_id: z.number().int().nullable(),
  contact_external_id: externalId,
  email: z.string().nullable(),
  impersonated_by: z.string().nullable(),
});

const ticketRef = z.object({
  id: z.number().int(),
  external_id: externalId,
  ticket_number: z.string(),
  subject: z.string(),
  status: z.string(),
  priority: z.string(),
});
const contactRef = z.object({ id: z.number().int(), external_id: externalId, email: z.string(), firstname: z.string(), lastname: z.string() });
const roleFlags = { admin_group: z.boolean(), billing_group: z.boolean(), technical_group: z.boolean() };
/** A card payment as webhooks send it; the billing events record the same, with when it was paid (events/billing.ts). */
export const webhookPayment = z.object({
  id: z.string(),
  external_id: externalId,
  amount: z.number(),
  last4: z.string().nullable(),
  status: z.enum(['Paid', 'Failed']),
  confirmation_number: z.string().nullable(),
  transaction_id: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** Charged by auto-pay rather than by a contact. */
  automatic: z.boolean(),
});

/** A file of the ticket or entry: never its bytes, a signed link to them valid for 7 days (decision 0047). */
export const webhookAttachment = z.object({
  id: z.number().int(),
  file_name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  download_url: z.string(),
});

/** The `data` of each event type, less `account` (never a password, card number, token or stored secret). */
export const webhookEventData = {
  'ticket.created': z.object({ ticket: ticketRef.extend({ description: z.string() }), attachments: z.array(webhookAttachment).default([]), by: webhookActor }),
  'ticket.reply': z.object({
    ticket: ticketRef,
    entry: z.object({ id: z.number().int(), external_id: externalId, created_by: z.string(), content: z.string() }),
    attachments: z.array(webhookAttachment).default([]),
    by: webhookActor,
  }),
  /** An entry the provider's systems added to a conversation that the customer can read (a technician's reply); decision 0041. */
  'ticket.entry_pushed': z.object({
    ticket: ticketRef,
    entry: z.object({ id: z.number().int(), external_id: z.string(), created_by: z.string(), author_email: z.string(), content: z.string() }),
    by: webhookActor,
  }),
  /** The customer marked the ticket resolved (decision 0047); the status is still the provider's to move. */
  'ticket.resolved_by_customer': z.object({ ticket: ticketRef, note: z.string().nullable(), reopen_until: z.string(), by: webhookActor }),
  'ticket.reopened_by_customer': z.object({ ticket: ticketRef, by: webhookActor }),
  /** A satisfaction rating given or changed (`changed`); the technician is who last wrote for the provider, when anyone did. */
  'ticket.rated': z.object({
    ticket: ticketRef,
    rating: z.object({
      score: z.number().int(),
      comment: z.string().nullable(),
      technician_name: z.string().nullable(),
      technician_email: z.string().nullable(),
      changed: z.boolean(),
    }),
    by: webhookActor,
  }),
  'profile.changed': z.object({
    contact: contactRef.extend({ time_zone: z.string() }),
    changed: z.array(z.enum(['firstname', 'lastname', 'email', 'time_zone'])),
    previous_email: z.string().nullable(),
    by: webhookActor,
  }),
  'contact.created': z.object({ contact: contactRef.extend(roleFlags), by: webhookActor }),
  'contact.deleted': z.object({ contact: contactRef, by: webhookActor }),
  'payment.succeeded': z.object({ payment: webhookPayment, balance: z.number(), paid_by_contact_id: z.number().int().nullable() }),
  'payment.failed': z.object({ payment: webhookPayment, balance: z.number(), paid_by_contact_id: z.number().int().nullable() }),
  'card.stored': z.object({
    card: z.object({ type: z.string(), last4: z.string(), exp_month: z.string(), exp_year: z.string() }),
    replaced: z.boolean(),
    by: webhookActor,
  }),
  'card.removed': z.object({
    card: z.object({ type: z.string().nullable(), last4: z.string().nullable() }),
    autopay_turned_off: z.boolean(),
    by: webhookActor,
  }),
  'autopay.changed': z.object({ automatic_payments: z.boolean(), by: webhookActor }),
  'support_tool.downloaded': z.object({
    download_id: z.number().int(),
    tool: z.object({ id: z.number().int(), name: z.string() }),
    via: z.enum(['direct', 'link']),
    os: z.string().nullable(),
    by: webhookActor,
  }),
  'credential.revealed': z.object({
    credential: z.object({ id: z.number().int(), title: z.string() }),
    purpose: z.enum(['show', 'copy']),
    by: webhookActor,
  }),
} satisfies Record<WebhookEventType, z.ZodObject>;
export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventData)[T]>;

/** The body of a delivery: the same bytes on every attempt; `webhook-id` carries the event id. */
export const webhookMessage = z.object({
  type: webhookEventType,
  timestamp: z.string(),
  data: z.object({ account: webhookAccount }).loose(),
});
export type WebhookMessage = z.infer<typeof webhookMessage>;

/** A registered endpoint as listed (its secret is shown only once, at creation). */
export const webhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  created_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookAttempt = z.object({
  attempted_at: z.string(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int(),
  error: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookDelivery = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: webhookEventType,
  account_id: z.number().int().nullable(),
  endpoint_id: z.number().int(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempt_count: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  attempts: z.array(webhookAttempt),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const WEBHOOK_URL_REFUSED = 'The webhook URL must be an http:// or https:// address without a user name or password.';
export const WEBHOOK_EVENTS_REQUIRED = `Choose at least one event: ${WEBHOOK_EVENT_TYPES.join(', ')}.`;

/** Only http and https, and no credentials in the address (they would be logged and shown in lists). */
export function isAcceptableWebhookUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A new endpoint: the provider's receiver and the events it wants. */
export const webhookEndpointInput = z.object({
  url: z.string().trim().max(2000).refine(isAcceptableWebhookUrl, WEBHOOK_URL_REFUSED),
  events: z
    .array(webhookEventType, { error: WEBHOOK_EVENTS_REQUIRED })
    .min(1, WEBHOOK_EVENTS_REQUIRED)
    .transform((events) => [...new Set(events)]),
  description: z.string().trim().max(200).optional(),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInput>;

/** A new endpoint as created: the secret appears here and nowhere else, ever. */
export const createdWebhookEndpoint = webhookEndpoint.extend({ secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpoint>;
