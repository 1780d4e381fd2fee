import { describe, expect, it } from 'vitest';
import { DELIVERY_WINDOW_MS, JITTER, nextAttemptAt, RETRY_DELAYS_MS } from './delivery-schedule.js';

const created = new Date('2026-11-25T12:00:00Z');
const after = (ms: number) => new Date(created.getTime() + ms);

describe('the retry schedule', () => {
  it('waits 5 s, 30 s, 2 min … after each failure, jittered by at most 20 %', () => {
    for (const [index, base] of RETRY_DELAYS_MS.entries()) {
      const now = after(1000);
      for (const random of [0, 0.5, 0.999]) {
        const wait = nextAttemptAt(index + 1, created, now, () => random)!.getTime() - now.getTime();
        expect(wait).toBeGreaterThanOrEqual(base * (1 - JITTER));
        expect(wait).toBeLessThanOrEqual(base * (1 + JITTER));
      }
    }
    expect(nextAttemptAt(1, created, created, () => 0.5)!.getTime() - created.getTime()).toBe(5000);
  });

  it('keeps the longest wait once the list runs out, but never past the day', () => {
    const now = after(2 * 60 * 60 * 1000);
    expect(nextAttemptAt(40, created, now, () => 0.5)!.getTime() - now.getTime()).toBe(RETRY_DELAYS_MS.at(-1));
    const late = after(DELIVERY_WINDOW_MS - 60_000);
    expect(nextAttemptAt(40, created, late, () => 0.5)).toEqual(after(DELIVERY_WINDOW_MS));
  });

  it('gives up a day after the event', () => {
    expect(nextAttemptAt(3, created, after(DELIVERY_WINDOW_MS))).toBeNull();
  });

  it('tries twelve times in the day when every attempt fails', () => {
    let now = created;
    let attempts = 1;
    for (let next = nextAttemptAt(attempts, created, now, () => 0.5); next; next = nextAttemptAt(attempts, created, now, () => 0.5)) {
      now = next;
      attempts += 1;
    }
    expect(attempts).toBe(12);
    expect(now).toEqual(after(DELIVERY_WINDOW_MS));
  });
});
