import { z } from 'zod';
import { email, idField, timestamp } from './common.js';
import { UI_COLOR_MODES } from '../constants.js';
import { singleLineText } from './text.js';

export const contact = z.object({
  pk: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  /** Derived: firstname and lastname. */
  full_name: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  admin_group: z.boolean(),
  billing_group: z.boolean(),
  technical_group: z.boolean(),
  time_zone: z.string(),
  account_id: z.number().int(),
  date_created: timestamp,
});
export type Contact = z.infer<typeof contact>;

/** Fields of ours that docs/product.md §3 Contact/User does not name: optional for a client. */
const contactAdditions = {
  /** §3: "The list adds a derived full name" but names no field; a client derives it from the names when missing. */
  full_name: true,
  /** Ours: the spec's contact carries no creation date. */
  date_created: true,
} as const;

/** A contact as a client accepts it: the spec's fields required, ours optional (docs/decisions/0029). */
export const acceptedContact = contact.partial(contactAdditions);
export type AcceptedContact = z.infer<typeof acceptedContact>;

/** One of a listed user's licenses, named by its service, so the list can show them without a call per user. */
export const heldLicense = z.object({
  pk: z.number().int(),
  service_id: z.number().int(),
  service_name: z.string(),
});
export type HeldLicense = z.infer<typeof heldLicense>;

/** A contact as the Users screen lists it: the contact, their licenses, whether they have signed in yet. */
export const accountUser = contact.extend({
  licenses_count: z.number().int(),
  /** The user's licenses by service name (decision 0034: the list shows them). */
  licenses: z.array(heldLicense),
  /** Invited but no password chosen yet: they cannot sign in until they follow the invitation. */
  invitation_pending: z.boolean(),
});
export type AccountUser = z.infer<typeof accountUser>;

/** A listed user as a client accepts it: the spec's contact, and our additions optional. */
export const acceptedAccountUser = accountUser.partial({
  ...contactAdditions,
  /** Ours: the spec's list counts no licenses. */
  licenses_count: true,
  /** Ours: the spec's list names no licenses; a client then asks GET /crm/contacts/{id}/licenses. */
  licenses: true,
  /** Ours: the spec knows no invitations; unknown means no "invited" marker. */
  invitation_pending: true,
});
export type AcceptedAccountUser = z.infer<typeof acceptedAccountUser>;

/** §7: of the answer to POST /crm/contacts, "The response result.pk is the new id": a client needs nothing else of it. */
export const acceptedCreatedContact = acceptedAccountUser.partial().required({ pk: true });
export type AcceptedCreatedContact = z.infer<typeof acceptedCreatedContact>;

/** Users screen: search and paging on the server (docs/decisions/0013). */
export const accountUsersQuery = z.object({
  search: singleLineText('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

/** The Users screen's four cards over the whole account, and how many match the search. */
export const accountUserStats = z.object({
  total: z.number().int(),
  admins: z.number().int(),
  billing: z.number().int(),
  technical: z.number().int(),
  matching: z.number().int(),
});
export type AccountUserStats = z.infer<typeof accountUserStats>;

const name = (label: string) => singleLineText(label).trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

/** Profile fields of Add/Edit User (docs/product.md §5 User profile). */
export const contactInput = z.object({
  firstname: name('First name'),
  lastname: name('Last name'),
  email,
  mobile: singleLineText('Mobile').trim().max(32, 'Mobile must be at most 32 characters').nullish(),
  time_zone: singleLineText('Time zone').trim().max(64).nullish(),
  admin_group: z.boolean().optional(),
  billing_group: z.boolean().optional(),
  technical_group: z.boolean().optional(),
});
export type ContactInput = z.infer<typeof contactInput>;

/**
 * PATCH /crm/contacts/{id}: any profile field, and (ours, optional, decision 0034) `service_ids`, every
 * voice service the user is to hold a license of afterwards. The server applies both in one
 * transaction: a license it cannot give leaves the profile unchanged too (docs/decisions/0034).
 */
export const contactChanges = contactInput.partial().extend({
  service_ids: z.array(idField('service_ids')).max(100, 'service_ids may name at most 100 services').optional(),
});
export type ContactChanges = z.infer<typeof contactChanges>;

export const license = z.object({
  pk: z.number().int(),
  service_id: z.number().int(),
  contact_id: z.number().int(),
  service_name: z.string(),
  date_created: timestamp,
});
export type License = z.infer<typeof license>;

/** A license as a client accepts it: §3 User license is pk and service_id; the service's name comes from the services. */
export const acceptedLicense = license.partial({
  /** Ours: the contact is the one in the path. */
  contact_id: true,
  /** Ours: a client names the license by its service. */
  service_name: true,
  /** Ours: not in §3. */
  date_created: true,
});
export type AcceptedLicense = z.infer<typeof acceptedLicense>;

/** A voice service offered as licenses, with its seats (metadata.purchased_users) used and free. */
export const licensableService = z.object({
  service_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  seats: z.number().int(),
  seats_used: z.number().int(),
});
export type LicensableService = z.infer<typeof licensableService>;

export const myProfileInput = z.object({
  firstname: name('First name'),
  lastname: name('Last name'),
  email,
  timezone: singleLineText('Timezone').trim().min(1, 'Timezone is required').max(64),
  /**
   * The e-mail is the sign-in name: changing it asks for the current password (OWASP ASVS 5.0
   * V6/V7; docs/decisions/0012). Not needed when only the name or time zone changes.
   */
  current_password: z.string().max(1024, 'Password must be at most 1024 characters').optional(),
});
export type MyProfileInput = z.infer<typeof myProfileInput>;

/** Personal settings kept on the server, so they follow the user to every browser. */
export const myPreferences = z.object({ ui_color_mode: z.enum(UI_COLOR_MODES, { error: 'ui_color_mode must be light, dark or auto' }) }).strict();
export type MyPreferences = z.infer<typeof myPreferences>;
