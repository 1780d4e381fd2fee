import { z } from 'zod';

const outcome = z.enum(['success', 'failure', 'denied']);
const contactId = z.number().int();

/**
 * Signing in and out, passwords and impersonation (decision 0041). These happen mostly to visitors, so each event
 * names the address or the staff member the audit log names.
 */
export const authEventData = {
  /** A sign-in with a username and password: refused (unknown name, wrong password), denied (suspended, deactivated) or done. */
  'auth.sign_in_attempted': z.object({
    username: z.string(),
    outcome,
    reason: z.string().nullable(),
    contact_id: contactId.nullable(),
    /** A successful sign-in from a browser none of the contact's kept sessions used. */
    new_browser: z.boolean().optional(),
    /** The second factor that completed the sign-in, for a contact who has one (decision 0049). */
    second_factor: z.enum(['totp', 'recovery_code', 'passkey']).optional(),
    /** How a sign-in without a password was proven (issue 37): a passkey alone, or the account's identity provider. */
    via: z.enum(['passkey', 'identity_provider']).optional(),
  }),
  /** A signed-in contact typed a wrong current password to confirm a change. */
  'auth.password_confirmation_failed': z.object({ email: z.string(), contact_id: contactId, purpose: z.string() }),
  /** A refresh token already used came back (a stolen copy): the whole sign-in was ended. */
  'auth.refresh_token_reused': z.object({ contact_id: contactId, session: z.string() }),
  'auth.signed_out': z.object({ contact_id: contactId.nullable() }),
  /** A contact signed out other browsers of theirs (Profile → Security): one named, or every one but the current. */
  'auth.sessions_ended': z.object({ contact_id: contactId, email: z.string(), ended: z.number().int(), which: z.enum(['one', 'others']) }),
  /** A provider staff member's one-time sign-in link was issued (CLI) or redeemed. */
  'auth.impersonation_issued': z.object({ staff: z.string(), contact_id: contactId, impersonated: z.string() }),
  'auth.impersonation_sign_in': z.object({ outcome, staff: z.string().nullable(), contact_id: contactId.nullable(), impersonated: z.string().nullable() }),
  /** A password-reset link was asked for; `contact` is null for an address no contact has (nothing is sent). */
  'auth.password_reset_requested': z.object({
    email: z.string(),
    contact: z.object({ contact_id: contactId, email: z.string(), firstname: z.string() }).nullable(),
  }),
  /** A contact chose a new password with a reset link; their other sessions were ended. */
  'auth.password_changed': z.object({ contact_id: contactId, email: z.string(), firstname: z.string(), via: z.string() }),
  /** A contact confirmed a TOTP authenticator (Profile → Security); they sign in with it from now on. */
  'auth.two_factor_enabled': z.object({ contact_id: contactId, email: z.string(), method: z.literal('totp'), at_sign_in: z.boolean().optional() }),
  /** A contact turned their second factor off, with their password or a code. */
  'auth.two_factor_disabled': z.object({ contact_id: contactId, email: z.string(), firstname: z.string(), via: z.enum(['password', 'code']) }),
  /** A wrong, replayed or unusable code at a sign-in's second step or to turn the factor off (counted as a failed sign-in). */
  'auth.second_factor_failed': z.object({
    contact_id: contactId,
    email: z.string(),
    method: z.enum(['totp', 'recovery_code', 'passkey']),
    reason: z.enum(['wrong_code', 'replayed_code', 'passkey_refused']),
    purpose: z.enum(['sign_in', 'disable', 'enrolment', 'recovery_codes_renew']),
  }),
  /** An administrator turned another user's second factor off (a lost phone); the user is told. */
  'auth.two_factor_reset': z.object({ contact_id: contactId, email: z.string(), firstname: z.string() }),
  /** An administrator changed whether every user of the account must sign in with a second factor. */
  'auth.sign_in_policy_changed': z.object({ two_factor_required: z.boolean() }),
  /** A contact replaced their recovery codes with new ones (with their password or a code); the old ones work no more. */
  'auth.recovery_codes_renewed': z.object({ contact_id: contactId, email: z.string(), via: z.enum(['password', 'code']) }),
  /** A contact registered a passkey (Profile → Security, decision 0050); it signs them in alone or as the second factor. */
  'auth.passkey_added': z.object({ contact_id: contactId, email: z.string(), firstname: z.string(), passkey_id: z.number().int(), name: z.string() }),
  /** A contact removed one of their passkeys. */
  'auth.passkey_removed': z.object({ contact_id: contactId, email: z.string(), firstname: z.string(), passkey_id: z.number().int(), name: z.string() }),
  /** A recovery code completed a sign-in; it works no more. */
  'auth.recovery_code_used': z.object({ contact_id: contactId, email: z.string(), firstname: z.string(), remaining: z.number().int() }),
} satisfies Record<string, z.ZodObject>;
export type AuthEventType = keyof typeof authEventData;
