import { z } from 'zod';
import { timestamp } from './common.js';
import { NEW_PASSWORD_MAX } from './security.js';

/** How many single-use recovery codes an enrolment gives (shown once). */
export const RECOVERY_CODE_COUNT = 10;
/** How long the second step of a sign-in may wait for its code. */
export const SECOND_FACTOR_WINDOW_SECONDS = 5 * 60;

/** Six digits from the authenticator app; spaces a person types between the groups are ignored. */
export const totpCode = z
  .string({ error: 'Enter the 6-digit code from your authenticator app' })
  .max(20, 'Enter the 6-digit code from your authenticator app')
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/** A recovery code as shown (`abcd-efgh-jkmn-pqrs`); case, spaces and dashes do not matter. */
export const recoveryCode = z
  .string({ error: 'Enter one of your recovery codes' })
  .max(64, 'Enter one of your recovery codes')
  .transform((value) => value.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{16}$/, 'Enter one of your recovery codes'));

/** What second factor the caller has (Profile → Security). */
export const twoFactorStatus = z.object({
  totp: z.boolean(),
  enabled_at: timestamp.nullable(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** A TOTP enrolment begun: what the authenticator app needs, shown until it is confirmed, never again. */
export const totpEnrolment = z.object({
  /** `otpauth://totp/…` for apps that take a link. */
  otpauth_uri: z.string(),
  /** The secret in base32, for typing into the app. */
  secret: z.string(),
  /** The same URI as a QR code: an SVG image as a `data:` URL, drawn by the server. */
  qr_code: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolment>;

export const totpConfirmInput = z.object({ code: totpCode });
export type TotpConfirmInput = z.input<typeof totpConfirmInput>;

/** The recovery codes, in the clear this once: the server keeps only their hashes. */
export const recoveryCodes = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

/** Proof that it is the person, to turn the second factor off or renew the recovery codes: the current password, or a code from the app. */
export const twoFactorDisableInput = z
  .object({
    current_password: z.string().min(1, 'Enter your current password').max(NEW_PASSWORD_MAX, 'Password must be at most 1024 characters').optional(),
    code: totpCode.optional(),
  })
  .refine((input) => input.current_password !== undefined || input.code !== undefined, {
    message: 'Enter your current password or a code from your authenticator app',
    path: ['current_password'],
  });
export type TwoFactorDisableInput = z.input<typeof twoFactorDisableInput>;

/** The second step of a sign-in: the pending token and either a code from the app or a recovery code. */
export const secondFactorInput = z
  .object({
    pending_token: z.string().min(1, 'The sign-in has expired. Please sign in again.').max(200),
    code: totpCode.optional(),
    recovery_code: recoveryCode.optional(),
  })
  .refine((input) => (input.code === undefined) !== (input.recovery_code === undefined), {
    message: 'Enter the 6-digit code from your authenticator app, or one recovery code',
    path: ['code'],
  });
export type SecondFactorInput = z.input<typeof secondFactorInput>;

/** The pending sign-in of a user who must set up a second factor first (the account's policy). */
export const signInEnrolmentInput = z.object({ pending_token: z.string().min(1, 'The sign-in has expired. Please sign in again.').max(200) });
export const signInEnrolmentConfirmInput = signInEnrolmentInput.extend({ code: totpCode });

/** An account's sign-in rules (its administrators'). */
export const signInPolicy = z.object({
  /** Every user signs in with a second factor; one without sets it up right after the password. */
  two_factor_required: z.boolean(),
});
export type SignInPolicy = z.infer<typeof signInPolicy>;
export const signInPolicyInput = z.object({ two_factor_required: z.boolean({ error: 'two_factor_required must be true or false' }) });
