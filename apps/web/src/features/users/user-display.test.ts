import { describe, expect, it } from 'vitest';
import { pageButtons, roleBadges } from './user-display';

describe('the users paginator', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows at most five page buttons, with ellipses where pages are skipped', () => {
    expect(pageButtons(1, 12)).toEqual([1, 2, 3, 4, 'gap', 12]);
    expect(pageButtons(6, 12)).toEqual([1, 'gap', 5, 6, 7, 'gap', 12]);
    expect(pageButtons(12, 12)).toEqual([1, 'gap', 9, 10, 11, 12]);
    expect(pageButtons(3, 6)).toEqual([1, 2, 3, 4, 'gap', 6]);
    for (let current = 1; current <= 40; current += 1) {
      const numbers = pageButtons(current, 40).filter((b) => b !== 'gap');
      expect(numbers.length).toBeLessThanOrEqual(5);
      expect(numbers).toContain(current);
    }
  });
});

describe('role badges', () => {
  it('names each flag, and User for none', () => {
    expect(roleBadges({ admin_group: true, billing_group: false, technical_group: true })).toEqual(['Admin', 'Technical']);
    expect(roleBadges({ admin_group: false, billing_group: false, technical_group: false })).toEqual(['User']);
  });
});
