import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatMonth, formatMonthName, formatRelative, formatTimeZone } from './index';

describe('formatting', () => {
  it('writes USD the en-US way', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('writes dates in the given time zone, with a 12-hour clock', () => {
    expect(formatDate('2026-11-22T03:00:00.000Z', 'US/Pacific')).toBe('Nov 21, 2026');
    expect(formatDateTime('2026-11-21T20:05:00.000Z', 'US/Eastern')).toMatch(/^Nov 21, 2026, 3:05\sPM$/);
    expect(formatDate('2026-11-21T12:00:00.000Z', 'Not/AZone')).toMatch(/2026/);
  });

  it('writes months and relative times', () => {
    expect(formatMonth('2026-02')).toBe('Feb 2026');
    expect(formatMonthName('2026-02')).toBe('Feb');
    expect(formatMonthName('2026-12')).toBe('Dec');
    const now = new Date('2026-11-21T12:00:00.000Z');
    expect(formatRelative('2026-11-21T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(formatRelative('2026-11-20T12:00:00.000Z', now)).toBe('yesterday');
    expect(formatRelative('2026-11-21T11:59:30.000Z', now)).toBe('just now');
  });
});

describe('formatTimeZone', () => {
  it('names a zone as people say it, with the stored name beside it', () => {
    expect(formatTimeZone('US/Eastern')).toBe('Eastern Time (US/Eastern)');
    expect(formatTimeZone('America/Los_Angeles')).toBe('Pacific Time (America/Los_Angeles)');
    expect(formatTimeZone('UTC')).toBe('Coordinated Universal Time (UTC)');
    expect(formatTimeZone('Mars/Olympus')).toBe('Mars/Olympus');
  });
});
