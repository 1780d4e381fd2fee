/**
 * Money and dates as mails and statements print them (en-US, UTC). Each Intl formatter is made on
 * first use: creating one loads ICU data, and three at start-up cost about 8 MB of memory
 * (docs/decisions/0021).
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const usd = onFirstUse(() => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }));
const dateTime = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }));
const longDate = onFirstUse(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }));
const shortDate = onFirstUse(() => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }));

/** $1,234.50 */
export const formatUsd = (amount: number): string => usd().format(amount);
/** November 25, 2026 at 3:04 PM (UTC) */
export const formatUtcDateTime = (at: Date): string => dateTime().format(at);
/** Calendar dates ('YYYY-MM-DD') are read at noon UTC so no time zone moves them a day. November 25, 2026 */
export const formatCalendarDate = (isoDate: string): string => longDate().format(new Date(`${isoDate}T12:00:00Z`));
/** Nov 25, 2026 */
export const formatShortCalendarDate = (isoDate: string): string => shortDate().format(new Date(`${isoDate}T12:00:00Z`));
