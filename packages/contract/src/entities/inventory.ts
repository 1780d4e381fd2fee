import { z } from 'zod';
import { ASSET_STATUSES, ASSET_TYPES } from '../constants.js';
import { calendarDate, timestamp, openEnum, specId } from './common.js';
import { singleLineText } from './text.js';

export const asset = z.object({
  id: z.number().int(),
  name: z.string(),
  type: openEnum(ASSET_TYPES),
  status: openEnum(ASSET_STATUSES),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  serial_number: z.string().nullable(),
  location: z.string().nullable(),
  assigned_to: z.string().nullable(),
  purchase_date: calendarDate.nullable(),
  warranty_expires: calendarDate.nullable(),
});
export type Asset = z.infer<typeof asset>;

/**
 * A date of an answer a client shows as a date: this server writes YYYY-MM-DD, the spec gives no
 * format (only that asset dates are shown en-US short), so a timestamp is taken too.
 */
const shownDate = z.string();

/** An asset as a client accepts it (docs/decisions/0029): the spec's fields, in the spec's types. */
export const acceptedAsset = asset.extend({
  // The spec gives an asset's id no type.
  id: specId,
  // The spec gives the dates no format.
  purchase_date: shownDate.nullable(),
  warranty_expires: shownDate.nullable(),
});
export type AcceptedAsset = z.infer<typeof acceptedAsset>;

export const vendor = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_person: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
});
export type Vendor = z.infer<typeof vendor>;

/** A vendor as a client accepts it (docs/decisions/0029). */
export const acceptedVendor = vendor.extend({
  // The spec gives a vendor's id no type.
  id: specId,
});
export type AcceptedVendor = z.infer<typeof acceptedVendor>;

export const credential = z.object({
  id: z.number().int(),
  service_name: z.string(),
  category: z.string().nullable(),
  username: z.string().nullable(),
  /**
   * null when an administrator hid it (docs/product.md §3). Otherwise left out: a password is read
   * only through its reveal call, so that every reveal is on record (docs/decisions/0015).
   */
  password: z.string().nullable().optional(),
  /** The administrator of the provider hid this password: it reads null everywhere and cannot be changed here. */
  password_hidden: z.boolean(),
  /** A password is stored (it can be revealed). */
  has_password: z.boolean(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  last_updated: timestamp,
  expires: calendarDate.nullable(),
});
export type Credential = z.infer<typeof credential>;

/**
 * A credential as a client accepts it (docs/decisions/0029). The spec's answer carries the password
 * itself (null when an administrator hid it); this server's leaves it out and says `has_password`.
 */
export const acceptedCredential = credential
  // Ours: the spec has no password_hidden (a null password says it), has_password or notes.
  .partial({ password_hidden: true, has_password: true, notes: true })
  .extend({
    // The spec gives a credential's id no type.
    id: specId,
    // The spec gives the expiry no format: a date or a timestamp, shown as a date.
    expires: shownDate.nullable(),
  });
export type AcceptedCredential = z.infer<typeof acceptedCredential>;

const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} must be at most ${max} characters`).optional().or(z.literal(''));

/** A credential's category as its card shows it ('Network', 'Cloud', …): free text, one line. */
export const CREDENTIAL_CATEGORY_MAX = 60;
/** A calendar day that exists (2026-02-30 does not), from year 1: PostgreSQL's date takes no other. */
const expiryDay = z.iso
  .date({ error: 'Expires must be a date such as 2026-11-25' })
  .refine((value) => !value.startsWith('0000'), 'Expires must be a date such as 2026-11-25');

export const credentialInput = z.object({
  title: z.string().trim().min(1, 'Service Name is required').max(200, 'Service Name must be at most 200 characters'),
  username: optionalText(200, 'Username'),
  password: z.string().max(1000, 'Password must be at most 1000 characters').optional(),
  url: z
    .string()
    .trim()
    .max(2048, 'URL must be at most 2048 characters')
    .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'URL must start with http:// or https://')
    .optional(),
  notes: optionalText(5000, 'Notes'),
  /** Beyond the spec's form (decision 0033): what the card's category badge shows; '' clears it. */
  category: singleLineText('Category')
    .trim()
    .max(CREDENTIAL_CATEGORY_MAX, `Category must be at most ${CREDENTIAL_CATEGORY_MAX} characters`)
    .optional()
    .or(z.literal('')),
  /** Beyond the spec's form (decision 0033): the card's Expires, YYYY-MM-DD; '' or null clears it ('Never'). */
  expires: z
    .union([expiryDay, z.literal('')])
    .nullable()
    .optional(),
});
export type CredentialInput = z.infer<typeof credentialInput>;

/** A change to a credential: any field of the create form; a password of '' removes it. */
export const credentialChanges = credentialInput.partial().refine((changes) => Object.keys(changes).length > 0, 'Send at least one field to change');

export const credentialsQuery = z.object({
  search: singleLineText('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
});

/** Why a password is read: shown on screen or copied to the clipboard (both are recorded). */
export const revealInput = z.object({ purpose: z.enum(['show', 'copy'], { error: 'purpose must be show or copy' }) });
export const revealedPassword = z.object({ id: z.number().int(), password: z.string().nullable() });

/** The IT Asset Manager's list, searched and paged on the server (docs/decisions/0016). */
export const assetsQuery = z.object({
  search: singleLineText('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** The Overview's four counters, and how many assets match a search (for paging). */
export const inventoryStats = z.object({
  total_assets: z.number().int(),
  active_assets: z.number().int(),
  vendors: z.number().int(),
  credentials: z.number().int(),
  matching_assets: z.number().int(),
});
export type InventoryStats = z.infer<typeof inventoryStats>;
