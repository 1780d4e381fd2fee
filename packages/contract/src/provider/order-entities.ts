import { z } from 'zod';
import { ORDER_ITEM_PROVISION_STATUSES, ORDER_ITEM_PURCHASE_TYPES, ORDER_STATUSES } from '../constants.js';
import { orderItem } from '../entities/billing.js';
import { timestamp } from '../entities/common.js';
import { multiLineText, singleLineText } from '../entities/text.js';
import { amount, isoTimestamp, name, optionalLine } from './fields.js';

/*
 * Orders through the provider API (decision 0025): the spec's order entity (§3: name, date_created,
 * status, quote_id, notes, order_items) addressed by the provider's external id. The customer's
 * Orders tab shows what is pushed here.
 */

export const PROVIDER_ORDER_ITEMS_MAX = 500;
const METADATA_KEYS_MAX = 50;

/** The spec's free key/value metadata of an order item: flat, short keys, plain values. */
const orderItemMetadata = z
  .record(
    singleLineText('Metadata key').min(1, 'A metadata key must not be empty').max(100, 'A metadata key must be at most 100 characters'),
    z.union([z.string().max(1_000, 'A metadata value must be at most 1000 characters'), z.number(), z.boolean(), z.null()], {
      error: 'A metadata value must be text, a number, true, false or null',
    }),
  )
  .refine((metadata) => Object.keys(metadata).length <= METADATA_KEYS_MAX, `Metadata may hold at most ${METADATA_KEYS_MAX} keys`);

export const providerOrderItemInput = z.object({
  prod_description: name('Product description', 500),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity must not be negative')
    .max(1_000_000, 'Quantity is too large')
    .default(1),
  purchase_type: z.enum(ORDER_ITEM_PURCHASE_TYPES, { error: `Purchase type must be one of ${ORDER_ITEM_PURCHASE_TYPES.join(', ')}` }),
  /** The line total, USD. */
  price: amount('Price'),
  price_per_unit: amount('Price per unit'),
  provision_status: z
    .enum(ORDER_ITEM_PROVISION_STATUSES, { error: `Provision status must be one of ${ORDER_ITEM_PROVISION_STATUSES.join(', ')}` })
    .default('pending'),
  activation_date: isoTimestamp.nullable().default(null),
  completed: z.boolean().default(false),
  auto_provision: z.boolean().default(false),
  taxable: z.boolean().default(false),
  tax_percent: z
    .number({ error: 'Tax percent must be a number' })
    .min(0, 'Tax percent must not be negative')
    .max(100, 'Tax percent must be at most 100')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'Tax percent has at most two decimals')
    .default(0),
  /** The account's service as it was when the order was placed. */
  account_service_snapshot: z
    .object({
      quantity: z.number({ error: 'Snapshot quantity must be a number' }).int('Snapshot quantity must be a whole number').min(0).max(1_000_000),
      price: amount('Snapshot price'),
      status: name('Snapshot status', 40),
    })
    .nullable()
    .default(null),
  metadata: orderItemMetadata.default({}),
});
export type ProviderOrderItemInput = z.output<typeof providerOrderItemInput>;

export const providerOrderInput = z.object({
  name: name('Name', 300),
  status: z.enum(ORDER_STATUSES, { error: `Status must be one of ${ORDER_STATUSES.join(', ')}` }).default('new_order'),
  quote_id: optionalLine('Quote id', 100).nullable().optional(),
  notes: multiLineText('Notes').max(5_000, 'Notes must be at most 5000 characters').nullable().optional(),
  /** When the order was placed (the customer's list is newest first); a new order defaults to now. */
  date_created: isoTimestamp.optional(),
  /** The order's items, in order. Given: they replace the order's items ([] removes them); left out: the items stay. */
  order_items: z.array(providerOrderItemInput).max(PROVIDER_ORDER_ITEMS_MAX, `At most ${PROVIDER_ORDER_ITEMS_MAX} items in one order`).optional(),
});
export type ProviderOrderInput = z.output<typeof providerOrderInput>;

/** An item as the customer's order detail has it, with `id` in place of the customer API's `pk`. */
export const providerOrderItem = orderItem.omit({ pk: true }).extend({ id: z.number().int() });
export type ProviderOrderItem = z.infer<typeof providerOrderItem>;

export const providerOrder = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  name: z.string(),
  status: z.string(),
  quote_id: z.string().nullable(),
  notes: z.string().nullable(),
  date_created: timestamp,
  order_items: z.array(providerOrderItem),
  updated_at: timestamp,
});
export type ProviderOrder = z.infer<typeof providerOrder>;
