import { LOCALE } from '@portal/contract';

/**
 * The portal's one way of writing dates and times (decision 0035): in the reader's language, as the browser states it, and
 * in the user's time zone (their profile's, else the browser's). Screens never format a date themselves; they call
 * formatDate (a day), formatDateTime (a moment), formatCalendarDate (a day without a zone: a purchase date) or
 * formatRelative. Money stays en-US USD (docs/product.md §9): it is the account's currency, not the reader's.
 */

let chosenLocale: string | undefined;
/** The browser's preferred language that Intl can write dates in, else the spec's en-US. */
export function dateLocale(): string {
  if (chosenLocale) return chosenLocale;
  const wanted = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? [...navigator.languages] : [navigator.language].filter(Boolean);
  let supported: string[] = [];
  try {
    supported = Intl.DateTimeFormat.supportedLocalesOf(wanted);
  } catch {
    // A malformed language tag: the default below.
  }
  return (chosenLocale = supported[0] ?? LOCALE);
}

/** For tests: forget the chosen language and the formatters made for it. */
export function resetDateLocale(): void {
  chosenLocale = undefined;
  formatters.clear();
  relativeFormat = undefined;
}

/**
 * Formatters are kept by their options: building an Intl.DateTimeFormat costs far more than using
 * one, and a ticket list formats a few hundred dates (decision 0022: a third of its render on a phone).
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();
function formatterFor(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat | null {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat(dateLocale(), options);
    } catch {
      // An unknown time zone: the caller falls back to the browser's.
      formatter = null;
    }
    formatters.set(key, formatter);
  }
  return formatter;
}

const DAY: Intl.DateTimeFormatOptions = { dateStyle: 'medium' };

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

/** The day of a moment, such as "Nov 21, 2026" (en-US) or "21 Nov 2026" (en-GB), in the user's time zone. */
export function formatDate(iso: string, timeZone?: string): string {
  return formatIn(iso, DAY, timeZone);
}

/** A moment, the day as formatDate writes it and the time in the language's clock: "Nov 21, 2026, 3:04 PM" (en-US). */
export function formatDateTime(iso: string, timeZone?: string): string {
  return formatIn(iso, { ...DAY, timeStyle: 'short' }, timeZone);
}

/** The calendar day a date or timestamp starts with: `2027-01-31` of `2027-01-31T00:00:00Z`. */
const LEADING_DAY = /^(\d{4}-\d{2}-\d{2})(?=$|[T ])/;

/**
 * A day that has no time zone (a purchase date, a warranty's end: `2026-01-15`, or a timestamp sent for one), written
 * as formatDate writes days, and the same day in every zone. What cannot be read is returned as sent.
 */
export function formatCalendarDate(date: string): string {
  const day = LEADING_DAY.exec(date)?.[1];
  const noon = new Date(day ? `${day}T12:00:00Z` : date);
  return Number.isNaN(noon.getTime()) ? date : formatterFor({ ...DAY, timeZone: 'UTC' })!.format(noon);
}

/** The calendar day (YYYY-MM-DD) a date or timestamp is written with, as formatCalendarDate shows it; null when there is none to read. */
export function calendarDayOf(date: string | null | undefined): string | null {
  if (!date) return null;
  const day = LEADING_DAY.exec(date)?.[1];
  if (day) return day;
  const instant = new Date(date);
  return Number.isNaN(instant.getTime()) ? null : instant.toISOString().slice(0, 10);
}

let relativeFormat: Intl.RelativeTimeFormat | undefined;
/** "3 hours ago", "yesterday": one formatter for every relative time on the screen. */
export const relativeTimeFormat = () => (relativeFormat ??= new Intl.RelativeTimeFormat(dateLocale(), { numeric: 'auto' }));

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
    formatterFor({ timeZone: known, timeZoneName: style })!
      .formatToParts(at)
      .find((part) => part.type === 'timeZoneName')?.value ?? '';
  // 'Eastern Time'; a zone with no generic name (UTC) reads 'GMT+00:00' that way, so its long name is used.
  const name = [nameIn('longGeneric'), nameIn('long')].find((candidate) => candidate && !candidate.startsWith('GMT'));
  return name && name !== zone ? `${name} (${zone})` : zone;
}
