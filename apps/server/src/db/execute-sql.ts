import type pg from 'pg';
import type { ExecuteSql } from '../platform/job-queue.js';
import type { Executor } from './client.js';

/** What a node-postgres pool or pool client offers: one query. */
type Queryable = Pick<pg.Pool, 'query'>;

/**
 * A library's parameterised statement (`$1`, `$2`, …) run on the caller's executor, so it joins the caller's
 * transaction: the job queue enqueues this way in the transaction of the change that asked for the job. The statement
 * goes to node-postgres as written, with a name when given: PostgreSQL then plans it once per connection, not on every
 * call (the job queue's insert costs twice as much unplanned; decision 0041). Leave the name out behind a pooler that
 * keeps no prepared statements (decision 0038).
 */
export function executeSqlOn(executor: Executor, statementName?: string): ExecuteSql {
  const client = clientOf(executor);
  return async (text, values) => {
    const result = await client.query({ ...(statementName ? { name: statementName } : {}), text, values });
    return { rows: result.rows };
  };
}

/**
 * The connection under a drizzle database (its pool) or transaction (the pool client the transaction holds). drizzle
 * keeps the latter on the transaction's session; checked here, so a drizzle that moves it fails loudly in the tests.
 */
function clientOf(executor: Executor): Queryable {
  if ('$client' in executor) return executor.$client;
  const client = (executor as unknown as { session?: { client?: Queryable } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('drizzle keeps no node-postgres client on this transaction');
  return client;
}
