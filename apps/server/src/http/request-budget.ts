import { AppError } from '../platform/app-error.js';
import { windowCount, type RateLimiter, type WindowCount } from '../db/rate-limits.repository.js';

const WINDOW_SECONDS = 60;
/** How long an instance keeps the requests it counted before adding them to the shared counter. */
const FLUSH_EVERY_MS = 1_000;

/**
 * A budget of API requests per caller and minute (docs/decisions/0009), beside the sign-in and
 * reset throttles: a signed-in contact is counted by contact, anyone else by client address. The
 * counters live in PostgreSQL, so every server instance spends from the same budget.
 */
export interface RequestBudget {
  spend(caller: { contactId: number } | { apiKeyId: number } | { ip: string | null }): Promise<void>;
  /** Writes what this instance has counted and not yet written (at shutdown). */
  flush(): Promise<void>;
}

/** A caller's window as this instance knows it. */
interface Tally {
  windowEndsAt: number;
  /** The shared counter when this instance last wrote to it (its own and the other instances' requests). */
  shared: number;
  /** Counted here since then. */
  pending: number;
}

/**
 * `providerPerMinute` is a provider API key's own budget (decision 0025; it defaults to the customers');
 * `refused` is told of every request the budget turns away (the metrics count them).
 *
 * A caller's first request of a window reads and bumps the shared counter; the requests after it are
 * counted here and written to it in one statement a second later (decision 0028). Writing every
 * request made the budget cost more than the ticket detail it guarded: one more round trip and a
 * committed row update, and concurrent requests of one caller queueing on that row's lock. On one
 * instance the count is exact; with several, each sees the others' requests up to a second late, so
 * a caller spread across n instances may get up to (n − 1) seconds' worth of requests more.
 */
export function createRequestBudget(
  limiter: RateLimiter,
  {
    customerPerMinute,
    providerPerMinute = customerPerMinute,
    refused = () => undefined,
    flushEveryMs = FLUSH_EVERY_MS,
  }: { customerPerMinute: number; providerPerMinute?: number; refused?: () => void; flushEveryMs?: number },
): RequestBudget {
  const tallies = new Map<string, Tally>();
  let flushTimer: NodeJS.Timeout | undefined;

  async function count(key: string): Promise<WindowCount> {
    const now = Date.now();
    const tally = tallies.get(key);
    if (tally && now < tally.windowEndsAt) {
      tally.pending += 1;
      flushTimer ??= setTimeout(() => void flush(), flushEveryMs).unref();
      return windowCount(tally.shared + tally.pending, tally.windowEndsAt);
    }
    // The first request of a window here: from the shared counter, so the other instances' requests count from the start.
    const counted = await limiter.hit(key, WINDOW_SECONDS);
    learn(key, counted);
    return counted;
  }

  /** Takes in the shared counter's answer; a concurrent first request may have learnt a later one already. */
  function learn(key: string, counted: WindowCount) {
    const tally = tallies.get(key);
    if (tally && Date.now() < tally.windowEndsAt) {
      tally.shared = Math.max(tally.shared, counted.hits);
      tally.windowEndsAt = counted.endsAt;
    } else {
      tallies.set(key, { windowEndsAt: counted.endsAt, shared: counted.hits, pending: 0 });
    }
  }

  async function flush(): Promise<void> {
    clearTimeout(flushTimer);
    flushTimer = undefined;
    const writes: Promise<void>[] = [];
    for (const [key, tally] of tallies) {
      if (tally.pending === 0) {
        if (Date.now() >= tally.windowEndsAt) tallies.delete(key);
        continue;
      }
      const spent = tally.pending;
      tally.pending = 0;
      writes.push(
        limiter.hit(key, WINDOW_SECONDS, spent).then(
          (counted) => {
            // Requests counted while the write was under way stay pending, on top of the new shared count.
            tally.shared = counted.hits;
            tally.windowEndsAt = counted.endsAt;
          },
          () => {
            // The database is away: keep the count and try again at the next flush.
            tally.pending += spent;
            flushTimer ??= setTimeout(() => void flush(), flushEveryMs).unref();
          },
        ),
      );
    }
    await Promise.all(writes);
  }

  return {
    async spend(caller) {
      const perMinute = 'apiKeyId' in caller ? providerPerMinute : customerPerMinute;
      if (perMinute <= 0) return;
      const key =
        'contactId' in caller
          ? `api:contact:${caller.contactId}`
          : 'apiKeyId' in caller
            ? `api:key:${caller.apiKeyId}`
            : `api:address:${caller.ip ?? 'unknown'}`;
      const { hits, retryAfterSeconds } = await count(key);
      if (hits <= perMinute) return;
      refused();
      throw new AppError(
        'rate_limited',
        `Too many requests: at most ${perMinute} a minute. Please wait ${retryAfterSeconds} seconds and try again.`,
        undefined,
        { 'retry-after': String(retryAfterSeconds) },
      );
    },
    flush,
  };
}
