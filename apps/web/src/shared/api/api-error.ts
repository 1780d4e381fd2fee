/** Status used for failures that never got an HTTP answer (network down, DNS, CORS). */
export const NETWORK_ERROR_STATUS = 0;

interface ApiErrorDetails {
  fields?: Record<string, string>;
  code?: string;
  /** True when `message` was written by the server; server messages win over client defaults (docs/product.md §7/§8). */
  fromServer?: boolean;
  /** The server's id of the request (X-Request-Id, the envelope's request_id): what support finds the log lines by. */
  requestId?: string;
  cause?: unknown;
}

/** Every failed `apiCall` rejects with this, whatever went wrong on the way. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly fields: Record<string, string>;
  readonly code: string | undefined;
  readonly fromServer: boolean;
  readonly requestId: string | undefined;

  constructor(status: number, message: string, details: ApiErrorDetails = {}) {
    super(message, { cause: details.cause });
    this.status = status;
    this.fields = details.fields ?? {};
    this.code = details.code;
    this.fromServer = details.fromServer ?? false;
    this.requestId = details.requestId;
  }
}

/**
 * The text to show for a failed call: the server's own message when it sent one, otherwise the
 * screen's default from the error catalogue (docs/product.md §8), e.g. `errorMessage(error, 'Login failed')`.
 */
export function errorMessage(error: unknown, fallback: string): string {
  const message = error instanceof ApiError && error.fromServer && error.message ? error.message : fallback;
  // A failure on the portal's side names its request, so a customer can quote it to support.
  return error instanceof ApiError && error.status >= 500 && error.requestId ? `${message} Reference: ${error.requestId}` : message;
}

/** Client-side wording for answers that carry no usable server message. */
export function defaultMessageForStatus(status: number): string {
  if (status === NETWORK_ERROR_STATUS) return 'Could not reach the portal. Check your connection and try again.';
  if (status === 401) return 'Your session has ended. Please sign in again.';
  if (status === 403) return 'You do not have access to this.';
  if (status === 404) return 'The requested item was not found.';
  if (status === 429) return 'Too many requests. Please wait a moment and try again.';
  if (status >= 500) return 'The portal is having trouble right now. Please try again shortly.';
  return 'The request could not be completed.';
}

export const UNREADABLE_RESPONSE_MESSAGE = 'The portal sent an answer this page could not read. Please try again.';
