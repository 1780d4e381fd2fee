import { z } from 'zod';
import { billingEventData } from './billing.js';
import { ticketEventData } from './tickets.js';

/**
 * What happened, as the server records it (decision 0041): every command writes one event in the transaction of its
 * change, and the audit log, the webhooks and the mails are made from these events by their consumers. This is the
 * one catalogue of the types and the shape of each one's data; a consumer that knows a type reads it from here.
 *
 * Events are the server's own record, not an API: the webhooks (entities/webhooks.ts) are what the provider's systems
 * see of them, shaped and filtered for that purpose.
 */

/** Who did it: a contact of the account (and the provider's staff member impersonating them), a provider API key, or the portal itself. */
export const domainEventActor = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('contact'),
    contact_id: z.number().int(),
    contact_external_id: z.string().nullable(),
    email: z.string(),
    impersonated_by: z.string().nullable(),
  }),
  z.object({ kind: z.literal('provider'), api_key_id: z.number().int(), name: z.string() }),
  z.object({ kind: z.literal('system') }),
]);
export type DomainEventActor = z.infer<typeof domainEventActor>;

/**
 * Every capability's events, one file each. A capability adds its file here; the server's consumers must then say
 * what each new type causes (apps/server/src/consumers/consequences-by-type.ts), or it does not compile.
 */
export const domainEventData = {
  ...ticketEventData,
  ...billingEventData,
} satisfies Record<string, z.ZodObject>;

export type DomainEventType = keyof typeof domainEventData;
export const DOMAIN_EVENT_TYPES = Object.keys(domainEventData) as DomainEventType[];
export type DomainEventData<T extends DomainEventType> = z.infer<(typeof domainEventData)[T]>;

export { ticketEventData, type TicketEventType } from './tickets.js';
export { billingEventData, type BillingEventType } from './billing.js';
