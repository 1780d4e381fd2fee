import { acceptedResultOf, acceptedSuccessEnvelope, errorEnvelope, type AcceptedResultOf, type Endpoint } from '@portal/contract';
import { refreshSession } from '../session/session-refresh';
import { readSession } from '../session/session-store';
import { ApiError, defaultMessageForStatus, NETWORK_ERROR_STATUS, UNREADABLE_RESPONSE_MESSAGE } from './api-error';
import { endpointUrl, type ApiCallOptions } from './request';

/** How far a request body has gone out: bytes sent of the total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface ApiUploadOptions<E extends Endpoint> extends Pick<ApiCallOptions<E>, 'params' | 'query' | 'signal'> {
  /** The multipart body (e.g. one part `file`). */
  form: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * Sends a multipart body to one endpoint of the contract and returns its typed `result`, reporting the upload's
 * progress as it goes (XMLHttpRequest: `fetch` tells nothing of a body on its way out). Otherwise as `apiCall`: the
 * session's access token taken here, one refresh and retry on a 401, every failure an `ApiError` with the server's
 * message when it sent one, an abort rethrown as the DOMException `AbortError`.
 */
export async function apiUpload<E extends Endpoint>(endpoint: E, options: ApiUploadOptions<E>): Promise<AcceptedResultOf<E>> {
  const token = readSession()?.access_token ?? null;
  try {
    return await send(endpoint, options, token);
  } catch (error) {
    const renewable = token && error instanceof ApiError && error.status === 401 && !options.signal?.aborted;
    if (!renewable) throw error;
    const refreshed = await refreshSession(token).catch(() => null);
    if (!refreshed) throw error;
    return send(endpoint, options, refreshed.access_token);
  }
}

function send<E extends Endpoint>(endpoint: E, options: ApiUploadOptions<E>, token: string | null): Promise<AcceptedResultOf<E>> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) return reject(new DOMException('The upload was stopped.', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, endpointUrl(endpoint, options));
    xhr.setRequestHeader('Accept', 'application/json');
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const abort = () => xhr.abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', abort);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was stopped.', 'AbortError'));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(NETWORK_ERROR_STATUS, defaultMessageForStatus(NETWORK_ERROR_STATUS)));
    };
    xhr.onload = () => {
      done();
      try {
        resolve(readAnswer(endpoint, xhr));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    xhr.send(options.form);
  });
}

function readAnswer<E extends Endpoint>(endpoint: E, xhr: XMLHttpRequest): AcceptedResultOf<E> {
  let payload: unknown;
  try {
    payload = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
  } catch {
    payload = undefined;
  }
  const ok = xhr.status >= 200 && xhr.status < 300;
  const requestId = xhr.getResponseHeader('x-request-id') ?? undefined;
  if (ok) {
    const success = acceptedSuccessEnvelope(acceptedResultOf(endpoint)).safeParse(payload);
    if (success.success) return success.data.result as AcceptedResultOf<E>;
  }
  const failure = errorEnvelope.safeParse(payload);
  if (failure.success) {
    throw new ApiError(xhr.status, failure.data.message, {
      fields: failure.data.fields,
      code: failure.data.code,
      fromServer: true,
      requestId: failure.data.request_id ?? requestId,
    });
  }
  if (ok) throw new ApiError(xhr.status, UNREADABLE_RESPONSE_MESSAGE, { code: 'contract_mismatch', requestId });
  throw new ApiError(xhr.status, defaultMessageForStatus(xhr.status), { requestId });
}
