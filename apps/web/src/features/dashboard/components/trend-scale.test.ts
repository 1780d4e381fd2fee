import { describe, expect, it } from 'vitest';
import { trendScale } from './trend-scale';

describe('the ticket trend’s value axis', () => {
  it.each([
    [34, 40, [0, 10, 20, 30, 40]],
    [32, 40, [0, 10, 20, 30, 40]],
    [7, 8, [0, 2, 4, 6, 8]],
    [3, 3, [0, 1, 2, 3]],
    [1, 1, [0, 1]],
    [0, 1, [0, 1]],
    [180, 200, [0, 50, 100, 150, 200]],
  ])('a largest month of %i reaches %i in whole, round steps', (largest, top, ticks) => {
    expect(trendScale(largest)).toEqual({ top, ticks });
  });

  it('always reaches the largest month, in at most five steps', () => {
    for (let largest = 0; largest <= 2_000; largest += 1) {
      const { top, ticks } = trendScale(largest);
      expect(top).toBeGreaterThanOrEqual(largest);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.every(Number.isInteger)).toBe(true);
    }
  });
});
