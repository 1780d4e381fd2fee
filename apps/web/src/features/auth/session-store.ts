import { storedSession, type LoginResult, type StoredSession } from '@portal/contract';

/** Local-storage keys of spec §3, kept as the original portal named them. */
export const SESSION_STORAGE_KEY = 'userDetails';
export const IMPERSONATING_STORAGE_KEY = 'impersonating';

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
}

export function clearSession(storage: Storage = window.localStorage): void {
  storage.removeItem(SESSION_STORAGE_KEY);
  storage.removeItem(IMPERSONATING_STORAGE_KEY);
}

export function isImpersonating(storage: Storage = window.localStorage): boolean {
  return storage.getItem(IMPERSONATING_STORAGE_KEY) === 'true';
}

export function setImpersonating(impersonating: boolean, storage: Storage = window.localStorage): void {
  if (impersonating) storage.setItem(IMPERSONATING_STORAGE_KEY, 'true');
  else storage.removeItem(IMPERSONATING_STORAGE_KEY);
}

/** The browser keeps the role flags under `auth` (spec §3), the server sends them flat. */
export function toStoredSession(login: LoginResult): StoredSession {
  return {
    id: login.id,
    pk: login.pk,
    email: login.email,
    firstname: login.firstname,
    lastname: login.lastname,
    access_token: login.access_token,
    refresh_token: login.refresh_token,
    token: login.token,
    auth: { admin_group: login.admin_group, billing_group: login.billing_group },
    technical_group: login.technical_group,
    time_zone: login.time_zone,
    ui_color_mode: login.ui_color_mode,
    exp: login.exp,
    expireDate: login.expireDate,
    account_id: login.account_id,
    account: login.account,
  };
}
