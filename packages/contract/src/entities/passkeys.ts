import { z } from 'zod';
import { timestamp } from './common.js';
import { singleLineText } from './text.js';

/*
 * Passkeys (issue 37, decision 0050): WebAuthn credentials registered from Profile → Security, which sign a person in
 * alone or as the second factor. The browser's ceremonies are SimpleWebAuthn's (`@simplewebauthn/browser`); these are
 * the JSON shapes it sends, bounded so that nothing huge or strange reaches the verifier.
 */

export const PASSKEY_NAME_MAX = 60;
/** How long a ceremony's challenge waits for the authenticator's answer. */
export const PASSKEY_CHALLENGE_SECONDS = 5 * 60;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'must be base64url');
const challengeToken = z.string().min(1, 'The passkey prompt has expired. Please try again.').max(200);
const transports = z
  .array(
    z
      .string()
      .max(20)
      .regex(/^[a-z-]+$/),
  )
  .max(10);
const clientExtensionResults = z.object({ credProps: z.object({ rk: z.boolean().optional() }).optional() }).default({});

/** A passkey as its owner sees it: never its key or credential id. */
export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: timestamp,
  last_used_at: timestamp.nullable(),
  /** Synced by a password manager or platform account (multi-device), rather than bound to one authenticator. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkey>;
export const passkeyList = z.array(passkey);

export const passkeyName = singleLineText('Name', 'Give the passkey a name')
  .trim()
  .min(1, 'Give the passkey a name')
  .max(PASSKEY_NAME_MAX, `The name must be at most ${PASSKEY_NAME_MAX} characters`);

/**
 * A ceremony begun: the options for `navigator.credentials` (as SimpleWebAuthn's `optionsJSON`) and the opaque,
 * single-use token that carries its challenge back to the server with the authenticator's answer.
 */
export const passkeyCeremony = z.object({
  token: z.string(),
  expires_at: timestamp,
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyCeremony = z.infer<typeof passkeyCeremony>;

/** `navigator.credentials.create()`'s answer, as SimpleWebAuthn's `startRegistration` gives it. */
export const passkeyRegistrationCredential = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65536),
    authenticatorData: base64url(65536).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});

/** `navigator.credentials.get()`'s answer, as SimpleWebAuthn's `startAuthentication` gives it. */
export const passkeyAssertion = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(2048),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults,
});
export type PasskeyAssertion = z.input<typeof passkeyAssertion>;

export const passkeyRegistrationInput = z.object({ token: challengeToken, name: passkeyName, credential: passkeyRegistrationCredential });
export type PasskeyRegistrationInput = z.input<typeof passkeyRegistrationInput>;
export const passkeyRenameInput = z.object({ name: passkeyName });

/** A sign-in with a passkey alone: the ceremony's token and the assertion. */
export const passkeySignInInput = z.object({ token: challengeToken, credential: passkeyAssertion });
/** A sign-in's second step with a passkey: the pending sign-in, the ceremony's token and the assertion. */
export const passkeySecondFactorOptionsInput = z.object({ pending_token: z.string().min(1, 'The sign-in has expired. Please sign in again.').max(200) });
export const passkeySecondFactorInput = passkeySecondFactorOptionsInput.extend({ token: challengeToken, credential: passkeyAssertion });
