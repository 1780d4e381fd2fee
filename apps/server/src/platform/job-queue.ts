import { createRequire } from 'node:module';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Logger } from './logger.js';

/**
 * Background work on pg-boss (decision 0040): jobs are rows of the database's `pgboss` schema, claimed with
 * SKIP LOCKED by whichever instance polls first, retried when they fail, and taken over by another instance when the
 * one holding them dies (the job expires and goes back to the queue). Cron schedules are kept in the database too, and
 * each slot is sent once across every instance. This file is the only one that knows the library.
 */
export interface JobQueue {
  /**
   * Runs `task` on every slot of `cron` (UTC, minute precision), once per slot across all instances, and on whichever
   * instance claims it. A task that throws is retried `retryLimit` times; one that outlives `expireInSeconds` (its
   * instance died or hung) is given to another.
   */
  schedule(name: string, cron: string, task: () => Promise<void>, options?: TaskOptions): Promise<void>;
  /** Takes jobs of a queue someone else sends to (the tests' own queues; later, the consumers of domain events). */
  work<T extends object>(name: string, task: (data: T) => Promise<void>, options?: TaskOptions): Promise<void>;
  /** Adds a job to a queue created by `work` (or by another instance's), now or at `startAfter`. */
  send(name: string, data: object, options?: { startAfter?: Date }): Promise<string | null>;
  /**
   * Runs a task scheduled with `slotSeconds` now, unless it ran (or was sent) in the current slot, counted from midnight
   * UTC, across all instances: a task that also runs when the cluster starts, and still once per slot.
   */
  runOncePerSlot(name: string): Promise<void>;
  /** Stops fetching, waits for the tasks under way (up to `timeoutMs`), and leaves the pool open (the caller owns it). */
  stop(timeoutMs?: number): Promise<void>;
}

export interface TaskOptions {
  retryLimit?: number;
  /** Seconds before the first retry; each later one waits about twice as long (the queues retry with backoff). */
  retryDelay?: number;
  /** Seconds a task may run before it counts as lost (its instance died) and is given to another instance. */
  expireInSeconds?: number;
  /** A schedule's slot: at most one run per this many seconds, whether the cron or `runOncePerSlot` sends it. */
  slotSeconds?: number;
  /** How often an idle worker of this queue looks for work, seconds (≥ 0.5); the queue's default otherwise. */
  pollingIntervalSeconds?: number;
  /**
   * Jobs taken (and completed) at once, run one after another: fewer queries per job under load. A task that throws
   * fails the whole batch, which is tried again, so a batched task must be idempotent (default 1).
   */
  batchSize?: number;
}

export interface JobCount {
  queue: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  count: number;
}

export interface JobQueueOptions {
  /** The application's pool: the library's queries go through it, so it opens no connection of its own (PgBouncer, 0038). */
  pool: pg.Pool;
  /** The queues and their settings (the same list `installJobQueue` made them from); a queue not listed gets the defaults. */
  queues?: readonly QueueDefinition[];
  logger: Logger;
  /** How often an idle worker looks for work, seconds (≥ 0.5). */
  pollingIntervalSeconds?: number;
  /** How often expired jobs are given back and old ones deleted, seconds. */
  maintenanceIntervalSeconds?: number;
  /** How often the cron schedules are looked at and their jobs handed on, seconds (1–45; the library's 30 and 5 unless set). */
  cronIntervalSeconds?: number;
}

/**
 * pg-boss reads its cron schedules with cron-parser, which computes in luxon. Left to its defaults, luxon asks Intl
 * for the machine's time zone and locale at each look at the schedules (at start, then every 30 s on the instance
 * whose turn it is), and the first ask wakes ICU: 6-8 MB of the node binary's data made resident for good (issue 34,
 * an idle instance's memory). The schedules are UTC (`tz: 'UTC'`) and never shown to anyone, so luxon's defaults
 * become UTC and en-US, and it asks Intl nothing. The settings go to the very luxon cron-parser requires, found from
 * pg-boss as Node finds it: luxon ships a CommonJS and an ES module build, and an `import` would load the other one.
 */
function useUtcForSchedules() {
  const fromPgBoss = createRequire(createRequire(import.meta.url).resolve('pg-boss'));
  const fromCronParser = createRequire(fromPgBoss.resolve('cron-parser'));
  const { Settings } = fromCronParser('luxon') as { Settings: { defaultZone: string; defaultLocale: string } };
  Settings.defaultZone = 'utc';
  Settings.defaultLocale = 'en-US';
}

