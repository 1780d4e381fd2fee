import { z } from 'zod';
import { emailDomain } from '../entities/identity-provider.js';
import { singleLineText } from '../entities/text.js';

/*
 * An account's own OpenID Connect identity provider (issue 37, decision 0051), as the provider API writes and reads it.
 * The client secret goes in and never comes out: the answer says only that one is set.
 */
const issuerUrl = singleLineText('Issuer')
  .trim()
  .max(500, 'Issuer must be at most 500 characters')
  .refine((value) => URL.canParse(value) && /^https:|^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?(\/|$)/.test(value), {
    message: 'Issuer must be an https URL (http only on this machine, for tests)',
  });

export const providerIdentityProviderInput = z.object({
  /** What the sign-in page's button says: "Sign in with <name>". */
  name: singleLineText('Name').trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  issuer: issuerUrl,
  client_id: singleLineText('Client id').trim().min(1, 'Client id is required').max(500),
  /** Required when the account has no identity provider yet; left out, an update keeps the stored one. */
  client_secret: singleLineText('Client secret').min(1, 'Client secret is required').max(2000).optional(),
  domains: z.array(emailDomain).min(1, 'At least one domain is required').max(50, 'At most 50 domains'),
  allow_jit_users: z.boolean().optional(),
});
export type ProviderIdentityProviderInput = z.infer<typeof providerIdentityProviderInput>;

export const providerIdentityProvider = z.object({
  name: z.string(),
  issuer: z.string(),
  client_id: z.string(),
  client_secret_set: z.literal(true),
  domains: z.array(z.string()),
  allow_jit_users: z.boolean(),
  /** Where the identity provider must send the browser back (register it as the client's redirect URI). */
  redirect_uri: z.string(),
  /** A link that opens the sign-in page with this account's button shown. */
  sign_in_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProviderIdentityProvider = z.infer<typeof providerIdentityProvider>;
