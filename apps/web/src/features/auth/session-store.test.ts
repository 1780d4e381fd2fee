import { describe, expect, it } from 'vitest';
import { aLoginResult, aStoredSession } from '../../test/fixtures';
import {
  clearSession,
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
