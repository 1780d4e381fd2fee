import { z } from 'zod';
import { timestamp } from './common.js';

export const accountSummary = z.object({
  billing_api_id: z.string().nullable(),
  name: z.string(),
});

/** The result of sign-in, refresh and token login (spec §7 Auth, §3 Stored session). */
export const loginResult = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Alias of access_token kept for clients of the original portal (spec §3 `token`). */
  token: z.string(),
  /** Access-token expiry, seconds since the epoch. */
  exp: z.number().int(),
  /** Access-token expiry as an ISO timestamp; the client restores a session while it lies ahead. */
  expireDate: timestamp,
  pk: z.number().int(),
  id: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  admin_group: z.boolean(),
  billing_group: z.boolean(),
  technical_group: z.boolean(),
  time_zone: z.string(),
  ui_color_mode: z.enum(['light', 'dark', 'auto']),
  account_id: z.number().int(),
  account: accountSummary,
  /** Present when a provider's staff member signed in as this user. */
  impersonated_by: z.string().nullable().optional(),
});
export type LoginResult = z.infer<typeof loginResult>;

/** What the browser keeps under the local-storage key `userDetails` (spec §3). */
export const storedSession = z.object({
  id: z.number().int(),
  pk: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  access_token: z.string(),
  refresh_token: z.string(),
  token: z.string(),
  auth: z.object({ admin_group: z.boolean(), billing_group: z.boolean() }),
  technical_group: z.boolean().optional(),
  time_zone: z.string().optional(),
  ui_color_mode: z.string().optional(),
  exp: z.number().int(),
  expireDate: timestamp,
  account_id: z.number().int(),
  account: accountSummary,
});
export type StoredSession = z.infer<typeof storedSession>;

/** The signed-in contact as the server sees it now (flags read from the database). */
export const currentUser = z.object({
  pk: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  admin_group: z.boolean(),
  billing_group: z.boolean(),
  technical_group: z.boolean(),
  time_zone: z.string(),
  account_id: z.number().int(),
  account: accountSummary,
  impersonated_by: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;
