const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** The wait after the n-th failed attempt (the last repeats), before jitter (docs/decisions/0026). */
export const RETRY_DELAYS_MS = [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 4 * HOUR, 8 * HOUR];
/** A delivery is tried for a day after its event; then it is dead (the provider can still retry it by hand). */
export const DELIVERY_WINDOW_MS = 24 * HOUR;
/** Each wait is stretched or shrunk by up to this fraction, so receivers that failed together are not retried together. */
export const JITTER = 0.2;

/**
 * When to try again after `attemptsMade` attempts have failed, or null when the delivery is dead.
 * A wait that would end after the day is cut to the day's end, so the last attempt falls on it.
 */
export function nextAttemptAt(attemptsMade: number, eventCreatedAt: Date, now: Date, random: () => number = Math.random): Date | null {
  const deadline = eventCreatedAt.getTime() + DELIVERY_WINDOW_MS;
  if (now.getTime() >= deadline) return null;
  const base = RETRY_DELAYS_MS[Math.min(Math.max(attemptsMade, 1), RETRY_DELAYS_MS.length) - 1]!;
  const wait = base * (1 + JITTER * (2 * random() - 1));
  return new Date(Math.min(now.getTime() + wait, deadline));
}
