import { formatNumericDate } from '../../shared/format';
import type { Asset } from '@portal/contract';

/** docs/product.md §9: asset dates in the en-US short form (1/15/2026); a calendar date has no zone to shift it. */
const shortDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' });
export const assetDate = (date: string | null, missing = 'N/A') => (date ? shortDate.format(new Date(`${date}T12:00:00Z`)) : missing);

/** docs/product.md §9: a password is masked by eight bullets, whatever its length. */
export const PASSWORD_MASK = '••••••••';

const STATUS_COLOURS: Record<string, string> = { active: 'green', maintenance: 'yellow', inactive: 'gray', retired: 'red' };
export const assetStatusColour = (status: Asset['status']) => STATUS_COLOURS[status] ?? 'gray';
export const capitalised = (text: string) => text.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
/** "Lenovo ThinkPad T14", or whichever of the two is known. */
export const vendorAndModel = (asset: Pick<Asset, 'vendor' | 'model'>) => [asset.vendor, asset.model].filter(Boolean).join(' ') || '—';

/**
 * The dialogs' failure texts, here rather than in the dialogs' modules: the screens load their dialogs when first
 * opened (ItAssetsPage, VaultPage), and a text imported from a dialog's module would load it with the screen.
 */
export const ASSET_FAILED = 'The asset could not be loaded';
export const CREATE_FAILED = 'The credential could not be saved';
export const DELETE_FAILED = 'The credential could not be deleted';

/** An instant as an en-US short date in the user's zone (11/9/2026), beside the asset dates. */
export const shortDateIn = (iso: string, timeZone: string) => formatNumericDate(iso, timeZone);
