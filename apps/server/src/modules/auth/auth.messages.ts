/** What the auth endpoints answer, and the throttling limits behind their refusals. */
export const LOGIN_FAILED = 'Invalid username or password';
/** A suspended account's users are told why they cannot sign in (the provider's reason, when it gave one). */
export const accountSuspended = (reason: string | null, supportEmail: string) =>
  `Your company's account is suspended${reason ? `: ${reason.replace(/[.\s]+$/, '')}` : ''}. Please contact ${supportEmail}.`;
export const CONTACT_DEACTIVATED = 'Your user has been deactivated. Please ask an administrator of your account.';
export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const INVALID_IMPERSONATION = 'Invalid token for impersonate login';
export const SECOND_FACTOR_EXPIRED = 'This sign-in has expired. Please sign in again.';
export const WRONG_TOTP_CODE = 'That code is not right. Enter the current 6-digit code from your authenticator app.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it has been used already.';
export const INVALID_RESET = 'This password reset link is invalid, expired or already used. Please request a new one.';
export const RESET_REQUESTED = 'If an account exists for that address, we have sent it a link to reset the password. The link works for one hour.';

/** Throttling: failures per username and per address in a 15-minute window; reset requests per hour. */
export const THROTTLE = {
  loginWindowSeconds: 15 * 60,
  loginFailuresPerUsername: 5,
  loginFailuresPerAddress: 30,
  resetWindowSeconds: 60 * 60,
  resetRequestsPerEmail: 3,
  resetRequestsPerAddress: 20,
} as const;
export const CURRENT_PASSWORD_REQUIRED = 'Enter your current password to change the e-mail address you sign in with.';
export const CURRENT_PASSWORD_WRONG = 'The current password is not correct.';
/** Every refused passkey assertion (unknown, another person's, badly signed, replayed, expired, cloned) gets this one answer. */
export const PASSKEY_REFUSED = 'That passkey could not sign you in. Try again, or sign in with your password.';
