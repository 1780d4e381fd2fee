import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../platform/app-error.js';
import type { Database, Transaction } from './client.js';
import { isTransactionConflict } from './errors.js';

/** The open transaction a unit of work runs in. */
export type { Transaction };

export interface TransactionOptions {
  isolationLevel?: 'read committed' | 'repeatable read' | 'serializable';
  /** How many times the work may run in all (default 3); 1 turns the retry off. */
  attempts?: number;
}

export const TRANSACTION_ATTEMPTS = 3;
/** The wait before the nth retry is random in [0, BASE · 2^(n-1)) ms plus BASE: short, and spread so two losers do not meet again. */
const BACKOFF_BASE_MS = 10;
/** Seconds a client waits before asking again when every attempt lost its race. */
export const CONFLICT_RETRY_AFTER_SECONDS = 1;
export const TRANSACTION_CONFLICT_MESSAGE = 'Other changes to the same records got in the way just now. Please try again in a moment.';

/**
 * Every service transaction goes through here (docs/decisions/0030). A deadlock (40P01) or a
 * serialization failure (40001) means PostgreSQL rolled the whole transaction back and chose this
 * one to lose; the work then runs again from its start, on a new transaction, up to `attempts`
 * times in all, after a short random wait. Any other error, and the last attempt's conflict, is
 * not retried; an exhausted retry is a 503 with Retry-After (the original error is its `cause`).
 *
 * The work may therefore run more than once: it must do nothing outside the database that a second
 * run would repeat (mail is written to the outbox and sent after the commit; the payment gateway
 * takes an idempotency key), and keep its results in what it returns, not in variables outside it.
 * It takes the pool-level database, never an open transaction: a retry inside one would be half a
 * retry, since the conflict aborted the outer transaction too.
 */
export async function inTransaction<T>(db: Database, work: (tx: Transaction) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? TRANSACTION_ATTEMPTS);
  const config = options.isolationLevel ? { isolationLevel: options.isolationLevel } : undefined;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(work, config);
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (attempt >= attempts) throw exhausted(error);
      await sleep(BACKOFF_BASE_MS + Math.random() * BACKOFF_BASE_MS * 2 ** (attempt - 1));
    }
  }
}

function exhausted(cause: unknown): AppError {
  const error = new AppError('unavailable', TRANSACTION_CONFLICT_MESSAGE, undefined, { 'retry-after': String(CONFLICT_RETRY_AFTER_SECONDS) });
  return Object.assign(error, { cause });
}
