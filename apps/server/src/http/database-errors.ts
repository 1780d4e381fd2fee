import { sqlStateOf } from '../db/errors.js';
import { AppError } from '../platform/app-error.js';

/**
 * PostgreSQL's refusals that are the caller's fault, by SQLSTATE: the one place they become 4xx
 * (docs/architecture.md, the request pipeline). The request's validation should catch each before the
 * database does; this is the net under it, so a value that slipped through answers a clear 4xx
 * instead of a 500. Anything not listed (a not-null or check violation is our own bug) stays a 500
 * with the request id.
 */
const CALLER_FAULTS: Record<string, () => AppError> = {
  // Text PostgreSQL cannot store: invalid UTF-8, or a character its encoding lacks.
  '22021': () => new AppError('validation_failed', 'The request holds text that is not valid Unicode'),
  '22P05': () => new AppError('validation_failed', 'The request holds text that is not valid Unicode'),
  // An id or a number beyond its column's range (an int4 id of 4294967296).
  '22003': () => new AppError('validation_failed', 'A number in the request is out of range'),
  '22P02': () => new AppError('validation_failed', 'A value in the request is not of the expected type'),
  '22001': () => new AppError('validation_failed', 'A text in the request is too long'),
  '22007': () => new AppError('validation_failed', 'A date in the request is not valid'),
  '22008': () => new AppError('validation_failed', 'A date in the request is out of range'),
  '23503': () => new AppError('conflict', 'This change refers to a record that does not exist, or to one that is still in use'),
  '23505': () => new AppError('conflict', 'A record with these details already exists'),
};

/** The 4xx a database error stands for when the caller caused it, or undefined. */
export function callerFaultOf(error: unknown): AppError | undefined {
  const state = sqlStateOf(error);
  return state ? CALLER_FAULTS[state]?.() : undefined;
}
