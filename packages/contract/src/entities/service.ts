import { z } from 'zod';
import { PROVISION_STATUSES, SERVICE_ITEM_TYPES, SERVICE_STATUSES } from '../constants.js';
import { money, timestamp } from './common.js';

export const product = z.object({
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
});

export const service = z.object({
  pk: z.number().int(),
  item_type: z.enum(SERVICE_ITEM_TYPES),
  api_id: z.string().nullable(),
  status: z.enum(SERVICE_STATUSES),
  provision_status: z.enum(PROVISION_STATUSES),
  product,
  prod_description: z.string().nullable(),
  price: money,
  quantity: z.number().int(),
  date_created: timestamp,
  metadata: z.object({
    purchased_users: z.number().int().optional(),
    did: z.string().optional(),
    price_per_did: z.number().optional(),
  }).catchall(z.unknown()),
});
export type Service = z.infer<typeof service>;

export const appTile = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  url: z.string().nullable(),
  colour: z.string(),
  api_id: z.string().nullable(),
  item_type: z.string(),
});
export type AppTile = z.infer<typeof appTile>;

export const timezoneOption = z.object({ value: z.string(), label: z.string() });
