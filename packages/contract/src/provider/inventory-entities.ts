import { z } from 'zod';
import { ASSET_STATUSES, ASSET_TYPES } from '../constants.js';
import { email, idParam, timestamp } from '../entities/common.js';
import { name, optionalLine, realDate, webAddress } from './fields.js';
import { providerExternalId } from './entities.js';

/*
 * The IT Asset Manager's assets and vendors through the provider API, by the
 * provider's external id, and the one thing the provider may do to a stored credential: hide its
 * password from the customer (or show it again). Credentials have no external id (customers
 * create them) and their secrets never travel through this API (docs/decisions/0025).
 */

export const providerAssetInput = z.object({
  name: name('Name'),
  type: z.enum(ASSET_TYPES, { error: `Type must be one of ${ASSET_TYPES.join(', ')}` }),
  status: z.enum(ASSET_STATUSES, { error: `Status must be one of ${ASSET_STATUSES.join(', ')}` }).default('active'),
  /** The vendor's name as the asset card shows it (an asset is not linked to a vendor record). */
  vendor: optionalLine('Vendor').nullable().optional(),
  model: optionalLine('Model').nullable().optional(),
  serial_number: optionalLine('Serial number', 100).nullable().optional(),
  location: optionalLine('Location').nullable().optional(),
  /** Whom the asset is assigned to, as free text (the card shows 'Unassigned' for null). */
  assigned_to: optionalLine('Assigned to').nullable().optional(),
  purchase_date: realDate('Purchase date').nullable().optional(),
  warranty_expires: realDate('Warranty expires').nullable().optional(),
});
export type ProviderAssetInput = z.output<typeof providerAssetInput>;

export const providerAsset = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  serial_number: z.string().nullable(),
  location: z.string().nullable(),
  assigned_to: z.string().nullable(),
  purchase_date: z.string().nullable(),
  warranty_expires: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProviderAsset = z.infer<typeof providerAsset>;

export const providerVendorInput = z.object({
  name: name('Name'),
  contact_person: optionalLine('Contact person').nullable().optional(),
  email: email.nullable().optional(),
  phone: optionalLine('Phone', 40).nullable().optional(),
  website: webAddress('Website').nullable().optional(),
});
export type ProviderVendorInput = z.output<typeof providerVendorInput>;

export const providerVendor = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  name: z.string(),
  contact_person: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  updated_at: timestamp,
});
export type ProviderVendor = z.infer<typeof providerVendor>;

/** A credential is addressed by its portal id (customers create them; there is no external id). */
export const providerCredentialParams = z.object({ account_external_id: providerExternalId, id: idParam });

export const providerCredentialPatch = z.object({
  /** true: the customer sees 'Password hidden by administrator' and cannot change or reveal it; false shows it again. */
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});

/**
 * What the provider may know of a stored credential: never its username, password, notes or any
 * sealed value. A credential belongs to the account only (not to an asset or a vendor).
 */
export const providerCredential = z.object({
  id: z.number().int(),
  service_name: z.string(),
  category: z.string().nullable(),
  /** The password is hidden from the customer. */
  hidden: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProviderCredential = z.infer<typeof providerCredential>;
