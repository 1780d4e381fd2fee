import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { scheduledJobs } from '../../db/schema/index.js';

/**
 * Claims this period's run of a periodic task for this instance. Every instance keeps the same
 * timers; the claim succeeds only when the task's last start is at least ~a period old, so however
 * many instances run, the cluster starts each task once per period (decision 0023). The 10% slack
 * keeps timers that fire a little early from skipping a whole period.
 */
export async function claimScheduledRun(db: Database, name: string, periodMs: number, instance: string): Promise<boolean> {
  const minimumAge = sql`make_interval(secs => ${(periodMs * 0.9) / 1000})`;
  const rows = await db
    .insert(scheduledJobs)
    .values({ name, lastStartedAt: sql`now()`, lastInstance: instance })
    .onConflictDoUpdate({
      target: scheduledJobs.name,
      set: { lastStartedAt: sql`now()`, lastInstance: instance, runs: sql`${scheduledJobs.runs} + 1` },
      setWhere: sql`${scheduledJobs.lastStartedAt} <= now() - ${minimumAge}`,
    })
    .returning({ runs: scheduledJobs.runs });
  return rows.length > 0;
}

export interface Scheduler {
  /** Runs `task` now and every `periodMs`, whenever this instance wins the period's claim. */
  every(name: string, periodMs: number, task: () => Promise<void>): void;
  /** Starts no new run, and resolves when the runs under way have finished. */
  stop(): Promise<void>;
}

export function createScheduler(options: { db: Database; onError: (name: string, error: unknown) => void; instance?: string }): Scheduler {
  const instance = options.instance ?? `${hostname()}:${process.pid}`;
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();
  let stopped = false;

  return {
    every(name, periodMs, task) {
      const tick = () => {
        if (stopped) return;
        const run = claimScheduledRun(options.db, name, periodMs, instance)
          .then((claimed) => (claimed && !stopped ? task() : undefined))
          .catch((error: unknown) => options.onError(name, error))
          .finally(() => running.delete(run));
        running.add(run);
      };
      tick();
      timers.push(setInterval(tick, periodMs).unref());
    },
    async stop() {
      stopped = true;
      timers.forEach((timer) => clearInterval(timer));
      await Promise.all(running);
    },
  };
}
