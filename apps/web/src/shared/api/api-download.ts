import { errorEnvelope, type Endpoint } from '@portal/contract';
import { refreshSession } from '../session/session-refresh';
import { readSession } from '../session/session-store';
import { ApiError, defaultMessageForStatus, NETWORK_ERROR_STATUS } from './api-error';
import { endpointUrl, readJson, requestIdOf, type ApiCallOptions } from './request';

export interface DownloadedFile {
  blob: Blob;
  filename: string;
}

/** The filename of a `content-disposition` header (RFC 6266: `filename*` first, then `filename`), or undefined. */
export function filenameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  // Only the last path segment: a server's name never chooses a folder.
  return name ? name.split(/[\\/]/).pop() || undefined : undefined;
}

/**
 * Calls an endpoint that answers with a file (e.g. the support tools' build-and-download) and
 * returns it with the server's filename, or `fallbackFilename` when the answer names none. Like
 * `apiCall`, it carries the session's access token itself and refreshes once on a 401; a JSON
 * answer is an error envelope and rejects with `ApiError` (its `code` included).
 */
export async function apiDownload<E extends Endpoint>(endpoint: E, options: ApiCallOptions<E> & { fallbackFilename: string }): Promise<DownloadedFile> {
  const token = readSession()?.access_token ?? null;
  const first = await send(endpoint, options, token);
  if (first.status !== 401 || !token) return readFile(first, options.fallbackFilename);
  const refreshed = await refreshSession(token).catch(() => null);
  if (!refreshed) return readFile(first, options.fallbackFilename);
  return readFile(await send(endpoint, options, refreshed.access_token), options.fallbackFilename);
}

async function send<E extends Endpoint>(endpoint: E, options: ApiCallOptions<E>, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: `${(endpoint.produces ?? []).filter((type) => type !== 'application/json').join(', ')}, application/json`,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    return await fetch(endpointUrl(endpoint, options), {
      method: endpoint.method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(NETWORK_ERROR_STATUS, defaultMessageForStatus(NETWORK_ERROR_STATUS), { cause: error });
  }
}

async function readFile(response: Response, fallbackFilename: string): Promise<DownloadedFile> {
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && !type.includes('application/json')) {
    return { blob: await response.blob(), filename: filenameOf(response.headers.get('content-disposition')) ?? fallbackFilename };
  }
  const failure = errorEnvelope.safeParse(await readJson(response));
  const requestId = (failure.success ? failure.data.request_id : undefined) ?? requestIdOf(response);
  if (failure.success)
    throw new ApiError(response.status, failure.data.message, { fields: failure.data.fields, code: failure.data.code, fromServer: true, requestId });
  throw new ApiError(response.status, defaultMessageForStatus(response.status), { requestId });
}

/** Hands a file to the browser as a download under `filename`. */
export function saveFile({ blob, filename }: DownloadedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
