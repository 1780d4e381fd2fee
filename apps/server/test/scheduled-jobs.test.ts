import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimScheduledRun, createScheduler } from '../src/modules/maintenance/scheduled-jobs.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { createTestDatabase } from './database.js';

/** Periodic work runs once per period across every instance on the database (decision 0023). */
describe('scheduled jobs', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const runsOf = async (name: string) =>
    Number((await database.pool.query<{ runs: number }>('SELECT runs FROM scheduled_jobs WHERE name = $1', [name])).rows[0]?.runs ?? 0);

  it('grants a period to one claimant only, however many ask at once', async () => {
    const claims = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((instance) => claimScheduledRun(database.db, 'race', 60_000, instance)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimScheduledRun(database.db, 'race', 60_000, 'late')).toBe(false);
    // A period later (0.9 of it, for timers that fire a little early) the next claim wins.
    await database.pool.query("UPDATE scheduled_jobs SET last_started_at = now() - interval '55 seconds' WHERE name = 'race'");
    expect(await claimScheduledRun(database.db, 'race', 60_000, 'next')).toBe(true);
    expect(await runsOf('race')).toBe(2);
  });

  it('runs a task once per period across three schedulers, and none after stop', async () => {
    let ran = 0;
    const instances = [1, 2, 3].map((n) =>
      createScheduler({
        db: database.db,
        instance: `instance-${n}`,
        onError: (_job, error) => {
          throw error;
        },
      }),
    );
    for (const scheduler of instances) scheduler.every('tick', 400, async () => void (ran += 1));
    await sleep(1_300); // the start plus three periods of 400 ms
    await Promise.all(instances.map((scheduler) => scheduler.stop()));
    const afterStop = ran;
    expect(ran).toBeGreaterThanOrEqual(2);
    expect(ran).toBeLessThanOrEqual(5); // once per period across the cluster, never once per instance (that would be 12)
    expect(await runsOf('tick')).toBe(ran);
    await sleep(900);
    expect(ran, 'a stopped scheduler starts no new run').toBe(afterStop);
  });

  it('waits for a run under way when stopped', async () => {
    let finished = false;
    const scheduler = createScheduler({ db: database.db, onError: () => undefined });
    scheduler.every('slow', 60_000, async () => {
      await sleep(300);
      finished = true;
    });
    await sleep(100);
    await scheduler.stop();
    expect(finished).toBe(true);
  });
});
