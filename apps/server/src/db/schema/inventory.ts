import { ASSET_STATUSES, ASSET_TYPES } from '@portal/contract';
import { sql, type SQL } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, text, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accountOwnedKeys } from './accounts.js';
import { createdAt, oneOf, updatedAt } from './columns.js';

/** The text an asset search matches: name, vendor, model, serial number, location, assignee. */
export function searchableAssetText(t: Record<'name' | 'vendor' | 'model' | 'serialNumber' | 'location' | 'assignedTo', AnyPgColumn>): SQL {
  return sql`lower(${t.name} || ' ' || coalesce(${t.vendor}, '') || ' ' || coalesce(${t.model}, '') || ' ' || coalesce(${t.serialNumber}, '') || ' ' || coalesce(${t.location}, '') || ' ' || coalesce(${t.assignedTo}, ''))`;
}

export const assets = pgTable(
  'assets',
  {
    ...accountOwnedKeys(),
    name: text('name').notNull(),
    type: text('type', { enum: ASSET_TYPES }).notNull(),
    status: text('status', { enum: ASSET_STATUSES }).notNull().default('active'),
    vendor: text('vendor'),
    model: text('model'),
    serialNumber: text('serial_number'),
    location: text('location'),
    assignedTo: text('assigned_to'),
    purchaseDate: date('purchase_date', { mode: 'string' }),
    warrantyExpires: date('warranty_expires', { mode: 'string' }),
    createdAt: createdAt(),
    /** The provider's id of the asset (its PSA's or RMM's), unique within the account (provider API). */
    externalId: text('external_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's order with its tie-break, so a page far down the list is found by an index-only
    // scan (inventory.repository.ts, listAssets).
    index('assets_account_id_created_at_id_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    unique('assets_account_id_external_id_key').on(t.accountId, t.externalId),
    index('assets_account_id_updated_at_id_idx').on(t.accountId, t.updatedAt, t.id),
    // The asset search (docs/decisions/0016): one trigram index over the searched text.
    index('assets_search_trgm_idx').using('gin', sql`(${searchableAssetText(t)}) gin_trgm_ops`),
    check('assets_type_check', oneOf(t.type, ASSET_TYPES)),
    check('assets_status_check', oneOf(t.status, ASSET_STATUSES)),
  ],
);

export const vendors = pgTable(
  'vendors',
  {
    ...accountOwnedKeys(),
    name: text('name').notNull(),
    contactPerson: text('contact_person'),
    email: text('email'),
    phone: text('phone'),
    website: text('website'),
    /** The provider's id of the vendor, unique within the account (provider API). */
    externalId: text('external_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vendors_account_id_idx').on(t.accountId, t.name),
    unique('vendors_account_id_external_id_key').on(t.accountId, t.externalId),
    index('vendors_account_id_updated_at_id_idx').on(t.accountId, t.updatedAt, t.id),
  ],
);

/**
 * A stored credential. The password is sealed with the vault key (AES-256-GCM, see
 * platform/secret-box.ts). When `password_hidden` is set, every response carries `password: null`.
 */
export const credentials = pgTable(
  'credentials',
  {
    ...accountOwnedKeys(),
    serviceName: text('service_name').notNull(),
    category: text('category'),
    username: text('username'),
    passwordSealed: text('password_sealed'),
    passwordHidden: boolean('password_hidden').notNull().default(false),
    website: text('website'),
    /** Notes are as secret as the password: sealed with the same key. */
    notesSealed: text('notes_sealed'),
    /**
     * Notes written before they were sealed (migration 0005). The portal seals any it finds at
     * start-up and empties this column; a later migration drops it.
     */
    legacyPlainNotes: text('notes'),
    /** The id of the vault key that sealed this row's password and notes (platform/secret-box.ts keyIdOf). */
    keyId: text('key_id'),
    expires: date('expires', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('credentials_account_id_idx').on(t.accountId, t.serviceName),
    // The provider API's credential list pages by (updated_at, id).
    index('credentials_account_id_updated_at_id_idx').on(t.accountId, t.updatedAt, t.id),
    check('credentials_sealed_needs_key_check', sql`(${t.passwordSealed} IS NULL AND ${t.notesSealed} IS NULL) OR ${t.keyId} IS NOT NULL`),
  ],
);
