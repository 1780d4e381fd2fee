import { z } from 'zod';
import { singleLineText } from './text.js';

/*
 * Sign-in with the account's own identity provider (OpenID Connect, decision 0051). Small on purpose: the sign-in
 * page's first load builds the lookup's schemas.
 */

/** An e-mail domain as the portal keeps it: lower case, labels of letters, digits and hyphens. */
export const emailDomain = singleLineText('Domain')
  .trim()
  .toLowerCase()
  .min(3, 'Domain is required')
  .max(253, 'Domain must be at most 253 characters')
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, 'Domain must look like example.com');

export const identityProviderLookupQuery = z.object({ domain: emailDomain });

/** The button the sign-in page shows: "Sign in with <name>", and where it goes. */
export const identityProviderOption = z.object({ name: z.string(), start_url: z.string() });
export type IdentityProviderOption = z.infer<typeof identityProviderOption>;

export const identityProviderStartQuery = z.object({
  domain: emailDomain,
  /** The e-mail typed on the sign-in page, handed to the identity provider as its login hint. */
  login_hint: singleLineText('Login hint').max(254).optional(),
});

/** What the identity provider sends back to the redirect URI (RFC 6749 §4.1.2, RFC 9207's `iss`). */
const callbackValue = singleLineText('Value').max(4096).optional();
export const identityProviderCallbackQuery = z.object({
  code: callbackValue,
  state: callbackValue,
  iss: callbackValue,
  error: callbackValue,
  error_description: callbackValue,
});

/** The one-time code the callback hands the web app (in the fragment of its redirect), taken once within a minute. */
export const identityProviderCompletion = z.object({ code: singleLineText('Code').min(1, 'Code is required').max(200) });
export type IdentityProviderCompletion = z.infer<typeof identityProviderCompletion>;

/**
 * Why a sign-in through the identity provider was refused: the callback redirects to the sign-in page with one of these
 * as `idp_error` (never free text, so no link can make the page say something else), and records it as the failed
 * sign-in's reason.
 */
export const IDENTITY_PROVIDER_REFUSALS = [
  'expired',
  'cancelled',
  'unavailable',
  'rejected',
  'no_email',
  'email_unverified',
  'domain_not_served',
  'other_account',
  'unknown_user',
  'removed_user',
  'deactivated',
  'suspended',
  'throttled',
  'no_identity_provider',
] as const;
export type IdentityProviderRefusal = (typeof IDENTITY_PROVIDER_REFUSALS)[number];
