import { z } from 'zod';
import { email, timestamp } from './common.js';
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

/** A contact as the Users screen lists it: the contact, how many licenses, whether they have signed in yet. */
export const accountUser = contact.extend({
  licenses_count: z.number().int(),
  /** Invited but no password chosen yet: they cannot sign in until they follow the invitation. */
  invitation_pending: z.boolean(),
});
export type AccountUser = z.infer<typeof accountUser>;

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

const name = (label: string) =>
  singleLineText(label).trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

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

export const license = z.object({
  pk: z.number().int(),
  service_id: z.number().int(),
  contact_id: z.number().int(),
  service_name: z.string(),
  date_created: timestamp,
});
export type License = z.infer<typeof license>;

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
