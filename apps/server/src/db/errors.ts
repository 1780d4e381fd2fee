import { AppError } from '../platform/app-error.js';
/** The SQLSTATE of a PostgreSQL error, through drizzle's wrapping (it keeps the driver's error as `cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current !== null && typeof current === 'object' && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    // The driver's errors carry a five-character SQLSTATE; Node's own carry codes like ECONNRESET.
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** PostgreSQL's unique_violation, whether drizzle wraps the driver's error or not. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23505';
}

/**
 * SQLSTATEs that say "this transaction lost a race, run it again": deadlock_detected (40P01) and
 * serialization_failure (40001). PostgreSQL has already rolled the whole transaction back.
 */
const TRANSACTION_CONFLICT_CODES = new Set(['40P01', '40001']);

/** A deadlock or a serialization failure, whether drizzle wraps the driver's error or not. */
export function isTransactionConflict(error: unknown): boolean {
  const state = sqlStateOf(error);
  return state !== undefined && TRANSACTION_CONFLICT_CODES.has(state);
}

/** A unique constraint the data ran into, as a 409 naming the field (the constraint's entry in `fields`); any other error as it is. */
export function conflictOf(error: unknown, fields: Record<string, { field: string; message: string }>): unknown {
  const candidate = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = candidate?.code === '23505' ? candidate : candidate?.cause?.code === '23505' ? candidate.cause : undefined;
  const known = pgError?.constraint ? fields[pgError.constraint] : undefined;
  return known ? new AppError('conflict', known.message, { [known.field]: known.message }) : error;
}
