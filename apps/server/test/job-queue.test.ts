import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.js';
import { failedJobs, jobCounts, startJobQueue, type JobQueue } from '../src/platform/job-queue.js';
import { createLogger } from '../src/platform/logger.js';
import { createPortalMetrics } from '../src/platform/metrics.js';
import { REPO_ROOT } from '../src/config/paths.js';
import { createTestDatabase } from './database.js';

/** Background work on pg-boss (decision 0040): once across the cluster, retried, and taken over when an instance dies. */
describe('the job queue', () => {
  let database: DatabaseHandle;
  const queues: JobQueue[] = [];
  const start = async () => {
    const queue = await startJobQueue({
      pool: database.pool,
      logger: createLogger('silent'),
      pollingIntervalSeconds: 0.5,
      maintenanceIntervalSeconds: 1,
      cronIntervalSeconds: 1,
    });
    queues.push(queue);
    return queue;
  };
  const until = async (what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await ok())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(100);
    }
  };

  const connectionString = () => (database.pool as unknown as { options: { connectionString: string } }).options.connectionString;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await Promise.all(queues.map((queue) => queue.stop(1_000)));
    await database.close();
  });

  it('runs a scheduled task once per minute across three instances, and a task sent once per slot once', async () => {
    const instances = await Promise.all([start(), start(), start()]);
    let ticks = 0;
    let sweeps = 0;
    for (const jobs of instances) {
      await jobs.schedule('tick', '* * * * *', async () => void (ticks += 1));
      await jobs.schedule('sweep', '0 0 1 1 *', async () => void (sweeps += 1), { slotSeconds: 6 * 60 * 60 });
    }
    // Every instance asks for the start-up run of the sweep; the slot (6 hours, as the sweeper's) lets one through.
    await Promise.all(instances.map((jobs) => jobs.runOncePerSlot('sweep')));
    await until('the first tick and the sweep', () => ticks >= 1 && sweeps >= 1);
    await sleep(3_000); // time for any duplicate to be claimed and run
    expect(sweeps).toBe(1);
    // One a minute: a second is possible only if the test crossed a minute; once per instance would be three.
    expect(ticks).toBeGreaterThanOrEqual(1);
    expect(ticks).toBeLessThanOrEqual(2);
    expect(await jobCounts(database.pool)).toEqual(
      expect.arrayContaining([
        { queue: 'sweep', state: 'completed', count: 1 },
        { queue: 'tick', state: 'completed', count: ticks },
      ]),
    );
  });

  it('retries a failing task, and lists it as failed once its retries are used', async () => {
    const [jobs] = [await start()];
    let attempts = 0;
    await jobs!.work(
      'flaky',
      async () => {
        attempts += 1;
        throw new Error(`gateway unreachable (attempt ${attempts})`);
      },
      { retryLimit: 1 },
    );
    await jobs!.send('flaky', {});
    await until('the job to fail for good', async () => (await failedJobs(database.pool)).some((job) => job.queue === 'flaky'), 30_000);
    expect(attempts).toBe(2);
    const [failed] = (await failedJobs(database.pool)).filter((job) => job.queue === 'flaky');
    expect(failed).toMatchObject({ queue: 'flaky', retries: 1, error: 'gateway unreachable (attempt 2)' });

    // Operators see it: /metrics counts it, and the CLI lists it with its error.
    const metrics = createPortalMetrics({ jobCounts: () => jobCounts(database.pool) });
    expect(await metrics.registry.metrics()).toContain('portal_jobs{queue="flaky",state="failed"} 1');
    const env = {
      ...process.env,
      DATABASE_URL: connectionString(),
      LOG_LEVEL: 'warn',
      TOKEN_SECRET: 'x'.repeat(32),
      VAULT_KEY: randomBytes(32).toString('base64'),
    };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'jobs'], { cwd: REPO_ROOT, env });
    expect(stdout).toMatch(/^flaky\s+failed\s+1$/m);
    expect(stdout).toMatch(new RegExp(`flaky  ${failed!.id}  after 1 retries: gateway unreachable \\(attempt 2\\)`));
  });

  it('gives a job whose instance was killed in the middle of it to another instance, which completes it', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/test/job-queue-worker.fixture.ts', connectionString(), 'handover'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    try {
      await until('the other instance to be ready', () => output.includes('ready'), 30_000);
      const sender = await start();
      await sender.send('handover', { n: 7 });
      await until('the other instance to take the job', () => output.includes('started 7'));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));

      // This instance works the same queue: once the killed one's hold expires (2 s), the job comes back to it.
      const done: number[] = [];
      await sender.work<{ n: number }>('handover', async ({ n }) => void done.push(n), { expireInSeconds: 2 });
      await until('the job to be done here', () => done.length > 0, 30_000);
      expect(done).toEqual([7]);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('looks at its schedules without asking Intl, whose first use makes ICU’s data resident (issue 34)', async () => {
    await start();
    // cron-parser as pg-boss loads it, and through it luxon: the one copy the queue set to UTC and en-US.
    const fromPgBoss = createRequire(createRequire(import.meta.url).resolve('pg-boss'));
    const cronParser = fromPgBoss('cron-parser') as { parseExpression(cron: string, options: { tz: string }): { next(): { toISOString(): string } } };
    const Original = Intl.DateTimeFormat;
    let asked = 0;
    Intl.DateTimeFormat = new Proxy(Original, {
      construct: (target, args: ConstructorParameters<typeof Original>) => ((asked += 1), new target(...args)),
      apply: (target, _this, args: ConstructorParameters<typeof Original>) => ((asked += 1), target(...args)),
    });
    try {
      const next = cronParser.parseExpression('30 6 * * *', { tz: 'UTC' }).next().toISOString();
      expect(next).toMatch(/T06:30:00\.000Z$/);
    } finally {
      Intl.DateTimeFormat = Original;
    }
    expect(asked).toBe(0);
  });
});
