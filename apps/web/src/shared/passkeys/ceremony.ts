import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { PasskeyAssertion, PasskeyCeremony, PasskeyRegistrationInput } from '@portal/contract';
import { errorMessage } from '../api';

/*
 * The browser's side of a passkey ceremony (decision 0050), by SimpleWebAuthn. Only ever imported dynamically, when a
 * passkey button is pressed: the sign-in page's first load carries neither this nor the library.
 */

export const PASSKEY_PROMPT_CLOSED = 'The passkey prompt was closed or timed out. Please try again.';
export const PASSKEYS_UNSUPPORTED = 'This browser cannot use passkeys. Please sign in with your password.';

/** A failure the browser (not the server) reported: the person closed the prompt, or no passkey was there. */
class PasskeyPromptError extends Error {}

async function inBrowser<T>(ceremony: () => Promise<T>): Promise<T> {
  if (typeof window.PublicKeyCredential !== 'function') throw new PasskeyPromptError(PASSKEYS_UNSUPPORTED);
  try {
    return await ceremony();
  } catch (error) {
    // NotAllowedError, AbortError, InvalidStateError…: the browser's own words are not for the person.
    throw new PasskeyPromptError(error instanceof Error && error.name === 'InvalidStateError' ? 'This passkey is registered already.' : PASSKEY_PROMPT_CLOSED);
  }
}

/** The authenticator's answer to a sign-in ceremony. */
export const askForPasskey = (ceremony: PasskeyCeremony): Promise<PasskeyAssertion> =>
  inBrowser(() => startAuthentication({ optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON }));

/** A new passkey from the authenticator, for a registration ceremony. */
export const createPasskey = (ceremony: PasskeyCeremony): Promise<PasskeyRegistrationInput['credential']> =>
  inBrowser(async () => {
    const created = await startRegistration({ optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON });
    return created as PasskeyRegistrationInput['credential'];
  });

/** What to tell the person when a ceremony failed: the browser's refusal, the server's message, or `fallback`. */
export const passkeyFailure = (error: unknown, fallback: string): string =>
  error instanceof PasskeyPromptError ? error.message : errorMessage(error, fallback);
