import { authEndpoints, type CurrentUser } from '@portal/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { apiCall, ApiError } from '../api';
import { aLoginResult, aStoredSession, jsonResponse } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { IMPERSONATED_BY_STORAGE_KEY, IMPERSONATING_STORAGE_KEY, PREVENT_AUTO_LOGIN_KEY, readSession, SESSION_STORAGE_KEY } from './session-store';
import { useSession } from './SessionProvider';
import { useSignOut } from './use-sign-out';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const network = stubFetchForEachTest();
afterEach(() => {
  sessionStorage.clear();
});

const PAST = '2020-01-01T00:00:00.000Z';
const FUTURE = '2030-03-17T17:46:40.000Z';

function aCurrentUser(): CurrentUser {
  return {
    pk: 42,
    email: 'dana.reyes@northwind.example',
    firstname: 'Dana',
    lastname: 'Reyes',
    admin_group: false,
    billing_group: false,
    technical_group: false,
    time_zone: 'US/Eastern',
    account_id: 7,
    account: { billing_api_id: 'bill-7', name: 'Northwind Traders' },
    impersonated_by: null,
  };
}

/** Shows what the session context and the router hold, and calls a signed-in endpoint on demand. */
function SessionProbe() {
  const { session, user, impersonatedBy, notice } = useSession();
  const signOut = useSignOut();
  const { pathname, search } = useLocation();
  const [calls, setCalls] = useState<string[]>([]);
  const callMeTwice = () => {
    // As every screen does: the API client takes the token from the session.
    for (let i = 0; i < 2; i += 1) {
      apiCall(authEndpoints.me).then(
        (me) => setCalls((done) => [...done, `ok:${me.email}`]),
        (error: unknown) => setCalls((done) => [...done, `failed:${error instanceof ApiError ? error.status : '?'}`]),
      );
    }
  };
  return (
    <div>
      <output data-testid="who">{user ? user.email : 'signed out'}</output>
      <output data-testid="token">{session?.access_token ?? ''}</output>
      <output data-testid="impersonated-by">{impersonatedBy ?? ''}</output>
      <output data-testid="notice">{notice ?? ''}</output>
      <output data-testid="url">{pathname + search}</output>
      <output data-testid="calls">{calls.join(',')}</output>
      <button type="button" onClick={callMeTwice}>
        Call me twice
      </button>
      <button type="button" onClick={signOut}>
        Sign out
      </button>
    </div>
  );
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

function requestsTo(path: string) {
  return network.fetch.mock.calls.filter(([url]) => String(url).startsWith(`/api${path}`));
}

function headerOf(call: Parameters<typeof fetch> | undefined, name: string): string | undefined {
  return (call?.[1]?.headers as Record<string, string> | undefined)?.[name];
}

describe('session on load (docs/product.md §4)', () => {
  it('restores a stored session whose expireDate lies ahead, without a request', async () => {
    renderWithProviders(<SessionProbe />, { route: '/apps', session: aStoredSession({ expireDate: FUTURE }) });

    expect(await screen.findByTestId('who')).toHaveTextContent('dana.reyes@northwind.example');
    expect(network.fetch).not.toHaveBeenCalled();
  });

  it('refreshes an expired session once, with the stored refresh token, and keeps the user signed in', async () => {
    network.fetch.mockResolvedValue(
      jsonResponse({ errors: false, result: aLoginResult({ access_token: 'access-2', refresh_token: 'refresh-2', expireDate: FUTURE }) }),
    );
    renderWithProviders(<SessionProbe />, { route: '/apps', session: aStoredSession({ expireDate: PAST }) });

    expect(screen.getByRole('status')).toHaveTextContent('Restoring your session');
    await waitFor(() => expect(text('token')).toBe('access-2'));
    expect(network.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = network.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/crm/auth/refresh');
    expect(init?.method).toBe('GET');
    expect(headerOf(network.fetch.mock.calls[0], 'Authorization')).toBe('Bearer refresh-token-1');
    expect(readSession()).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-2' });
  });

  it('signs out when the refresh of an expired session fails', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: true, message: 'Your session has expired. Please sign in again.' }, 401));
    renderWithProviders(<SessionProbe />, { route: '/apps', session: aStoredSession({ expireDate: PAST }) });
    localStorage.setItem(IMPERSONATING_STORAGE_KEY, 'true');

    await waitFor(() => expect(text('who')).toBe('signed out'));
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(IMPERSONATING_STORAGE_KEY)).toBeNull();
  });

  it('clears a stored session on the password-change path and does not token-login there', async () => {
    renderWithProviders(<SessionProbe />, { route: '/page-change-password?token=reset-1', session: aStoredSession() });

    expect(await screen.findByTestId('who')).toHaveTextContent('signed out');
    expect(readSession()).toBeNull();
    expect(requestsTo('/crm/auth/token-login')).toHaveLength(0);
    // The dropped session is revoked on the server.
    await waitFor(() => expect(requestsTo('/crm/auth/logout')).toHaveLength(1));
    expect(text('url')).toBe('/page-change-password?token=reset-1');
  });
});

