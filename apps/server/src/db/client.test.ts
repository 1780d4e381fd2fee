import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { isDatabaseUnavailable } from '../http/error-handler.js';
import type { DatabaseHandle } from './client.js';

/** Decision 0043: a failover ends every connection, the pool's checked-out ones included. */
describe('the pool: a connection lost while checked out', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('does not end the process: the next query on it is a 503-mapped error, and the pool serves on', async () => {
    const client = await handle.pool.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // Between two queries, as in a transaction awaiting other work: PostgreSQL ends the connection (57P01, FATAL).
    await handle.pool.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    await sleep(200);
    const failure = await client.query('SELECT 1').then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    client.release();
    expect((await handle.pool.query<{ one: number }>('SELECT 1 AS one')).rows[0]!.one).toBe(1);
  });
});
