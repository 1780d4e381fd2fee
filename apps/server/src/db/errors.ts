/** PostgreSQL's unique_violation, whether drizzle wraps the driver's error or not. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; cause?: { code?: string } };
  return candidate?.code === '23505' || candidate?.cause?.code === '23505';
}

/**
 * SQLSTATEs that say "this transaction lost a race, run it again": deadlock_detected (40P01) and
 * serialization_failure (40001). PostgreSQL has already rolled the whole transaction back.
 */
const TRANSACTION_CONFLICT_CODES = new Set(['40P01', '40001']);

/** A deadlock or a serialization failure, whether drizzle wraps the driver's error (followed through `cause`) or not. */
export function isTransactionConflict(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && TRANSACTION_CONFLICT_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
