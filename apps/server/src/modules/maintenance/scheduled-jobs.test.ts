import { describe, expect, it } from 'vitest';
import { cronEvery } from './scheduled-jobs.js';

describe('AUTOPAY_EVERY_MINUTES as a cron expression (decision 0040)', () => {
  it('steps minutes through each hour, hours through each day, and runs daily from a day on', () => {
    expect(cronEvery(1)).toBe('* * * * *');
    expect(cronEvery(15)).toBe('*/15 * * * *');
    expect(cronEvery(60)).toBe('0 * * * *');
    expect(cronEvery(90)).toBe('0 */2 * * *'); // rounded to whole hours
    expect(cronEvery(360)).toBe('0 */6 * * *');
    expect(cronEvery(24 * 60)).toBe('0 0 * * *');
    expect(cronEvery(3 * 24 * 60)).toBe('0 0 * * *');
  });
});
