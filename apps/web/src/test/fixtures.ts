import type { LoginResult, StoredSession } from '@portal/contract';
import { toStoredSession } from '../shared/session/session-store';

/** A successful sign-in as the server would answer it; override what a test cares about. */
export function aLoginResult(overrides: Partial<LoginResult> = {}): LoginResult {
  return {
    access_token: 'access-token-1',
    refresh_token: 'refresh-token-1',
    token: 'access-token-1',
    exp: 1_900_000_000,
    expireDate: '2030-03-17T17:46:40.000Z',
    pk: 42,
    id: 42,
    email: 'dana.reyes@northwind.example',
    firstname: 'Dana',
    lastname: 'Reyes',
    admin_group: false,
    billing_group: false,
    technical_group: false,
    time_zone: 'US/Eastern',
    ui_color_mode: 'light',
    account_id: 7,
    account: { billing_api_id: 'bill-7', name: 'Northwind Traders' },
    ...overrides,
  };
}

/** The session a signed-in browser keeps in local storage. */
export function aStoredSession(overrides: Partial<Omit<StoredSession, 'auth'>> & { admin_group?: boolean; billing_group?: boolean } = {}): StoredSession {
  const { admin_group = false, billing_group = false, ...rest } = overrides;
  return {
    ...toStoredSession(aLoginResult({ technical_group: false })),
    auth: { admin_group, billing_group },
    ...rest,
  };
}

/** A `fetch` answer carrying a JSON body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
