/* The HTTP layer of the API client: no session here (see api-client.ts). */
import {
  acceptedResultOf,
  acceptedSuccessEnvelope,
  buildPath,
  errorEnvelope,
  type AcceptedResultOf,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
} from '@portal/contract';
import { portalConfig } from '../config';
import { ApiError, defaultMessageForStatus, NETWORK_ERROR_STATUS, UNREADABLE_RESPONSE_MESSAGE } from './api-error';

export interface ApiCallOptions<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  /**
   * Bearer token where the endpoint asks for one of its own (the refresh or reset token). Signed-in
   * calls leave it out: `apiCall` takes the session's access token itself.
   */
  token?: string | null;
  signal?: AbortSignal;
  /** Lets the request outlive the page, e.g. the logout call during a redirect. */
  keepalive?: boolean;
  /** Headers an endpoint asks for besides the token, e.g. a payment's Idempotency-Key. */
  headers?: Record<string, string>;
}

type QueryValue = string | number | boolean | null | undefined;

/** What a successful answer carries besides its result: the server's own wording, if any. */
export interface ApiAnswer<T> {
  result: T;
  message?: string;
}

/**
 * One request to one endpoint of the contract, with exactly the token given, and its typed answer,
 * read as any portal API that answers as the spec describes may send it (the endpoint's `accepts`).
 * Rejects with `ApiError` for every failure — HTTP errors, network errors and answers that do not
 * match the contract — so callers handle one error type. Aborts are rethrown untouched.
 * The session (shared/session) uses it for its own calls; screens use `apiCall`.
 */
export async function requestEndpoint<E extends Endpoint>(endpoint: E, options: ApiCallOptions<E> = {}): Promise<ApiAnswer<AcceptedResultOf<E>>> {
  const { token } = options;
  const url = endpointUrl(endpoint, options);
  const headers: Record<string, string> = { ...options.headers, Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: endpoint.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (isAbort(error)) throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, defaultMessageForStatus(NETWORK_ERROR_STATUS), { cause: error });
  }

  // A spec-shaped server may answer a write with no body at all (204): an envelope with no result.
  const payload = (await readJson(response)) ?? (response.ok ? {} : undefined);

  if (response.ok) {
    const success = acceptedSuccessEnvelope(acceptedResultOf(endpoint)).safeParse(payload);
    if (success.success) return { result: success.data.result as AcceptedResultOf<E>, message: success.data.message };
  }

  const failure = errorEnvelope.safeParse(payload);
  if (failure.success) {
    throw new ApiError(response.status, failure.data.message, {
      fields: failure.data.fields,
      code: failure.data.code,
      fromServer: true,
      requestId: failure.data.request_id ?? requestIdOf(response),
    });
  }
  if (response.ok) {
    throw new ApiError(response.status, UNREADABLE_RESPONSE_MESSAGE, { code: 'contract_mismatch', requestId: requestIdOf(response) });
  }
  throw new ApiError(response.status, defaultMessageForStatus(response.status), { requestId: requestIdOf(response) });
}

/** The URL of one call: the configured API base, the filled path and the query. */
export function endpointUrl<E extends Endpoint>(endpoint: E, options: ApiCallOptions<E>): string {
  const base = portalConfig.apiBase.replace(/\/+$/, '');
  const path = buildPath(endpoint.path, (options.params ?? {}) as Record<string, string | number>);
  const search = toSearchParams((options.query ?? {}) as Record<string, QueryValue | QueryValue[]>).toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

function toSearchParams(query: Record<string, QueryValue | QueryValue[]>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== undefined && item !== null) search.append(name, String(item));
    }
  }
  return search;
}

/** The body as JSON, or `undefined` when it is empty or not JSON (a proxy's HTML error page). */
export async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** The portal's id of this request (a proxy's own error page may carry none). */
export function requestIdOf(response: Response): string | undefined {
  return response.headers?.get('x-request-id') ?? undefined;
}
