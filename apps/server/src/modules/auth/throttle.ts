import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/app-error.js';
import { createRateLimiter } from '../../db/rate-limits.repository.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { THROTTLE } from './auth.messages.js';

/**
 * The sign-in and reset throttles (decision 0006): fixed windows in PostgreSQL, so every server
 * instance counts into the same windows. `refuseWhenOver` answers 429 with Retry-After once any
 * of the keys has reached its limit (and tells `refused`, for the metrics); `count` adds one to each.
 */
export function createThrottle(db: Executor, refused: () => void = () => undefined) {
  const limiter = createRateLimiter(db);
  return {
    async refuseWhenOver(keys: Array<{ key: string; limit: number }>, windowSeconds: number, message: (minutes: number) => string): Promise<void> {
      for (const { key, limit } of keys) {
        const count = await limiter.peek(key, windowSeconds);
        if (count.hits >= limit) {
          refused();
          const minutes = Math.ceil(count.retryAfterSeconds / 60);
          throw new AppError('rate_limited', message(minutes), undefined, { 'retry-after': String(count.retryAfterSeconds) });
        }
      }
    },
    async count(keys: string[], windowSeconds: number): Promise<void> {
      for (const key of keys) await limiter.hit(key, windowSeconds);
    },
    clear: (key: string) => limiter.clear(key),
  };
}
export type Throttle = ReturnType<typeof createThrottle>;

export const minutesWord = (minutes: number) => `${minutes} minute${minutes === 1 ? '' : 's'}`;
/** The refusal once a window is full, at a sign-in's later steps (a second factor, a passkey). */
export const tooManySignInAttempts = (minutes: number) => `Too many failed sign-in attempts. Please wait ${minutesWord(minutes)} and try again.`;

/** The key of a username's failed sign-ins; a wrong current password counts there too. */
export const signInFailuresKey = (username: string) => `login:user:${username.trim().toLowerCase()}`;

/** The failed sign-ins of one username, whatever proved or failed to prove it (a password, a code, a passkey). */
export const usernameWindow = (username: string) => ({ key: signInFailuresKey(username), limit: THROTTLE.loginFailuresPerUsername });
/** The failed sign-ins from one address, of any username. */
export const addressWindow = (meta: Pick<ClientMeta, 'ip'>) => ({ key: `login:ip:${meta.ip ?? 'unknown'}`, limit: THROTTLE.loginFailuresPerAddress });
