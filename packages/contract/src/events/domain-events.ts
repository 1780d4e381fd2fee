import { z } from 'zod';
import { appsEventData } from './apps.js';
import { auditEventData } from './audit.js';
import { authEventData } from './auth.js';
import { profileEventData } from './profile.js';
import { inventoryEventData } from './inventory.js';
import { supportToolEventData } from './support-tools.js';
import { billingEventData } from './billing.js';
import { serviceEventData } from './services.js';
import { accountEventData } from './accounts.js';
import { ticketEventData } from './tickets.js';
import { webhookAdminEventData } from './webhooks.js';
import { userEventData } from './users.js';
import { notificationEventData } from './notifications.js';
import { identityProviderEventData } from './identity-providers.js';

/**
 * What happened, as the server records it (decision 0041): every command writes one event in the transaction of its
 * change, and the audit log, the webhooks and the mails are made from these events by their consumers. This is the
 * one catalogue of the types and the shape of each one's data; a consumer that knows a type reads it from here.
 *
 * Events are the server's own record, not an API: the webhooks (entities/webhooks.ts) are what the provider's systems
 * see of them, shaped and filtered for that purpose.
 */

/**
 * Who did it: a contact of the account (and the provider's staff member impersonating them), a provider API key, the
 * portal itself, a visitor, the provider's staff at the command line, or the anonymous holder of a download link.
 */
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
  /** Someone not signed in: a sign-in attempt, a password-reset request, an app redeeming a launch link. */
  z.object({ kind: z.literal('visitor') }),
  /** The provider's staff at the server's command line (`npm run portal -- …`). */
  z.object({ kind: z.literal('command_line') }),
  /** Someone without a session who holds a support-tool download link; `contact_id` made the link (null: no such link). */
  z.object({ kind: z.literal('download_link'), contact_id: z.number().int().nullable() }),
]);
export type DomainEventActor = z.infer<typeof domainEventActor>;

/**
 * Every capability's events, one file each. A capability adds its file here; the server's consumers must then say
 * what each new type causes (apps/server/src/consumers/consequences-by-type.ts), or it does not compile.
 */
export const domainEventData = {
  ...ticketEventData,
  ...accountEventData,
  ...webhookAdminEventData,
  ...serviceEventData,
  ...authEventData,
  ...appsEventData,
  ...profileEventData,
  ...userEventData,
  ...inventoryEventData,
  ...supportToolEventData,
  ...auditEventData,
  ...billingEventData,
  ...notificationEventData,
  ...identityProviderEventData,
} satisfies Record<string, z.ZodObject>;

export type DomainEventType = keyof typeof domainEventData;
export type DomainEventData<T extends DomainEventType> = z.infer<(typeof domainEventData)[T]>;

export { ticketEventData, type TicketEventType } from './tickets.js';
export { authEventData, type AuthEventType } from './auth.js';
export { appsEventData, type AppsEventType } from './apps.js';
export { profileEventData, type ProfileEventType } from './profile.js';
export { auditEventData, type AuditEventType } from './audit.js';
export { userEventData, type UserEventType } from './users.js';
export { inventoryEventData, type InventoryEventType } from './inventory.js';
export { supportToolEventData, type SupportToolEventType } from './support-tools.js';
export { billingEventData, type BillingEventType } from './billing.js';
export { serviceEventData, type ServiceEventType } from './services.js';
export { webhookAdminEventData, type WebhookAdminEventType } from './webhooks.js';
export { accountEventData, type AccountEventType } from './accounts.js';
export { notificationEventData, reminderData, REMINDER_KINDS, type NotificationEventType, type ReminderData } from './notifications.js';
export { identityProviderEventData, type IdentityProviderEventType } from './identity-providers.js';
