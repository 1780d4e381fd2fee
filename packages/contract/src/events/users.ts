import { z } from 'zod';
import { addressee } from './common.js';

const contactRef = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
});
const roleFlags = { admin_group: z.boolean(), billing_group: z.boolean(), technical_group: z.boolean() };
/** A contact's fields an administrator may change, as the audit log has always named them. */
const contactField = z.enum(['firstname', 'lastname', 'email', 'mobile', 'timeZone', 'adminGroup', 'billingGroup', 'technicalGroup']);

/** The users' events: the account's contacts, their invitations, roles and licenses (decision 0041). */
export const userEventData = {
  /** An administrator added a user to the account (their invitation is a `contact.invited` of its own). */
  'contact.created': z.object({ contact: contactRef.extend(roleFlags) }),
  /** An administrator changed a user's profile or roles; `changed` names the fields that differ now. */
  'contact.updated': z.object({ contact_id: z.number().int(), changed: z.array(contactField) }),
  /** An administrator deleted a user. */
  'contact.deleted': z.object({ contact: contactRef }),
  /**
   * A contact was sent a single-use link to choose their first password, as a new user or `again` at an
   * administrator's request. The link is the event's secret `link`, never its data.
   */
  'contact.invited': z.object({ contact: addressee, invited_by: z.string(), account_name: z.string(), again: z.boolean() }),
  /** An administrator gave a user a seat of one of the account's voice services. */
  'contact.license_added': z.object({ contact_id: z.number().int(), service_id: z.number().int(), service: z.string() }),
  /** An administrator took a license away from a user. */
  'contact.license_removed': z.object({ contact_id: z.number().int(), service_id: z.number().int(), license_id: z.number().int() }),
  /** The provider's systems created or changed one contact; `deactivated` when this push deactivated an active one. */
  'contact.pushed': z.object({
    contact_id: z.number().int(),
    external_id: z.string(),
    email: z.string(),
    created: z.boolean(),
    deactivated: z.boolean(),
  }),
  /** The provider's systems wrote a batch of contacts; the counts of what changed. */
  'contacts.bulk_pushed': z.object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    deactivated: z.number().int(),
  }),
} satisfies Record<string, z.ZodObject>;
export type UserEventType = keyof typeof userEventData;
