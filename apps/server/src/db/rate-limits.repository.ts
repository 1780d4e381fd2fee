import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { rateLimits } from './schema/index.js';

/**
 * Fixed-window counters in the database, so every server instance shares them and a restart
 * does not reset them.
 */
export interface RateLimiter {
  /** Counts one hit (or `count`) and says how many there have been in the current window. */
  hit(key: string, windowSeconds: number, count?: number): Promise<WindowCount>;
  /** How many hits the current window has, without counting one. */
  peek(key: string, windowSeconds: number): Promise<WindowCount>;
  clear(key: string): Promise<void>;
}

export interface WindowCount {
  hits: number;
  /** When the window ends (epoch ms; 0 when no window is open). */
  endsAt: number;
  /** Seconds until the window ends. */
  retryAfterSeconds: number;
}

/** `hits` in a window that ends at `endsAt` (epoch ms), as seen now. */
export function windowCount(hits: number, endsAt: number): WindowCount {
  return { hits, endsAt, retryAfterSeconds: endsAt ? Math.max(1, Math.ceil((endsAt - Date.now()) / 1000)) : 0 };
}

export function createRateLimiter(db: Executor): RateLimiter {
  const toCount = (row: { hits: number; ends: Date } | undefined): WindowCount =>
    row ? windowCount(row.hits, new Date(row.ends).getTime()) : windowCount(0, 0);
  return {
    async hit(key, windowSeconds, count = 1) {
      const window = sql`make_interval(secs => ${windowSeconds})`;
      const expired = sql`${rateLimits.windowStartedAt} < now() - ${window}`;
      const [row] = await db
        .insert(rateLimits)
        .values({ key, hits: count })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`CASE WHEN ${expired} THEN ${count}::int ELSE ${rateLimits.hits} + ${count}::int END`,
            windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStartedAt} END`,
          },
        })
        .returning({ hits: rateLimits.hits, ends: sql<Date>`${rateLimits.windowStartedAt} + ${window}` });
      return toCount(row);
    },
    async peek(key, windowSeconds) {
      const window = sql`make_interval(secs => ${windowSeconds})`;
      const [row] = await db
        .select({ hits: rateLimits.hits, ends: sql<Date>`${rateLimits.windowStartedAt} + ${window}` })
        .from(rateLimits)
        .where(sql`${rateLimits.key} = ${key} AND ${rateLimits.windowStartedAt} >= now() - ${window}`);
      return toCount(row);
    },
    async clear(key) {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

/** Deletes the throttling windows that started more than a day ago: none can count a hit again (the maintenance sweep). */
export async function sweepOldWindows(db: Executor): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, sql`now() - interval '1 day'`))
    .returning({ key: rateLimits.key });
  return deleted.length;
}