const DEFAULT_TASK = { retryLimit: 2, expireInSeconds: 15 * 60 };
/** The library's own queues (the cron's hand-off), which are not the portal's work. */
const INTERNAL_QUEUES = '__pgboss__%';

export async function startJobQueue({
  pool,
  queues = [],
  logger,
  pollingIntervalSeconds = 2,
  maintenanceIntervalSeconds = 60,
  cronIntervalSeconds,
}: JobQueueOptions): Promise<JobQueue> {
  useUtcForSchedules();
  const boss = new PgBoss({
    // Every statement through the application's pool: unnamed, one transaction each (the library's multi-statement
    // locks are one simple query), so a transaction-mode pooler serves them like any other (decision 0038).
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    supervise: true,
    schedule: true,
    migrate: true,
    maintenanceIntervalSeconds,
    ...(cronIntervalSeconds ? { cronMonitorIntervalSeconds: cronIntervalSeconds, cronWorkerIntervalSeconds: cronIntervalSeconds } : {}),
    // A failed job stays in the job table a week (the CLI shows what failed and why); every job is deleted a week
    // after it is archived.
    archiveFailedAfterSeconds: 7 * 24 * 60 * 60,
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => logger.warn({ err: error }, 'the job queue could not reach the database; it tries again'));
  await boss.start();

  const created = new Set<string>();
  const slots = new Map<string, number>();
  const defined = new Map(queues.map((queue) => [queue.name, queue.options ?? {}]));
  async function ensureQueue(name: string, { slotSeconds, pollingIntervalSeconds: _polling, batchSize: _batch, ...options }: TaskOptions): Promise<void> {
    if (slotSeconds) slots.set(name, slotSeconds);
    if (created.has(name)) return;
    const settings = { ...DEFAULT_TASK, ...defined.get(name), ...options };
    // Idempotent: another instance may have created it; its options are updated to this version's.
    if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...settings, retryBackoff: true });
    else
      await boss.createQueue(name, { name, ...settings, retryBackoff: true }).catch(async (error: unknown) => {
        if (!(await boss.getQueue(name))) throw error;
      });
    created.add(name);
  }

  async function work<T extends object>(name: string, task: (data: T) => Promise<void>, options: TaskOptions = {}): Promise<void> {
    await ensureQueue(name, options);
    const batchSize = options.batchSize ?? 1;
    await boss.work<T>(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? pollingIntervalSeconds, batchSize }, async (jobs) => {
      for (const job of jobs) {
        try {
          await task(job.data);
        } catch (error) {
          logger.warn({ err: error, queue: name, job: job.id }, 'a background job failed; it is tried again unless it has used its retries');
          throw error;
        }
      }
    });
  }

  return {
    async schedule(name, cron, task, options = {}) {
      await work(name, () => task(), options);
      const slot = options.slotSeconds ? { singletonKey: name, singletonSeconds: options.slotSeconds } : {};
      await boss.schedule(name, cron, {}, { tz: 'UTC', ...slot });
    },
    work,
    send: (name, data, options = {}) => boss.send(name, data, options.startAfter ? { startAfter: options.startAfter } : {}),
    async runOncePerSlot(name) {
      const slotSeconds = slots.get(name);
      if (!slotSeconds) throw new Error(`${name} is not scheduled with a slot (schedule it with slotSeconds first)`);
      // A second send in the slot finds the first one's singleton and is dropped (null), on whichever instance.
      await boss.send(name, {}, { singletonKey: name, singletonSeconds: slotSeconds });
    },
    async stop(timeoutMs = 30_000) {
      await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    },
  };
}

/** A query run on the caller's connection (a transaction's), as the library runs its own. */
export type ExecuteSql = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

export interface QueueDefinition {
  name: string;
  options?: Pick<TaskOptions, 'retryLimit' | 'retryDelay' | 'expireInSeconds'>;
}

export interface JobToEnqueue {
  queue: string;
  data: object;
  /** Not before this time (a retry's schedule); now when left out. */
  startAfter?: Date;
}

// The library's statements for adding jobs, with no connection of its own: every insert names the connection it runs on.
const enqueuer = new PgBoss({ db: { executeSql: () => Promise.reject(new Error('jobs are enqueued on the caller’s connection')) }, schema: 'pgboss' });

/**
 * Adds jobs in the caller's transaction (decision 0041): they exist exactly when the change that asked for them
 * commits, and a worker of any instance takes them from then on. The queues must exist (`installJobQueue`).
 */
