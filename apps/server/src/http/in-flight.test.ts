import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createInFlight } from './in-flight.js';

describe('in-flight handlers', () => {
  it('settles only after every running handler has finished', async () => {
    const inFlight = createInFlight();
    const finished: string[] = [];
    const slow = inFlight.run(async () => {
      await sleep(120);
      finished.push('handler');
    });
    await inFlight.settled(5_000);
    finished.push('settled');
    await slow;
    expect(finished).toEqual(['handler', 'settled']);
  });

  it('counts a handler that failed as finished', async () => {
    const inFlight = createInFlight();
    await expect(inFlight.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const started = Date.now();
    await inFlight.settled(5_000);
    expect(Date.now() - started).toBeLessThan(100);
  });

  it('gives up waiting after the timeout', async () => {
    const inFlight = createInFlight();
    void inFlight.run(() => new Promise(() => undefined));
    const started = Date.now();
    await inFlight.settled(150);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });
});