describe('impersonation sign-in from the URL (docs/product.md §4, §6)', () => {
  it('exchanges the token, stores the session with the impersonating flag, and removes the token from the URL', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: aLoginResult({ access_token: 'imp-access', impersonated_by: 'Sam Staff' }) }));
    renderWithProviders(<SessionProbe />, { route: '/apps?token=one-time-1&tab=2' });

    expect(screen.getByRole('status')).toHaveTextContent('Signing you in');
    await waitFor(() => expect(text('token')).toBe('imp-access'));
    await waitFor(() => expect(text('url')).toBe('/apps?tab=2'));
    expect(text('impersonated-by')).toBe('Sam Staff');
    expect(localStorage.getItem(IMPERSONATING_STORAGE_KEY)).toBe('true');
    expect(localStorage.getItem(IMPERSONATED_BY_STORAGE_KEY)).toBe('Sam Staff');
    const [url, init] = network.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/crm/auth/token-login');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ token: 'one-time-1' }));
  });

  it('replaces a session already stored, revoking the old one', async () => {
    network.fetch.mockImplementation(async (url) =>
      String(url).endsWith('/token-login')
        ? jsonResponse({ errors: false, result: aLoginResult({ access_token: 'imp-access', refresh_token: 'imp-refresh', impersonated_by: 'Sam Staff' }) })
        : jsonResponse({ errors: false, result: null }),
    );
    renderWithProviders(<SessionProbe />, { route: '/apps?token=one-time-1', session: aStoredSession() });

    await waitFor(() => expect(text('token')).toBe('imp-access'));
    await waitFor(() => expect(requestsTo('/crm/auth/logout')).toHaveLength(1));
    expect(requestsTo('/crm/auth/logout')[0]?.[1]?.body).toBe(JSON.stringify({ refresh_token: 'refresh-token-1' }));
  });

  it("leaves the user signed out with the spec's message when the token is refused", async () => {
    network.fetch.mockImplementation(async (url) =>
      String(url).endsWith('/token-login')
        ? jsonResponse({ errors: true, message: 'Invalid token for impersonate login' }, 401)
        : jsonResponse({ errors: false, result: null }),
    );
    renderWithProviders(<SessionProbe />, { route: '/apps?token=used-already', session: aStoredSession() });

    await waitFor(() => expect(text('notice')).toBe('Invalid token for impersonate login'));
    expect(text('who')).toBe('signed out');
    expect(readSession()).toBeNull();
    await waitFor(() => expect(text('url')).toBe('/apps'));
  });

  it("falls back to 'Invalid token for impersonate login' when the server gives no message", async () => {
    network.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    renderWithProviders(<SessionProbe />, { route: '/apps?token=x' });

    await waitFor(() => expect(text('notice')).toBe('Invalid token for impersonate login'));
  });

  it("does not use the token when the session flag preventAutoLogin is 'true'", async () => {
    sessionStorage.setItem(PREVENT_AUTO_LOGIN_KEY, 'true');
    renderWithProviders(<SessionProbe />, { route: '/apps?token=one-time-1', session: aStoredSession() });

    expect(await screen.findByTestId('who')).toHaveTextContent('dana.reyes@northwind.example');
    expect(network.fetch).not.toHaveBeenCalled();
  });
});

