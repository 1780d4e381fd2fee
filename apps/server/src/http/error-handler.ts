import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorEnvelope } from '@portal/contract';
import { AppError, type AppErrorCode } from '../platform/app-error.js';
import { isTransactionConflict } from '../db/errors.js';
import { callerFaultOf } from './database-errors.js';

/** The one place where an error code becomes an HTTP status. */
export const STATUS_OF: Record<AppErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payment_failed: 402,
  gone: 410,
  configuration_not_found: 422,
  payload_too_large: 413,
  unprocessable: 422,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  unavailable: 503,
};

/** Fastify's own errors that are the caller's fault, with the message we show instead. */
const FRAMEWORK_ERRORS: Record<string, AppError> = {
  FST_ERR_CTP_INVALID_JSON_BODY: new AppError('validation_failed', 'The request body is not valid JSON'),
  FST_ERR_CTP_EMPTY_JSON_BODY: new AppError('validation_failed', 'The request body is empty; send a JSON object'),
  FST_ERR_CTP_BODY_TOO_LARGE: new AppError('payload_too_large', 'The request body is too large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: new AppError('unsupported_media_type', 'Send the request body as application/json'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: new AppError('validation_failed', 'The Content-Length header does not match the body'),
};

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const known = error instanceof AppError ? error : toAppError(error);
    const status = STATUS_OF[known.code];
    if (known.code === 'unavailable') request.log.warn({ err: error }, unavailableLogMessage(error));
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: known.code, message: known.message }, 'request refused');

    const body: ErrorEnvelope = { errors: true, message: known.message, code: known.code, request_id: request.id };
    if (known.fields) body.fields = known.fields;
    if (known.headers) void reply.headers(known.headers);
    return reply.status(status).send(body);
  });
}

/** A 503 is either the database away or a race lost on every retry (db/transaction.ts); the log tells them apart. */
function unavailableLogMessage(error: Error): string {
  return isTransactionConflict((error as { cause?: unknown }).cause) ? 'transaction conflicts outlasted every retry' : 'database unavailable';
}

/** Seconds a client waits before trying again while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Errors that mean "the database cannot be reached now" rather than "this request is wrong":
 * refused or dropped connections, a server shutting down or starting up, too many connections,
 * the pool's connection timeout. Drizzle wraps the driver's error, so the causes are followed.
 */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', '57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection refused|the database system is (starting up|shutting down|in recovery mode)/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^08/.test(code))) return true;
    // The embedded database's Unix socket (decision 0028) is gone while PostgreSQL is down.
    if (code === 'ENOENT' && (current as { syscall?: unknown }).syscall === 'connect') return true;
    if (UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function toAppError(error: FastifyError): AppError {
  const framework = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (framework) return framework;
  if (isDatabaseUnavailable(error)) {
    return new AppError('unavailable', 'The portal cannot reach its database just now. Please try again in a few seconds.', undefined, {
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
    });
  }
  const callerFault = callerFaultOf(error);
  if (callerFault) return callerFault;
  if (error.statusCode === 429) return new AppError('rate_limited', error.message || 'Too many requests; please wait and try again');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('validation_failed', error.message || 'The request is not valid');
  }
  return new AppError('internal', 'Something went wrong on our side. Please try again; if it keeps happening, contact support.');
}
