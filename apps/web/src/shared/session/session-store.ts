import { storedSession, type AcceptedLoginResult, type StoredSession } from '@portal/contract';
import { accessTokenExpiry } from './access-token-expiry';

import { SESSION_STORAGE_KEY, SIGNED_OUT_REASON_KEY } from './storage-keys';

export { SESSION_STORAGE_KEY, SIGNED_OUT_REASON_KEY };
/** Local-storage keys of docs/product.md §3, kept as the original portal named them. */
export const IMPERSONATING_STORAGE_KEY = 'impersonating';
/** Who opened an impersonated session (the login result's impersonated_by), for the banner. */
export const IMPERSONATED_BY_STORAGE_KEY = 'impersonatedBy';
/** Session-storage flag of docs/product.md §3: when 'true', a token in the URL does not start a sign-in. */
export const PREVENT_AUTO_LOGIN_KEY = 'preventAutoLogin';

type SessionListener = (session: StoredSession | null) => void;
const listeners = new Set<SessionListener>();

/**
 * Called after this tab stores a new session or clears it (a refresh by the API client, a sign-in,
 * a sign-out); other tabs' changes arrive as `storage` events instead. Returns the unsubscribe.
 */
export function subscribeToSession(listener: SessionListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const notify = (session: StoredSession | null) => listeners.forEach((listener) => listener(session));

/** The stored session, or `null` when there is none or it cannot be trusted (garbage means signed out). */
export function readSession(storage: Storage = window.localStorage): StoredSession | null {
  const raw = storage.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = storedSession.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession, storage: Storage = window.localStorage): void {
  storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  notify(session);
}

export function clearSession(storage: Storage = window.localStorage): void {
  storage.removeItem(SESSION_STORAGE_KEY);
  storage.removeItem(IMPERSONATING_STORAGE_KEY);
  storage.removeItem(IMPERSONATED_BY_STORAGE_KEY);
  notify(null);
}

export function isImpersonating(storage: Storage = window.localStorage): boolean {
  return storage.getItem(IMPERSONATING_STORAGE_KEY) === 'true';
}

export function setImpersonating(impersonating: boolean, storage: Storage = window.localStorage): void {
  if (impersonating) storage.setItem(IMPERSONATING_STORAGE_KEY, 'true');
  else storage.removeItem(IMPERSONATING_STORAGE_KEY);
}

/** The staff member impersonating the signed-in user, or `null` when nobody is. */
export function impersonatedBy(storage: Storage = window.localStorage): string | null {
  if (!isImpersonating(storage)) return null;
  return storage.getItem(IMPERSONATED_BY_STORAGE_KEY) || 'provider staff';
}

/** Keeps the impersonation flag and name in step with a login, refresh or token-login result. */
export function writeImpersonation(by: string | null | undefined, storage: Storage = window.localStorage): void {
  setImpersonating(Boolean(by), storage);
  if (by) storage.setItem(IMPERSONATED_BY_STORAGE_KEY, by);
  else storage.removeItem(IMPERSONATED_BY_STORAGE_KEY);
}

/** Stores a fresh sign-in (login, refresh or token login) and returns the stored shape. */
export function storeLogin(login: AcceptedLoginResult, storage: Storage = window.localStorage): StoredSession {
  const session = toStoredSession(login);
  writeSession(session, storage);
  writeImpersonation(login.impersonated_by, storage);
  return session;
}

/** docs/product.md §4: a stored session is restored while its expireDate lies in the future. */
export function isSessionCurrent(session: StoredSession, now: number = Date.now()): boolean {
  const expires = Date.parse(session.expireDate);
  return Number.isFinite(expires) && expires > now;
}

export function isAutoLoginPrevented(storage: Storage = window.sessionStorage): boolean {
  return storage.getItem(PREVENT_AUTO_LOGIN_KEY) === 'true';
}

/**
 * The browser keeps the role flags under `auth` (docs/product.md §3), the server sends them flat.
 * A sign-in with only the spec's fields (§7 Auth) still makes a complete stored session: `id` is the
 * pk, `token` the access token, and the expiry comes from the access token (access-token-expiry.ts).
 * time_zone and ui_color_mode stay unset when the answer has none: the screens then use the
 * product's default zone (useSignedInUser) and this browser's theme (app/color-scheme.ts).
 */
export function toStoredSession(login: AcceptedLoginResult, now: number = Date.now()): StoredSession {
  const expiry =
    login.exp !== undefined && login.expireDate !== undefined ? { exp: login.exp, expireDate: login.expireDate } : accessTokenExpiry(login.access_token, now);
  return {
    id: login.id ?? login.pk,
    pk: login.pk,
    email: login.email,
    firstname: login.firstname,
    lastname: login.lastname,
    access_token: login.access_token,
    refresh_token: login.refresh_token,
    token: login.token ?? login.access_token,
    auth: { admin_group: login.admin_group, billing_group: login.billing_group },
    technical_group: login.technical_group ?? false,
    time_zone: login.time_zone,
    ui_color_mode: login.ui_color_mode,
    ...expiry,
    account_id: login.account_id,
    account: login.account,
  };
}

export type SignedOutReason = 'signed-out' | 'expired';
export const SIGNED_OUT_MESSAGES: Record<SignedOutReason, string> = {
  'signed-out': 'You have been signed out.',
  expired: 'Your session has expired. Please sign in again.',
};

export function rememberSignedOutReason(reason: SignedOutReason, storage: Storage = window.sessionStorage): void {
  storage.setItem(SIGNED_OUT_REASON_KEY, reason);
}

/** None when the server prerenders the sign-in page (src/prerender.tsx): there is no tab there. */
const browserSessionStorage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.sessionStorage);

export function signedOutMessage(storage: Storage | undefined = browserSessionStorage()): string | null {
  const reason = storage?.getItem(SIGNED_OUT_REASON_KEY);
  return reason === 'signed-out' || reason === 'expired' ? SIGNED_OUT_MESSAGES[reason] : null;
}

/** Once shown, the reason is forgotten, so a reload of the sign-in page does not repeat it. */
export function forgetSignedOutReason(storage: Storage = window.sessionStorage): void {
  storage.removeItem(SIGNED_OUT_REASON_KEY);
}
