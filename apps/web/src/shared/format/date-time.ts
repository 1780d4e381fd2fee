import { LOCALE } from '@portal/contract';

/**
 * Formatters are kept by their options: building an Intl.DateTimeFormat costs far more than using
 * one, and a ticket list formats a few hundred dates (issue 16: a third of its render on a phone).
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatterFor(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat(LOCALE, options);
    } catch {
      // An unknown time zone: the caller falls back to the browser's.
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A zone Intl knows, or undefined (the browser's) so a bad stored zone never breaks a page. */
function safeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  return formatterFor({ timeZone }) ? timeZone : undefined;
}

/** Formats in the zone when Intl knows it, else in the browser's. */
function formatIn(iso: string, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): string {
  const zone = safeZone(timeZone);
  return formatterFor(zone ? { ...options, timeZone: zone } : options)!.format(new Date(iso));
}

/** A calendar date such as "Nov 21, 2026", in the user's time zone. */
export function formatDate(iso: string, timeZone?: string): string {
  return formatIn(iso, { dateStyle: 'medium' }, timeZone);
}

/** A numeric date such as "11/9/2026", in the user's time zone. */
export function formatNumericDate(iso: string, timeZone?: string): string {
  return formatIn(iso, {}, timeZone);
}

/** Date and 12-hour time such as "Nov 21, 2026, 3:04 PM", in the user's time zone. */
export function formatDateTime(iso: string, timeZone?: string): string {
  return formatIn(iso, { dateStyle: 'medium', timeStyle: 'short', hour12: true }, timeZone);
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;
/** "3 hours ago", "yesterday": one formatter for every relative time on the screen. */
export const relativeTimeFormat = () => (relativeFormat ??= new Intl.RelativeTimeFormat(LOCALE, { numeric: 'auto' }));

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
  const format = relativeTimeFormat();
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** "Nov 2026" for a `YYYY-MM` month key. */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return formatterFor({ month: 'short', year: 'numeric', timeZone: 'UTC' })!.format(Date.UTC(year!, monthNumber! - 1, 1));
}

/** "Nov" for a `YYYY-MM` month key: the month alone, where there is no room for the year. */
export function formatMonthName(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  return formatterFor({ month: 'short', timeZone: 'UTC' })!.format(Date.UTC(year!, monthNumber! - 1, 1));
}

/**
 * A time zone as people say it, with the stored name beside it: 'Eastern Time (US/Eastern)'.
 * An unknown zone is shown as stored.
 */
export function formatTimeZone(zone: string, at: Date = new Date()): string {
  const known = safeZone(zone);
  if (!known) return zone;
  const nameIn = (style: 'longGeneric' | 'long') =>
    formatterFor({ timeZone: known, timeZoneName: style })!.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? '';
  // 'Eastern Time'; a zone with no generic name (UTC) reads 'GMT+00:00' that way, so its long name is used.
  const name = [nameIn('longGeneric'), nameIn('long')].find((candidate) => candidate && !candidate.startsWith('GMT'));
  return name && name !== zone ? `${name} (${zone})` : zone;
}
