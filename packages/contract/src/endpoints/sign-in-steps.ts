import { defineEndpoint } from '../endpoint.js';
import { acceptedLoginResult, loginResult } from '../entities/session.js';
import { recoveryCodes, secondFactorInput, signInEnrolmentConfirmInput, signInEnrolmentInput, totpEnrolment } from '../entities/two-factor.js';

/*
 * The steps of a sign-in after its password, for a user with two-step sign-in or whose account requires it (decision
 * 0049). A group of their own, apart from `authEndpoints`: the sign-in page's first load builds none of their schemas;
 * the lazily loaded second step does.
 */
const tag = 'Auth';

export const completeSecondFactor = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/login/second-factor',
  summary: 'The second step of a sign-in: the pending token with a code from the authenticator app or a recovery code',
  tag,
  access: 'public',
  body: secondFactorInput,
  result: loginResult,
  accepts: acceptedLoginResult,
});

export const startSignInEnrolment = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/login/enrolment',
  summary: 'For a user whose account requires a second factor and who has none: begin TOTP enrolment with the pending token',
  tag,
  access: 'public',
  body: signInEnrolmentInput,
  result: totpEnrolment,
});

export const confirmSignInEnrolment = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/login/enrolment/confirm',
  summary: 'Confirm the enrolment begun at sign-in with a code from the app: the session, and the recovery codes shown once',
  tag,
  access: 'public',
  body: signInEnrolmentConfirmInput,
  result: loginResult.extend(recoveryCodes.shape),
  accepts: acceptedLoginResult.extend(recoveryCodes.shape),
});
