import { passkeySignInEndpoints, type AcceptedLoginResult } from '@portal/contract';
import { apiCall } from '../../../shared/api';
import { askForPasskey } from '../../../shared/passkeys/ceremony';

/* Signing in with a passkey (decision 0050). Imported only when a passkey button is pressed (the sign-in page's budget). */
export { passkeyFailure } from '../../../shared/passkeys/ceremony';

/** A passkey alone: the browser offers the person's passkeys of this site; no address is typed. */
export async function signInWithPasskey(): Promise<AcceptedLoginResult> {
  const ceremony = await apiCall(passkeySignInEndpoints.startPasskeySignIn);
  const credential = await askForPasskey(ceremony);
  return apiCall(passkeySignInEndpoints.completePasskeySignIn, { body: { token: ceremony.token, credential } });
}

/** A sign-in's second step with one of the person's passkeys. */
export async function completeSecondFactorWithPasskey(pendingToken: string): Promise<AcceptedLoginResult> {
  const ceremony = await apiCall(passkeySignInEndpoints.startPasskeySecondFactor, { body: { pending_token: pendingToken } });
  const credential = await askForPasskey(ceremony);
  return apiCall(passkeySignInEndpoints.completePasskeySecondFactor, { body: { pending_token: pendingToken, token: ceremony.token, credential } });
}
