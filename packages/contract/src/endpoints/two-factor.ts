import { defineEndpoint } from '../endpoint.js';
import { emptyResult, idParams } from '../entities/common.js';
import {
  recoveryCodes,
  signInPolicy,
  signInPolicyInput,
  totpConfirmInput,
  totpEnrolment,
  twoFactorDisableInput,
  twoFactorStatus,
} from '../entities/two-factor.js';

/** Profile → Security: the caller's own second factor (issue 37, decision 0049). */
const tag = 'Security';

export const getMyTwoFactor = defineEndpoint({
  method: 'GET',
  path: '/portal/two-factor',
  summary: 'Whether the caller signs in with a second factor, and how many recovery codes are left',
  tag,
  access: 'user',
  result: twoFactorStatus,
});

export const startTotpEnrolment = defineEndpoint({
  method: 'POST',
  path: '/portal/two-factor/totp',
  summary: 'Begin TOTP enrolment: a new secret, as an otpauth URI, base32 text and a QR code (replaces an unconfirmed one)',
  tag,
  access: 'user',
  result: totpEnrolment,
});

export const confirmTotpEnrolment = defineEndpoint({
  method: 'POST',
  path: '/portal/two-factor/totp/confirm',
  summary: 'Confirm TOTP enrolment with a code from the app; answers the 10 single-use recovery codes, shown once',
  tag,
  access: 'user',
  body: totpConfirmInput,
  result: recoveryCodes,
});

export const disableTotp = defineEndpoint({
  method: 'POST',
  path: '/portal/two-factor/totp/disable',
  summary: 'Turn the second factor off, with the current password or a code from the app; the recovery codes go too',
  tag,
  access: 'user',
  body: twoFactorDisableInput,
  result: emptyResult,
});

export const renewRecoveryCodes = defineEndpoint({
  method: 'POST',
  path: '/portal/two-factor/recovery-codes',
  summary: 'Replace the recovery codes with 10 new ones, with the current password or a code from the app; the old ones stop working',
  tag,
  access: 'user',
  body: twoFactorDisableInput,
  result: recoveryCodes,
});

export const resetContactTwoFactor = defineEndpoint({
  method: 'POST',
  path: '/crm/contacts/:id/two-factor/reset',
  summary: 'Turn off another user’s second factor, for a lost phone and lost recovery codes (admins); the user is told by mail',
  tag: 'Users',
  access: 'admin',
  params: idParams,
  result: emptyResult,
});

export const getSignInPolicy = defineEndpoint({
  method: 'GET',
  path: '/portal/account/sign-in-policy',
  summary: 'The account’s sign-in rules: whether every user must sign in with a second factor (admins)',
  tag: 'Users',
  access: 'admin',
  result: signInPolicy,
});

export const updateSignInPolicy = defineEndpoint({
  method: 'PUT',
  path: '/portal/account/sign-in-policy',
  summary: 'Require (or stop requiring) a second factor of every user of the account; those without one set it up at their next sign-in (admins)',
  tag: 'Users',
  access: 'admin',
  body: signInPolicyInput,
  result: signInPolicy,
});
