import { calendarDayOf, formatCalendarDate, formatDate } from '../../shared/format';

export { calendarDayOf };
import type { AcceptedAsset, AcceptedCredential } from '@portal/contract';

/**
 * A date of an asset or credential (our server's YYYY-MM-DD, or a timestamp from another portal API,
 * docs/decisions/0029), written as the portal writes days (decision 0035). A timestamp shows the day it is written
 * with, so a date sent as midnight UTC is the same day in every zone; what cannot be read is shown as sent.
 */
export function assetDate(date: string | null | undefined, missing = 'N/A'): string {
  return date ? formatCalendarDate(date) : missing;
}

/** Today's calendar day in a time zone (the user's), as YYYY-MM-DD. */
export const todayIn = (timeZone: string, now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** Decision 0033: how far ahead an expiry is flagged as coming. */
export const EXPIRES_SOON_DAYS = 30;

/**
 * Decision 0033: where an expiry date (a credential's, an asset's warranty) stands against today:
 * `expired` the day after it, `soon` from 30 days before it through the day itself, else `valid`;
 * null when there is no date to read.
 */
export function expiryState(date: string | null | undefined, today: string): 'expired' | 'soon' | 'valid' | null {
  const day = calendarDayOf(date);
  if (day === null) return null;
  if (day < today) return 'expired';
  const soonUntil = new Date(`${today}T12:00:00Z`);
  soonUntil.setUTCDate(soonUntil.getUTCDate() + EXPIRES_SOON_DAYS);
  return day <= soonUntil.toISOString().slice(0, 10) ? 'soon' : 'valid';
}

/** Decision 0033: a shown password masks itself again after this long. */
export const PASSWORD_SHOWN_FOR_MS = 30_000;

/** docs/product.md §9: a password is masked by eight bullets, whatever its length. */
export const PASSWORD_MASK = '••••••••';

const STATUS_COLOURS: Record<string, string> = { active: 'green', maintenance: 'yellow', inactive: 'gray', retired: 'red' };
export const assetStatusColour = (status: AcceptedAsset['status']) => STATUS_COLOURS[status] ?? 'gray';
export const capitalised = (text: string) => text.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
/** "Lenovo ThinkPad T14", or whichever of the two is known. */
export const vendorAndModel = (asset: Pick<AcceptedAsset, 'vendor' | 'model'>) => [asset.vendor, asset.model].filter(Boolean).join(' ') || '—';

/**
 * The dialogs' failure texts, here rather than in the dialogs' modules: the screens load their dialogs when first
 * opened (ItAssetsPage, VaultPage), and a text imported from a dialog's module would load it with the screen.
 */
export const ASSET_FAILED = 'The asset could not be loaded';
export const CREATE_FAILED = 'The credential could not be saved';
export const DELETE_FAILED = 'The credential could not be deleted';

/** The day of an instant in the user's zone, beside the asset dates; what cannot be read is shown as sent. */
export const shortDateIn = (iso: string, timeZone: string) => (Number.isNaN(new Date(iso).getTime()) ? iso : formatDate(iso, timeZone));

/**
 * What a credential's answer says of its password (docs/product.md §3, §6; docs/decisions/0015):
 * - hidden: null, an administrator hid it (whatever else the answer says);
 * - carried: the answer holds it (the spec's answer), shown and copied from there;
 * - revealable: stored and read through the recorded reveal call (this server leaves it out);
 * - none: no password stored.
 */
export type PasswordState = { kind: 'hidden' } | { kind: 'carried'; password: string } | { kind: 'revealable' } | { kind: 'none' };

export function passwordStateOf(credential: Pick<AcceptedCredential, 'password' | 'password_hidden' | 'has_password'>): PasswordState {
  if (credential.password === null || credential.password_hidden === true) return { kind: 'hidden' };
  if (typeof credential.password === 'string') return { kind: 'carried', password: credential.password };
  return credential.has_password ? { kind: 'revealable' } : { kind: 'none' };
}
