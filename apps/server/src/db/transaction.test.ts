import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import { AppError } from '../platform/app-error.js';
import type { DatabaseHandle } from './client.js';
import { isTransactionConflict } from './errors.js';
import { inTransaction, TRANSACTION_ATTEMPTS, TRANSACTION_CONFLICT_MESSAGE, type Transaction } from './transaction.js';

/** A promise and the function that settles it, to line two transactions up at the moment a race needs. */
function signal() {
  let fire!: () => void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}

const codeOf = (error: unknown) => {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code) return current.code;
  }
  return undefined;
};

describe('inTransaction: deadlocks and serialization failures are retried from the start', () => {
  let handle: DatabaseHandle;
  const db = () => handle.db;
  const hits = async () => (await db().execute<{ id: number; hits: number }>(sql`SELECT id, hits FROM retry_probe ORDER BY id`)).rows;
  const bump = (tx: Transaction, id: number, by = 1) => tx.execute(sql`UPDATE retry_probe SET hits = hits + ${by} WHERE id = ${id}`);

  beforeAll(async () => {
    handle = await createTestDatabase();
    await db().execute(sql`CREATE TABLE retry_probe (id integer PRIMARY KEY, hits integer NOT NULL)`);
  });
  afterAll(() => handle.close());
  beforeEach(async () => {
    await db().execute(sql`TRUNCATE retry_probe`);
    await db().execute(sql`INSERT INTO retry_probe (id, hits) VALUES (1, 0), (2, 0)`);
  });

  it('runs again the transaction PostgreSQL chose as a deadlock’s victim, and each commits its work once', async () => {
    // Two transactions on two connections lock rows 1 and 2 in opposite orders: each takes its
    // first row, waits until the other has too, then asks for the other's. PostgreSQL finds the
    // cycle (after deadlock_timeout, 1 s) and aborts one with 40P01.
    const firstLocked = [signal(), signal()];
    const runs = [0, 0];
    const errors: unknown[] = [];
    const transfer = (me: 0 | 1, first: number, second: number) =>
      inTransaction(db(), async (tx) => {
        runs[me]! += 1;
        await bump(tx, first);
        firstLocked[me]!.fire();
        await firstLocked[1 - me]!.fired;
        try {
          await bump(tx, second);
        } catch (error) {
          errors.push(error);
          throw error;
        }
        return me;
      });

    expect(await Promise.all([transfer(0, 1, 2), transfer(1, 2, 1)])).toEqual([0, 1]);
    expect(errors.map(codeOf)).toEqual(['40P01']);
    expect([...runs].sort()).toEqual([1, 2]);
    // Each transaction added one to each row exactly once: the victim's first run left nothing.
    expect(await hits()).toEqual([
      { id: 1, hits: 2 },
      { id: 2, hits: 2 },
    ]);
  });

  it('runs again a SERIALIZABLE transaction that lost to a write skew, so the outcome is a serial one', async () => {
    // Each reads the other's row, then writes its own from what it read: no row is written twice,
    // so only serializable isolation sees the skew; one of the two fails with 40001.
    const read = [signal(), signal()];
    const runs = [0, 0];
    const errors: unknown[] = [];
    const skew = (me: 0 | 1, mine: number, other: number) =>
      inTransaction(
        db(),
        async (tx) => {
          runs[me]! += 1;
          try {
            const [row] = (await tx.execute<{ hits: number }>(sql`SELECT hits FROM retry_probe WHERE id = ${other}`)).rows;
            read[me]!.fire();
            await read[1 - me]!.fired;
            await tx.execute(sql`UPDATE retry_probe SET hits = ${row!.hits + 1} WHERE id = ${mine}`);
          } catch (error) {
            errors.push(error);
            throw error;
          }
          return me;
        },
        { isolationLevel: 'serializable' },
      );

    const settled = await Promise.allSettled([skew(0, 1, 2), skew(1, 2, 1)]);
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    // 40001 is raised by the losing UPDATE or, when both writes got through, by its COMMIT.
    expect([...runs].sort()).toEqual([1, 2]);
    expect(errors.every((error) => codeOf(error) === '40001')).toBe(true);
    // One ran after the other: the second saw the first's 1 and wrote 2 (the skew would leave 1 and 1).
    expect((await hits()).map((row) => row.hits).sort()).toEqual([1, 2]);
  });

  it('does not retry any other error: a unique violation or a refusal of the work runs once and comes back as it was', async () => {
    let runs = 0;
    const duplicate = await inTransaction(db(), async (tx) => {
      runs += 1;
      await bump(tx, 1);
      await tx.execute(sql`INSERT INTO retry_probe (id, hits) VALUES (2, 0)`);
    }).catch((error: unknown) => error);
    expect(runs).toBe(1);
    expect(codeOf(duplicate)).toBe('23505');
    expect(isTransactionConflict(duplicate)).toBe(false);

    const refusal = new AppError('conflict', 'No');
    runs = 0;
    await expect(
      inTransaction(db(), async () => {
        runs += 1;
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(runs).toBe(1);
    expect(await hits()).toEqual([
      { id: 1, hits: 0 },
      { id: 2, hits: 0 },
    ]);
  });

  it('gives up after the last attempt with a 503-mapped refusal (Retry-After), the conflict as its cause, and nothing written', async () => {
    let runs = 0;
    const failure = await inTransaction(db(), async (tx) => {
      runs += 1;
      await bump(tx, 1);
      // A real serialization failure from the server, every time.
      await tx.execute(sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END $$`));
    }).catch((error: unknown) => error);
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: 'unavailable', message: TRANSACTION_CONFLICT_MESSAGE, headers: { 'retry-after': '1' } });
    expect(codeOf((failure as { cause?: unknown }).cause)).toBe('40001');
    expect((await hits())[0]).toEqual({ id: 1, hits: 0 });

    runs = 0;
    await expect(
      inTransaction(
        db(),
        async (tx) => {
          runs += 1;
          await tx.execute(sql.raw(`DO $$ BEGIN RAISE EXCEPTION 'deadlock' USING ERRCODE = '40P01'; END $$`));
        },
        { attempts: 1 },
      ),
    ).rejects.toMatchObject({ code: 'unavailable' });
    expect(runs).toBe(1);
  });
});
