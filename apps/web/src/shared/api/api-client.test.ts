import { authEndpoints, billingEndpoints, inventoryEndpoints, supportToolsEndpoints, ticketsEndpoints, usersEndpoints } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { aLoginResult, aStoredSession, jsonResponse } from '../../test/fixtures';
import { readSession, writeSession } from '../session/session-store';
import { apiCall, apiCallWithMessage } from './api-client';
import { ApiError, errorMessage, NETWORK_ERROR_STATUS } from './api-error';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const network = stubFetchForEachTest();

function lastRequest(): { url: string; init: RequestInit } {
  const [url, init] = network.fetch.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {} };
}

async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiCall', () => {
  it('posts JSON to the endpoint under the API base and returns the typed result', async () => {
    const login = aLoginResult();
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: login }));

    const result = await apiCall(authEndpoints.login, { body: { username: 'dana@northwind.example', password: 'secret' } });

    expect(result).toEqual(login);
    const { url, init } = lastRequest();
    expect(url).toBe('/api/crm/auth/login');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ username: 'dana@northwind.example', password: 'secret' }));
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
    expect(init.headers).not.toHaveProperty('Authorization');
  });

  it('fills path parameters, adds the query and sends the bearer token', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: null }));

    await apiCall(usersEndpoints.removeLicense, { params: { id: 12, licenseId: 3 }, token: 'access-1' });
    expect(lastRequest().url).toBe('/api/crm/contacts/12/licenses/3');
    expect(lastRequest().init.method).toBe('DELETE');
    expect(lastRequest().init.headers).toMatchObject({ Authorization: 'Bearer access-1' });
    expect(lastRequest().init.body).toBeUndefined();

    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: { tickets: [], total_count: 0, is_admin_view: false } }));
    await apiCall(ticketsEndpoints.listTickets, { query: { limit: 100, search: 'printer & fax', sort: 'newest' }, token: 'a' });
    expect(lastRequest().url).toBe('/api/crm/nable-tickets?limit=100&search=printer+%26+fax&sort=newest');
  });

  it('throws an ApiError with the server message, status and field messages', async () => {
    network.fetch.mockResolvedValue(
      jsonResponse(
        { errors: true, message: 'Please correct the highlighted fields.', code: 'validation_failed', fields: { username: 'Username is required' } },
        400,
      ),
    );

    const error = await rejectionOf(apiCall(authEndpoints.login, { body: { username: '', password: 'x' } }));

    expect(error.status).toBe(400);
    expect(error.message).toBe('Please correct the highlighted fields.');
    expect(error.fields).toEqual({ username: 'Username is required' });
    expect(error.code).toBe('validation_failed');
    expect(error.fromServer).toBe(true);
    expect(errorMessage(error, 'Login failed')).toBe('Please correct the highlighted fields.');
  });

  it('turns a success answer that breaks the contract into an ApiError instead of crashing', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: { access_token: 42 } }));

    const error = await rejectionOf(apiCall(authEndpoints.login, { body: { username: 'a', password: 'b' } }));

    expect(error.status).toBe(200);
    expect(error.code).toBe('contract_mismatch');
    expect(error.fromServer).toBe(false);
    expect(errorMessage(error, 'Login failed')).toBe('Login failed');
  });

  it('reads a write answered 204 with no body as a result of null, and a read answered so as a broken answer', async () => {
    writeSession(aStoredSession());
    network.fetch.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(apiCall(billingEndpoints.removeStoredCard, { params: { id: 'BA-1' } })).resolves.toBeNull();

    network.fetch.mockResolvedValue(new Response(null, { status: 204 }));
    const error = await rejectionOf(apiCall(ticketsEndpoints.listTickets));
    expect(error.code).toBe('contract_mismatch');
  });

  it("names the request's reference on a failure of the portal's own, not on the caller's mistakes", async () => {
    const id = '5f0c1d2e-aaaa-4bbb-8ccc-123456789abc';
    network.fetch.mockResolvedValue(jsonResponse({ errors: true, message: 'Something went wrong on our side.', code: 'internal', request_id: id }, 500));
    const failure = await rejectionOf(apiCall(authEndpoints.login, { body: { username: 'a', password: 'b' } }));
    expect(failure.requestId).toBe(id);
    expect(errorMessage(failure, 'Login failed')).toBe(`Something went wrong on our side. Reference: ${id}`);

    network.fetch.mockResolvedValue(jsonResponse({ errors: true, message: 'Login failed', code: 'unauthenticated', request_id: id }, 401));
    const refused = await rejectionOf(apiCall(authEndpoints.login, { body: { username: 'a', password: 'b' } }));
    expect(errorMessage(refused, 'Login failed')).toBe('Login failed');

    network.fetch.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'x-request-id': 'lb-42' } }));
    const proxied = await rejectionOf(apiCall(authEndpoints.login, { body: { username: 'a', password: 'b' } }));
    expect(errorMessage(proxied, 'Login failed')).toBe('Login failed Reference: lb-42');
  });

  it('uses a client default when an error answer is not JSON (a proxy error page)', async () => {
    network.fetch.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await rejectionOf(apiCall(authEndpoints.login, { body: { username: 'a', password: 'b' } }));

    expect(error.status).toBe(502);
    expect(error.fromServer).toBe(false);
    expect(error.message).toMatch(/trouble/);
  });

  it('reports an unreachable server as a network ApiError', async () => {
    network.fetch.mockRejectedValue(new TypeError('Failed to fetch'));

    const error = await rejectionOf(apiCall(authEndpoints.login, { body: { username: 'a', password: 'b' } }));

    expect(error.status).toBe(NETWORK_ERROR_STATUS);
    expect(error.message).toMatch(/could not reach/i);
  });

  it('lets an abort through untouched so callers can ignore it', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    network.fetch.mockRejectedValue(abort);

    await expect(apiCall(authEndpoints.me, { token: 'a', signal: AbortSignal.abort() })).rejects.toBe(abort);
  });
});