describe('signed-in calls answered 401 (access token expired)', () => {
  it('refresh once for concurrent calls, retry each with the new token', async () => {
    let refreshes = 0;
    network.fetch.mockImplementation(async (url, init) => {
      const auth = (init?.headers as Record<string, string>).Authorization;
      if (String(url).endsWith('/crm/auth/refresh')) {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return jsonResponse({ errors: false, result: aLoginResult({ access_token: 'access-2', refresh_token: 'refresh-2', expireDate: FUTURE }) });
      }
      if (auth === 'Bearer access-2') return jsonResponse({ errors: false, result: aCurrentUser() });
      return jsonResponse({ errors: true, message: 'Your session has expired. Please sign in again.' }, 401);
    });
    const user = userEvent.setup();
    renderWithProviders(<SessionProbe />, { route: '/apps', session: aStoredSession() });

    await user.click(screen.getByRole('button', { name: 'Call me twice' }));

    await waitFor(() => expect(text('calls')).toBe('ok:dana.reyes@northwind.example,ok:dana.reyes@northwind.example'));
    expect(refreshes).toBe(1);
    expect(headerOf(requestsTo('/crm/auth/refresh')[0], 'Authorization')).toBe('Bearer refresh-token-1');
    expect(requestsTo('/crm/auth/me')).toHaveLength(4);
    expect(text('token')).toBe('access-2');
    expect(readSession()?.refresh_token).toBe('refresh-2');
  });

  it('signs out when the refresh fails, and the calls fail with their 401', async () => {
    network.fetch.mockImplementation(async () => jsonResponse({ errors: true, message: 'Your session has expired. Please sign in again.' }, 401));
    const user = userEvent.setup();
    renderWithProviders(<SessionProbe />, { route: '/apps', session: aStoredSession() });

    await user.click(screen.getByRole('button', { name: 'Call me twice' }));

    await waitFor(() => expect(text('calls')).toBe('failed:401,failed:401'));
    expect(requestsTo('/crm/auth/refresh')).toHaveLength(1);
    expect(text('who')).toBe('signed out');
    expect(readSession()).toBeNull();
  });
});

describe('sign-out (docs/product.md §4)', () => {
  it('revokes on the server with the refresh token and bearer, clears user and impersonating flag, shows /login on a local host', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: null }));
    const user = userEvent.setup();
    renderWithProviders(<SessionProbe />, { route: '/apps', session: aStoredSession() });
    localStorage.setItem(IMPERSONATING_STORAGE_KEY, 'true');
    localStorage.setItem(IMPERSONATED_BY_STORAGE_KEY, 'Sam Staff');

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(text('url')).toBe('/login'));
    expect(text('who')).toBe('signed out');
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(IMPERSONATING_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(IMPERSONATED_BY_STORAGE_KEY)).toBeNull();
    const [url, init] = network.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/crm/auth/logout');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ refresh_token: 'refresh-token-1' }));
    expect(headerOf(network.fetch.mock.calls[0], 'Authorization')).toBe('Bearer access-token-1');
  });

  it('signs out locally even when the server cannot be reached', async () => {
    network.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderWithProviders(<SessionProbe />, { route: '/apps', session: aStoredSession() });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(text('who')).toBe('signed out'));
    expect(readSession()).toBeNull();
  });
});
