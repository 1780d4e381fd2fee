import { LOCALE } from '@portal/contract';

/** A zone Intl knows, or undefined (the browser's) so a bad stored zone never breaks a page. */
function safeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    new Intl.DateTimeFormat(LOCALE, { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/** A calendar date such as "Nov 21, 2026", in the user's time zone. */
export function formatDate(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: safeZone(timeZone) }).format(new Date(iso));
}

/** Date and 12-hour time such as "Nov 21, 2026, 3:04 PM", in the user's time zone. */
export function formatDateTime(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', hour12: true, timeZone: safeZone(timeZone) }).format(new Date(iso));
}

/** "3 hours ago", "yesterday", "in 2 days": relative to now, for activity lists. */
export function formatRelative(iso: string, now: Date = new Date()): string {
  const seconds = (new Date(iso).getTime() - now.getTime()) / 1000;
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['year', 365 * 24 * 3600],
    ['month', 30 * 24 * 3600],
    ['week', 7 * 24 * 3600],
    ['day', 24 * 3600],
    ['hour', 3600],
    ['minute', 60],
  ];
  const format = new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** "Nov 2026" for a `YYYY-MM` month key. */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, monthNumber! - 1, 1));
}

/**
 * A time zone as people say it, with the stored name beside it: 'Eastern Time (US/Eastern)'.
 * An unknown zone is shown as stored.
 */
export function formatTimeZone(zone: string, at: Date = new Date()): string {
  const known = safeZone(zone);
  if (!known) return zone;
  const nameIn = (style: 'longGeneric' | 'long') =>
    new Intl.DateTimeFormat(LOCALE, { timeZone: known, timeZoneName: style }).formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  // 'Eastern Time'; a zone with no generic name (UTC) reads 'GMT+00:00' that way, so its long name is used.
  const name = [nameIn('longGeneric'), nameIn('long')].find((candidate) => candidate && !candidate.startsWith('GMT'));
  return name && name !== zone ? `${name} (${zone})` : zone;
}
