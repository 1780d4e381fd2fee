import { z } from 'zod';
import { openEnum, timestamp } from './common.js';
import { UI_COLOR_MODES } from '../constants.js';

export const accountSummary = z.object({
  billing_api_id: z.string().nullable(),
  name: z.string(),
});

/** Who the signed-in contact is: the fields the login result, the stored session and the current user share. */
const signedInContact = z.object({
  pk: z.number().int(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  account_id: z.number().int(),
  account: accountSummary,
});

/** The role flags, flat as the server sends them (the stored session keeps two of them under `auth`). */
const roleFlags = z.object({
  admin_group: z.boolean(),
  billing_group: z.boolean(),
  technical_group: z.boolean(),
});

/** The tokens of a sign-in and the access token's expiry. */
const sessionTokens = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** Alias of access_token kept for clients of the original portal (docs/product.md §3 `token`). */
  token: z.string(),
  /** Access-token expiry, seconds since the epoch. */
  exp: z.number().int(),
  /** Access-token expiry as an ISO timestamp; the client restores a session while it lies ahead. */
  expireDate: timestamp,
});

/** The result of sign-in, refresh and token login (docs/product.md §7 Auth, §3 Stored session). */
export const loginResult = sessionTokens
  .extend(signedInContact.shape)
  .extend(roleFlags.shape)
  .extend({
    id: z.number().int(),
    time_zone: z.string(),
    ui_color_mode: z.enum(UI_COLOR_MODES),
    /** Present when a provider's staff member signed in as this user. */
    impersonated_by: z.string().nullable().optional(),
  });
export type LoginResult = z.infer<typeof loginResult>;

/**
 * A sign-in as a client accepts it (docs/product.md §7 Auth): access_token, refresh_token, pk, email,
 * names, admin_group, billing_group, account_id and account required; the rest optional. The client
 * completes the stored session itself (id from pk, token from access_token, the expiry from the token).
 */
export const acceptedLoginResult = loginResult
  .partial({
    /** Ours, an alias of access_token. */
    token: true,
    /** Ours: the expiry; a client reads it from the access token when that is a JWT. */
    exp: true,
    expireDate: true,
    /** Ours, the same as pk. */
    id: true,
    /** §3: "The login result also carries technical_group, time_zone, ui_color_mode", not §7: a client has defaults. */
    technical_group: true,
    time_zone: true,
  })
  /** §3 names ui_color_mode without its values: one this client does not know is kept and not applied. */
  .extend({ ui_color_mode: openEnum(UI_COLOR_MODES).optional() });
export type AcceptedLoginResult = z.infer<typeof acceptedLoginResult>;

/** What the browser keeps under the local-storage key `userDetails` (docs/product.md §3). */
export const storedSession = sessionTokens.extend(signedInContact.shape).extend({
  id: z.number().int(),
  auth: roleFlags.pick({ admin_group: true, billing_group: true }),
  technical_group: z.boolean().optional(),
  time_zone: z.string().optional(),
  ui_color_mode: z.string().optional(),
});
export type StoredSession = z.infer<typeof storedSession>;

/** The signed-in contact as the server sees it now (flags read from the database). */
export const currentUser = signedInContact.extend(roleFlags.shape).extend({
  time_zone: z.string(),
  impersonated_by: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;

/** The sign-in's answer when the password was right and a second factor is needed: no session yet. */
export const twoFactorChallenge = z.object({
  two_factor_required: z.literal(true),
  /** Opaque, single-use, short-lived: carries the sign-in to its second step, and nothing else. */
  pending_token: z.string(),
  expires_at: timestamp,
  methods: z.array(z.enum(['totp', 'recovery_code', 'passkey'])),
  /** The account requires a second factor and the user has none: they set one up now, before anything else. */
  enrolment_required: z.boolean().optional(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;
