/**
 * A failure the caller can act on. Services throw these; the HTTP layer maps each code to a
 * status once (http/error-handler.ts), so no service knows HTTP.
 */
export type AppErrorCode =
  | 'validation_failed'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** The payment network refused a charge; the reason is the message. */
  | 'payment_failed'
  /** Something that existed and is no more: an expired or used download link. */
  | 'gone'
  /** The monitoring system has no configuration for the account (docs/product.md §8, support tools). */
  | 'configuration_not_found'
  | 'payload_too_large'
  /** Well-formed, but not something that can be done (too many files at once, an upload that is not the caller's). */
  | 'unprocessable'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_implemented'
  | 'unavailable'
  | 'internal';

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    /** Per-field messages, keyed by the field's path in the request. */
    readonly fields?: Record<string, string>,
    /** Response headers that go with the failure, e.g. Retry-After. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'The requested item') => new AppError('not_found', `${what} was not found`);
export const forbidden = (message = 'You do not have permission to do this') => new AppError('forbidden', message);
export const unauthenticated = (message = 'Please sign in to continue') => new AppError('unauthenticated', message);
