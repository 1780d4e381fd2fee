import { describe, expect, it } from 'vitest';
import { cardDefaults, cardYears, nextInvoiceDate, orderStatusLabel, pageOf } from './billing-display';

const day = (date: Date) => [date.getFullYear(), date.getMonth() + 1, date.getDate()];

describe('nextInvoiceDate', () => {
  it('is this month’s cycle day while it has not passed, and next month’s after', () => {
    expect(day(nextInvoiceDate(5, new Date(2026, 10, 3)))).toEqual([2026, 11, 5]);
    expect(day(nextInvoiceDate(5, new Date(2026, 10, 5, 18)))).toEqual([2026, 11, 5]);
    expect(day(nextInvoiceDate(5, new Date(2026, 10, 24)))).toEqual([2026, 12, 5]);
    expect(day(nextInvoiceDate(15, new Date(2026, 11, 20)))).toEqual([2027, 1, 15]);
  });

  it('puts a 31st on the last day of a shorter month', () => {
    expect(day(nextInvoiceDate(31, new Date(2026, 1, 10)))).toEqual([2026, 2, 28]);
    expect(day(nextInvoiceDate(31, new Date(2026, 3, 1)))).toEqual([2026, 4, 30]);
  });
});

describe('card options', () => {
  it('offer the current year and the nine following, defaulting to next year, 01 and visa', () => {
    const years = cardYears(new Date(2026, 10, 24));
    expect(years).toHaveLength(10);
    expect([years[0], years[9]]).toEqual(['2026', '2035']);
    expect(cardDefaults(new Date(2026, 10, 24))).toEqual({ exp_month: '01', exp_year: '2027', type: 'visa' });
  });
});

describe('pageOf and labels', () => {
  it('pages by 20 and clamps the page', () => {
    const rows = Array.from({ length: 45 }, (_, i) => i);
    expect(pageOf(rows, 3, 20)).toEqual({ rows: [40, 41, 42, 43, 44], pages: 3 });
    expect(pageOf(rows, 9, 20).rows[0]).toBe(40);
    expect(pageOf([], 1, 20)).toEqual({ rows: [], pages: 1 });
  });

  it('reads new_order as New Order', () => {
    expect(orderStatusLabel('new_order')).toBe('New Order');
    expect(orderStatusLabel('completed')).toBe('Completed');
  });
});
