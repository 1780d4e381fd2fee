import { z } from 'zod';
import { PROVISION_STATUSES, SERVICE_ITEM_TYPES, SERVICE_STATUSES } from '../constants.js';
import { money, timestamp, openEnum } from './common.js';

export const product = z.object({
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
});

export const service = z.object({
  pk: z.number().int(),
  item_type: openEnum(SERVICE_ITEM_TYPES),
  api_id: z.string().nullable(),
  status: openEnum(SERVICE_STATUSES),
  provision_status: openEnum(PROVISION_STATUSES),
  product,
  prod_description: z.string().nullable(),
  /** null for a caller without billing access: prices are billing information (docs/decisions/0020). */
  price: money.nullable(),
  quantity: z.number().int(),
  date_created: timestamp,
  metadata: z
    .object({
      purchased_users: z.number().int().optional(),
      did: z.string().optional(),
      /** Left out for a caller without billing access, like `price`. */
      price_per_did: z.number().optional(),
    })
    .catchall(z.unknown()),
});
export type Service = z.infer<typeof service>;

/**
 * How a tile opens (docs/decisions/0005-app-launch-tokens.md):
 * - external: `url` is the app's address, opened in a new tab;
 * - internal: `url` is a portal route (e.g. /it-assets);
 * - token: `url` is null; the client asks POST /portal/apps/:id/launch for a one-time address;
 * - unavailable: `url` is null; the tile reads 'This application will be available soon!'.
 */
export const APP_LAUNCH_KINDS = ['external', 'internal', 'token', 'unavailable'] as const;

export const appTile = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  url: z.string().nullable(),
  colour: z.string(),
  api_id: z.string().nullable(),
  item_type: z.string(),
  launch: z.enum(APP_LAUNCH_KINDS),
  /**
   * Who gets this tile: everyone signed in ('user'), or only those the endpoint access of the same
   * name lets in: 'technical' is administrators and technical contacts (the IT managed services tile,
   * docs/product.md §6, docs/decisions/0031), 'admin' administrators alone.
   */
  audience: openEnum(['user', 'admin', 'technical']),
});
export type AppTile = z.infer<typeof appTile>;

export const timezoneOption = z.object({ value: z.string(), label: z.string() });
/**
 * A time zone as a client accepts it: §7 gives GET /crm/misc/timezones no shape, so a plain name
 * ('US/Eastern') is taken as well as our `{ value, label }`, and read as an option named by itself.
 */
export const acceptedTimezoneOption = z.union([timezoneOption, z.string().transform((zone) => ({ value: zone, label: zone }))]);

/** What a launched app learns by redeeming its launch token. */
export const appLaunchGrant = z.object({
  app: z.string(),
  api_id: z.string(),
  contact: z.object({ pk: z.number().int(), email: z.string(), firstname: z.string(), lastname: z.string(), time_zone: z.string() }),
  account: z.object({ id: z.number().int(), name: z.string() }),
});
export type AppLaunchGrant = z.infer<typeof appLaunchGrant>;

/** How a service is shown (docs/product.md §4, Service display); one rule for the server's counts and the screens. */
export const SERVICE_DISPLAY_STATES = ['Active', 'Provisioning', 'Inactive', 'Suspended', 'Unknown'] as const;
export type ServiceDisplayState = (typeof SERVICE_DISPLAY_STATES)[number];

export function serviceDisplayState(service: { status: string; provision_status: string }): ServiceDisplayState {
  if (service.status === 'active' && service.provision_status === 'provisioned') return 'Active';
  if (service.provision_status === 'pending') return 'Provisioning';
  if (service.status === 'inactive') return 'Inactive';
  if (service.status === 'suspended') return 'Suspended';
  return 'Unknown';
}
