import { authEndpoints, type StoredSession } from '@portal/contract';
import { requestEndpoint } from '../api/request';
import { clearSession, isSessionCurrent, readSession, rememberSignedOutReason, storeLogin } from './session-store';

/** Held while one tab refreshes, so two tabs never send the same refresh token (reuse revokes the session). */
export const REFRESH_LOCK_NAME = 'portal-session-refresh';

let inFlight: Promise<StoredSession | null> | null = null;

/**
 * Exchanges the stored refresh token for a new session (the token rotates) and stores it; on any
 * failure the stored session is cleared (docs/product.md §4/§8: "Refresh failure: logout") and `null` comes back.
 *
 * Single-flight: concurrent callers share one request, because sending a rotated refresh token
 * again is treated by the server as theft and ends the whole sign-in. Across tabs the Web Locks API
 * serialises refreshes; a caller whose rejected access token was already replaced (by another call
 * or tab) gets the current session without a request.
 */
export function refreshSession(rejectedAccessToken?: string): Promise<StoredSession | null> {
  inFlight ??= withRefreshLock(() => refreshNow(rejectedAccessToken)).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function refreshNow(rejectedAccessToken: string | undefined): Promise<StoredSession | null> {
  const stored = readSession();
  if (!stored) return null;
  if (rejectedAccessToken !== undefined && stored.access_token !== rejectedAccessToken && isSessionCurrent(stored)) {
    return stored;
  }
  try {
    return storeLogin((await requestEndpoint(authEndpoints.refresh, { token: stored.refresh_token })).result);
  } catch {
    clearSession();
    rememberSignedOutReason('expired');
    return null;
  }
}

function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(REFRESH_LOCK_NAME, work) as Promise<T>) : work();
}
