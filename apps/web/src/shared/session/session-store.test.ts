import { describe, expect, it } from 'vitest';
import { aLoginResult, aStoredSession } from '../../test/fixtures';
import {
  clearSession,
  IMPERSONATED_BY_STORAGE_KEY,
  impersonatedBy,
  isAutoLoginPrevented,
  isSessionCurrent,
  PREVENT_AUTO_LOGIN_KEY,
  storeLogin,
  IMPERSONATING_STORAGE_KEY,
  isImpersonating,
  readSession,
  SESSION_STORAGE_KEY,
  setImpersonating,
  toStoredSession,
  writeSession,
} from './session-store';

describe('session store', () => {
  it('reads back what it wrote under userDetails', () => {
    const session = aStoredSession({ admin_group: true });
    writeSession(session);
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '')).toEqual(session);
    expect(readSession()).toEqual(session);
  });

  it('treats a missing, unparseable or wrongly shaped value as signed out', () => {
    expect(readSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(readSession()).toBeNull();
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ email: 'x@example.com' }));
    expect(readSession()).toBeNull();
  });

  it('clears the session together with the impersonating flag', () => {
    writeSession(aStoredSession());
    setImpersonating(true);
    expect(isImpersonating()).toBe(true);

    clearSession();

    expect(readSession()).toBeNull();
    expect(localStorage.getItem(IMPERSONATING_STORAGE_KEY)).toBeNull();
    expect(isImpersonating()).toBe(false);
  });

  it('maps a login result to the stored shape with the flags under auth', () => {
    const session = toStoredSession(aLoginResult({ admin_group: true, billing_group: false, technical_group: true }));
    expect(session.auth).toEqual({ admin_group: true, billing_group: false });
    expect(session.technical_group).toBe(true);
    expect(session).not.toHaveProperty('admin_group');
    expect(session.account).toEqual({ billing_api_id: 'bill-7', name: 'Northwind Traders' });
  });
});

describe('session lifetime and impersonation', () => {
  it('treats a session as current only while expireDate lies ahead', () => {
    const now = Date.parse('2026-11-21T12:00:00.000Z');
    expect(isSessionCurrent(aStoredSession({ expireDate: '2026-11-21T12:00:01.000Z' }), now)).toBe(true);
    expect(isSessionCurrent(aStoredSession({ expireDate: '2026-11-21T12:00:00.000Z' }), now)).toBe(false);
    expect(isSessionCurrent(aStoredSession({ expireDate: 'not a date' }), now)).toBe(false);
  });

  it('stores a token login with the impersonating flag and who impersonates', () => {
    storeLogin(aLoginResult({ impersonated_by: 'Sam Staff' }));
    expect(localStorage.getItem(IMPERSONATING_STORAGE_KEY)).toBe('true');
    expect(impersonatedBy()).toBe('Sam Staff');
    expect(readSession()?.email).toBe('dana.reyes@northwind.example');
  });

  it('an ordinary sign-in clears an earlier impersonation', () => {
    storeLogin(aLoginResult({ impersonated_by: 'Sam Staff' }));
    storeLogin(aLoginResult({ impersonated_by: null }));
    expect(isImpersonating()).toBe(false);
    expect(impersonatedBy()).toBeNull();
    expect(localStorage.getItem(IMPERSONATED_BY_STORAGE_KEY)).toBeNull();
  });

  it("reads the session flag preventAutoLogin as on only when it is 'true'", () => {
    expect(isAutoLoginPrevented()).toBe(false);
    sessionStorage.setItem(PREVENT_AUTO_LOGIN_KEY, 'false');
    expect(isAutoLoginPrevented()).toBe(false);
    sessionStorage.setItem(PREVENT_AUTO_LOGIN_KEY, 'true');
    expect(isAutoLoginPrevented()).toBe(true);
    sessionStorage.clear();
  });
});
