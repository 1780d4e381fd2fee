import type { FastifyError, FastifyInstance } from 'fastify';
import type { ErrorEnvelope } from '@portal/contract';
import { AppError, type AppErrorCode } from '../platform/app-error.js';

/** The one place where an error code becomes an HTTP status. */
export const STATUS_OF: Record<AppErrorCode, number> = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
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
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: known.code, message: known.message }, 'request refused');

    const body: ErrorEnvelope = { errors: true, message: known.message, code: known.code };
    if (known.fields) body.fields = known.fields;
    if (known.headers) void reply.headers(known.headers);
    return reply.status(status).send(body);
  });
}

function toAppError(error: FastifyError): AppError {
  const framework = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
  if (framework) return framework;
  if (error.statusCode === 429) return new AppError('rate_limited', error.message || 'Too many requests; please wait and try again');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('validation_failed', error.message || 'The request is not valid');
  }
  return new AppError('internal', 'Something went wrong on our side. Please try again; if it keeps happening, contact support.');
}
