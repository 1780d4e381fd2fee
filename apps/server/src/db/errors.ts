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
