import { AppError } from '../platform/app-error.js';
import type { RateLimiter } from '../db/rate-limits.repository.js';

const WINDOW_SECONDS = 60;

/**
 * A budget of API requests per caller and minute (docs/decisions/0009), beside the sign-in and
 * reset throttles: a signed-in contact is counted by contact, anyone else by client address. The
 * counters live in PostgreSQL, so every server instance spends from the same budget.
 */
export interface RequestBudget {
  spend(caller: { contactId: number } | { apiKeyId: number } | { ip: string | null }): Promise<void>;
}

/**
 * `providerPerMinute` is a provider API key's own budget (issue 18; it defaults to the customers');
 * `refused` is told of every request the budget turns away (the metrics count them).
 */
export function createRequestBudget(
  limiter: RateLimiter,
  { customerPerMinute, providerPerMinute = customerPerMinute, refused = () => undefined }: { customerPerMinute: number; providerPerMinute?: number; refused?: () => void },
): RequestBudget {
  return {
    async spend(caller) {
      const perMinute = 'apiKeyId' in caller ? providerPerMinute : customerPerMinute;
      if (perMinute <= 0) return;
      const key =
        'contactId' in caller ? `api:contact:${caller.contactId}` : 'apiKeyId' in caller ? `api:key:${caller.apiKeyId}` : `api:address:${caller.ip ?? 'unknown'}`;
      const { hits, retryAfterSeconds } = await limiter.hit(key, WINDOW_SECONDS);
      if (hits <= perMinute) return;
      refused();
      throw new AppError(
        'rate_limited',
        `Too many requests: at most ${perMinute} a minute. Please wait ${retryAfterSeconds} seconds and try again.`,
        undefined,
        { 'retry-after': String(retryAfterSeconds) },
      );
    },
  };
}
