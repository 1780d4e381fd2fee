import type { AcceptedResultOf, Endpoint } from '@portal/contract';
import { refreshSession } from '../session/session-refresh';
import { readSession } from '../session/session-store';
import { ApiError } from './api-error';
import { requestEndpoint, type ApiAnswer, type ApiCallOptions } from './request';

/**
 * Which endpoints' bearer is the session's access token; only their 401 answers start a refresh. Every kind of access
 * is named, so a new one cannot go out without its token unnoticed (the typecheck asks for it here).
 */
const USES_ACCESS_TOKEN: Record<Endpoint['access'], boolean> = {
  user: true,
  admin: true,
  billing: true,
  technical: true,
  public: false,
  refresh: false,
  reset: false,
  provider: false,
};

/**
 * Calls one endpoint of the contract and returns its typed `result`; every failure rejects with
 * `ApiError`. Signed-in endpoints carry the session's access token, taken here: no screen, query
 * or component ever handles a token. A call answered 401 (the access token expired) refreshes the
 * session once — shared by concurrent calls and tabs — and is retried; when no fresh session comes
 * (the sign-in ended), the original 401 is thrown and the session is gone.
 */
export async function apiCall<E extends Endpoint>(endpoint: E, options: ApiCallOptions<E> = {}): Promise<AcceptedResultOf<E>> {
  return (await apiCallWithMessage(endpoint, options)).result;
}

/** `apiCall`, keeping the success envelope's `message` (e.g. "We have sent a link…"), for screens that show it. */
export async function apiCallWithMessage<E extends Endpoint>(endpoint: E, options: ApiCallOptions<E> = {}): Promise<ApiAnswer<AcceptedResultOf<E>>> {
  const usesSession = USES_ACCESS_TOKEN[endpoint.access] && options.token === undefined;
  const token = usesSession ? (readSession()?.access_token ?? null) : options.token;
  try {
    return await requestEndpoint(endpoint, { ...options, token });
  } catch (error) {
    const renewable = usesSession && token && error instanceof ApiError && error.status === 401 && !options.signal?.aborted;
    if (!renewable) throw error;
    const refreshed = await refreshSession(token).catch(() => null);
    if (!refreshed) throw error;
    return requestEndpoint(endpoint, { ...options, token: refreshed.access_token });
  }
}