describe('apiCall with an expired access token', () => {
  const expired = () => jsonResponse({ errors: true, message: 'Your session has expired. Please sign in again.' }, 401);
  const me = {
    pk: 1,
    email: 'a@b.example',
    firstname: 'A',
    lastname: 'B',
    admin_group: false,
    billing_group: false,
    technical_group: false,
    time_zone: 'UTC',
    account_id: 1,
    account: { billing_api_id: null, name: 'Acme' },
    impersonated_by: null,
  };
  const refreshed = aLoginResult({ access_token: 'access-2', refresh_token: 'refresh-2', token: 'access-2' });
  const bearerOf = (call: number) => (network.fetch.mock.calls[call]?.[1]?.headers as Record<string, string>).Authorization;
  beforeEach(() => writeSession(aStoredSession({ access_token: 'access-1', refresh_token: 'refresh-1', token: 'access-1' })));
  afterEach(() => window.localStorage.clear());

  it('takes the token from the session, refreshes it once and retries with the fresh one', async () => {
    network.fetch
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: refreshed }))
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: me }));

    await expect(apiCall(authEndpoints.me)).resolves.toEqual(me);

    expect(bearerOf(0)).toBe('Bearer access-1');
    expect(String(network.fetch.mock.calls[1]?.[0])).toBe('/api/crm/auth/refresh');
    expect(bearerOf(1)).toBe('Bearer refresh-1');
    expect(bearerOf(2)).toBe('Bearer access-2');
    expect(readSession()?.access_token).toBe('access-2');
  });

  it('sends the session’s token to every signed-in kind of endpoint: user, admin, billing and technical (decision 0031)', async () => {
    network.fetch.mockImplementation(async () => jsonResponse({ errors: false, result: [] }));
    for (const endpoint of [
      ticketsEndpoints.listTickets,
      usersEndpoints.listContacts,
      billingEndpoints.listOrders,
      inventoryEndpoints.listAssets,
      supportToolsEndpoints.listSupportTools,
    ]) {
      await apiCall(endpoint).catch(() => undefined);
      expect(lastRequest().init.headers, endpoint.path).toMatchObject({ Authorization: 'Bearer access-1' });
    }
  });

  it('does not retry a second time when the fresh token is refused too', async () => {
    network.fetch.mockImplementation(async (input) =>
      String(input).endsWith('/crm/auth/refresh') ? jsonResponse({ errors: false, result: refreshed }) : expired(),
    );

    const error = await rejectionOf(apiCall(authEndpoints.me));

    expect(error.status).toBe(401);
    expect(network.fetch).toHaveBeenCalledTimes(3);
  });

  it('rethrows the 401 and ends the session when the refresh is refused', async () => {
    network.fetch.mockResolvedValue(expired());

    const error = await rejectionOf(apiCall(authEndpoints.me));

    expect(error.message).toBe('Your session has expired. Please sign in again.');
    expect(network.fetch).toHaveBeenCalledTimes(2);
    expect(readSession()).toBeNull();
  });

  it('never renews for endpoints whose bearer is not the access token (reset, refresh) or public ones', async () => {
    network.fetch.mockImplementation(async () => expired());

    await rejectionOf(apiCall(authEndpoints.changePasswordWithResetToken, { body: { password: 'long enough' }, token: 'reset-1' }));
    await rejectionOf(apiCall(authEndpoints.refresh, { token: 'refresh-1' }));
    await rejectionOf(apiCall(authEndpoints.login, { body: { username: 'a', password: 'b' } }));

    expect(network.fetch).toHaveBeenCalledTimes(3);
    expect(network.fetch.mock.calls.map(([url]) => String(url))).toEqual(['/api/crm/myprofile', '/api/crm/auth/refresh', '/api/crm/auth/login']);
    expect(readSession()?.access_token).toBe('access-1');
  });
});

describe('apiCallWithMessage', () => {
  it("returns the success envelope's message with the result", async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: null, message: 'We have sent a link.' }));

    await expect(apiCallWithMessage(authEndpoints.requestPasswordReset, { query: { username: 'a@b.example' } })).resolves.toEqual({
      result: null,
      message: 'We have sent a link.',
    });
  });
});
