import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { DatabaseHandle } from '../db/client.js';
import { createRateLimiter } from '../db/rate-limits.repository.js';
import { AppError } from '../platform/app-error.js';
import { createRequestBudget } from './request-budget.js';

/** Spends `times` requests of one contact; how many were refused. */
async function spendMany(budget: ReturnType<typeof createRequestBudget>, contactId: number, times: number): Promise<number> {
  let refused = 0;
  for (let i = 0; i < times; i += 1) {
    await budget.spend({ contactId }).catch((error: unknown) => {
      if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
      refused += 1;
    });
  }
  return refused;
}

/** Decision 0028: requests are counted in memory and written to the shared counter a second later. */
describe('the request budget shared by instances', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  const instance = () => createRequestBudget(createRateLimiter(handle.db), { customerPerMinute: 10, flushEveryMs: 60_000 });
  const sharedHits = async (contactId: number) => (await createRateLimiter(handle.db).peek(`api:contact:${contactId}`, 60)).hits;

  it('is exact on one instance, and its flush writes every request it counted', async () => {
    const budget = instance();
    expect(await spendMany(budget, 101, 10)).toBe(0);
    expect(await spendMany(budget, 101, 3)).toBe(3);
    // Only the first request of the window has reached the database so far.
    expect(await sharedHits(101)).toBe(1);
    await budget.flush();
    expect(await sharedHits(101)).toBe(13);
  });

  it('lets a second instance start from what the first has written', async () => {
    const first = instance();
    const second = instance();
    expect(await spendMany(first, 202, 7)).toBe(0);
    await first.flush();
    // The second instance's first request reads 7 and counts itself: 3 more fit, then it refuses.
    expect(await spendMany(second, 202, 5)).toBe(2);
    await second.flush();
    expect(await sharedHits(202)).toBe(12);
  });

  it('learns the other instances’ requests at its next flush', async () => {
    const first = instance();
    const second = instance();
    expect(await spendMany(first, 303, 1)).toBe(0);
    expect(await spendMany(second, 303, 6)).toBe(0);
    await second.flush();
    // The first instance believes two requests were made, until it writes its own and reads the sum (8).
    expect(await spendMany(first, 303, 1)).toBe(0);
    await first.flush();
    expect(await spendMany(first, 303, 2)).toBe(0);
    expect(await spendMany(first, 303, 1)).toBe(1);
  });
});