export async function enqueueJobs(executeSql: ExecuteSql, jobs: readonly JobToEnqueue[]): Promise<void> {
  if (jobs.length === 0) return;
  await enqueuer.insert(
    jobs.map((job) => ({ name: job.queue, data: job.data, ...(job.startAfter ? { startAfter: job.startAfter } : {}) })),
    { db: { executeSql: (text, values) => executeSql(text, values) } },
  );
}

/**
 * The library's tables and the portal's queues, made before the first request may enqueue a job in its transaction
 * (db/open.ts runs it after the migrations). Does nothing when every queue exists; the library's own upgrades run when
 * the queue starts (`startJobQueue`, migrate: true). Several instances may run it at once.
 */
export async function installJobQueue(pool: pg.Pool, queues: readonly QueueDefinition[]): Promise<void> {
  // Instances starting together make the same queues at once; the library's queue creation (a partition each) can
  // deadlock with another's. The loser tries again after a short random wait, and then finds the queues made.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await installQueues(pool, queues);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= INSTALL_ATTEMPTS || (code !== '40P01' && code !== '23505' && code !== '40001')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

const INSTALL_ATTEMPTS = 5;

async function installQueues(pool: pg.Pool, queues: readonly QueueDefinition[]): Promise<void> {
  const existing = await fromQueueTables(async () => {
    const { rows } = await pool.query<{ name: string }>('SELECT name FROM pgboss.queue WHERE name = ANY($1)', [queues.map((queue) => queue.name)]);
    return rows.map((row) => row.name);
  });
  const missing = queues.filter((queue) => !existing.includes(queue.name));
  if (missing.length === 0) return;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: 'pgboss',
    supervise: false,
    schedule: false,
    migrate: true,
  });
  await boss.start();
  try {
    for (const queue of missing) {
      const settings = { name: queue.name, ...DEFAULT_TASK, ...queue.options, retryBackoff: true };
      await boss.createQueue(queue.name, settings).catch(async (error: unknown) => {
        if (!(await boss.getQueue(queue.name))) throw error;
      });
    }
  } finally {
    await boss.stop({ graceful: false, close: false, wait: true });
  }
}

/**
 * Jobs by queue and state, the finished ones archived included: read straight from the library's tables, so /metrics
 * and the CLI need no running queue. Empty before the first instance has created them.
 */
export async function jobCounts(pool: pg.Pool): Promise<JobCount[]> {
  return fromQueueTables(async () => {
    const { rows } = await pool.query<JobCount>(
      `SELECT name AS queue, state::text AS state, count(*)::int AS count
         FROM (SELECT name, state FROM pgboss.job UNION ALL SELECT name, state FROM pgboss.archive) AS jobs
        WHERE name NOT LIKE $1
        GROUP BY name, state ORDER BY name, state`,
      [INTERNAL_QUEUES],
    );
    return rows;
  });
}

export interface FailedJob {
  id: string;
  queue: string;
  failedAt: Date | null;
  retries: number;
  error: string;
}

/** The newest jobs that failed for good (their retries used up), with the error each ended with. */
export async function failedJobs(pool: pg.Pool, limit = 20): Promise<FailedJob[]> {
  return fromQueueTables(async () => {
    const { rows } = await pool.query<{ id: string; queue: string; failed_at: Date | null; retries: number; output: unknown }>(
      `SELECT id, name AS queue, completed_on AS failed_at, retry_count AS retries, output
         FROM (SELECT id, name, state, completed_on, retry_count, output FROM pgboss.job
               UNION ALL SELECT id, name, state, completed_on, retry_count, output FROM pgboss.archive) AS jobs
        WHERE state = 'failed' AND name NOT LIKE $1
        ORDER BY completed_on DESC NULLS LAST LIMIT $2`,
      [INTERNAL_QUEUES, limit],
    );
    return rows.map((row) => ({ id: row.id, queue: row.queue, failedAt: row.failed_at, retries: row.retries, error: errorText(row.output) }));
  });
}

/** A read of the library's tables, or nothing before any instance has created them (undefined_table). */
async function fromQueueTables<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch (error) {
    if ((error as { code?: string }).code === '42P01') return [];
    throw error;
  }
}

/** The library keeps a thrown error as `{ message, stack }` (or what the task returned). */
function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String((output as { message: unknown }).message);
  return output === null || output === undefined ? '' : JSON.stringify(output);
}
