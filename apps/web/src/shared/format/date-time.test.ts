import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateLocale, formatCalendarDate, formatDate, formatDateTime, formatRelative, resetDateLocale } from './date-time';

/** The browser's languages, as navigator states them, for one test. */
function browserLanguages(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
  resetDateLocale();
}

afterEach(() => {
  vi.restoreAllMocks();
  resetDateLocale();
});

describe('the one date format, in the reader’s language and the user’s zone', () => {
  it('writes en-US as the spec shows it: a medium date, and a 12-hour time', () => {
    browserLanguages('en-US');
    expect(dateLocale()).toBe('en-US');
    expect(formatDate('2026-11-22T03:00:00.000Z', 'US/Pacific')).toBe('Nov 21, 2026');
    expect(formatDateTime('2026-11-21T20:05:00.000Z', 'US/Eastern')).toMatch(/^Nov 21, 2026, 3:05\sPM$/);
  });

  it('follows the browser’s first language Intl knows: day before month and a 24-hour clock in en-GB, German in de', () => {
    browserLanguages('en-GB', 'en');
    expect(formatDate('2026-11-22T03:00:00.000Z', 'Europe/London')).toBe('22 Nov 2026');
    expect(formatDateTime('2026-11-21T20:05:00.000Z', 'UTC')).toBe('21 Nov 2026, 20:05');
    browserLanguages('de-DE');
    expect(formatDate('2026-11-21T12:00:00.000Z', 'UTC')).toBe('21.11.2026');
    expect(formatRelative('2026-11-20T12:00:00.000Z', new Date('2026-11-21T12:00:00.000Z'))).toBe('gestern');
  });

  it('falls back to en-US for a language tag Intl cannot use, and to the browser’s zone for an unknown zone', () => {
    browserLanguages('not a language');
    expect(dateLocale()).toBe('en-US');
    browserLanguages();
    expect(dateLocale()).toBe('en-US');
    expect(formatDate('2026-11-21T12:00:00.000Z', 'Mars/Olympus')).toMatch(/^Nov 2[01], 2026$/);
  });

  it('writes a calendar day as the same day in every zone, in the same format as other days', () => {
    browserLanguages('en-US');
    expect(formatCalendarDate('2026-01-15')).toBe('Jan 15, 2026');
    expect(formatCalendarDate('2027-01-31T00:00:00Z')).toBe('Jan 31, 2027');
    expect(formatCalendarDate('2027-01-31T23:30:00-05:00')).toBe('Jan 31, 2027');
    expect(formatCalendarDate('someday')).toBe('someday');
    expect(formatCalendarDate('2026-01-15')).toBe(formatDate('2026-01-15T12:00:00Z', 'UTC'));
  });
});
