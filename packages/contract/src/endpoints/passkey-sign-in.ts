import { defineEndpoint } from '../endpoint.js';
import { passkeyCeremony, passkeySecondFactorInput, passkeySecondFactorOptionsInput, passkeySignInInput } from '../entities/passkeys.js';
import { acceptedLoginResult, loginResult } from '../entities/session.js';

/*
 * Signing in with a passkey (decision 0050): alone, or as a sign-in's second step. A group of its own: the sign-in page
 * loads these schemas, and SimpleWebAuthn, only when a passkey button is pressed.
 */
const tag = 'Auth';

export const startPasskeySignIn = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/passkey/options',
  summary: 'Begin a sign-in with a passkey alone: WebAuthn request options (any discoverable credential) and the ceremony’s token',
  tag,
  access: 'public',
  result: passkeyCeremony,
});

export const completePasskeySignIn = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/passkey',
  summary: 'Finish a sign-in with a passkey alone: the ceremony’s token and the assertion; answers the spec’s session',
  tag,
  access: 'public',
  body: passkeySignInInput,
  result: loginResult,
  accepts: acceptedLoginResult,
});

export const startPasskeySecondFactor = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/login/second-factor/passkey/options',
  summary: 'A sign-in’s second step with a passkey: request options naming the pending sign-in’s passkeys, and the ceremony’s token',
  tag,
  access: 'public',
  body: passkeySecondFactorOptionsInput,
  result: passkeyCeremony,
});

export const completePasskeySecondFactor = defineEndpoint({
  method: 'POST',
  path: '/crm/auth/login/second-factor/passkey',
  summary: 'Finish a sign-in’s second step with an assertion of one of the person’s passkeys; answers the spec’s session',
  tag,
  access: 'public',
  body: passkeySecondFactorInput,
  result: loginResult,
  accepts: acceptedLoginResult,
});
