// The session is shared infrastructure: who is signed in, their stored tokens, refresh and sign-out.
// The API client reads and renews the token itself, so no screen ever handles one.
export { SessionProvider, useSession, opensSignedOut, type SessionFlags, type SessionStatus, type SessionUser, CHANGE_PASSWORD_PATH } from './SessionProvider';
export { useSignedInUser, type SignedInUser, type SignedInUserChanges } from './signed-in-user';
export { useSignOut } from './use-sign-out';
export { forgetSignedOutReason, signedOutMessage } from './session-store';
export { flagsGrant, type ScreenAccess } from './access';
