import { z } from 'zod';
import { ASSET_STATUSES, ASSET_TYPES } from '../constants.js';
import { calendarDate, timestamp, openEnum } from './common.js';

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

export const vendor = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_person: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
});
export type Vendor = z.infer<typeof vendor>;

export const credential = z.object({
  id: z.number().int(),
  service_name: z.string(),
  category: z.string().nullable(),
  username: z.string().nullable(),
  /** null when an administrator hid it (docs/product.md §3). */
  password: z.string().nullable(),
  website: z.string().nullable(),
  notes: z.string().nullable(),
  last_updated: timestamp,
  expires: calendarDate.nullable(),
});
export type Credential = z.infer<typeof credential>;

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).optional().or(z.literal(''));

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
});
export type CredentialInput = z.infer<typeof credentialInput>;
