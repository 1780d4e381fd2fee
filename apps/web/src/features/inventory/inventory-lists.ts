import type { AcceptedAsset, AcceptedCredential, AcceptedVendor, InventoryStats } from '@portal/contract';

/**
 * What the screens do themselves when the API does not (docs/decisions/0029): the spec's
 * GET /crm/assets and /crm/credentials answer every record and take no search, limit or offset, and
 * the spec has no counts call. This server's searches are the same rule as these (every word of the
 * search somewhere in the record's text, modules/inventory), so filtering its answers again changes
 * nothing.
 */

const wordsOf = (search: string) => search.toLowerCase().split(/\s+/).filter(Boolean);
const containsEveryWord = (words: string[], fields: (string | null | undefined)[]) => {
  const text = fields.filter(Boolean).join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
};

/** The assets whose name, vendor, model, serial number, location or person hold every word of the search. */
export function assetsMatching<T extends AcceptedAsset>(assets: T[], search: string): T[] {
  const words = wordsOf(search);
  if (words.length === 0) return assets;
  return assets.filter((asset) => containsEveryWord(words, [asset.name, asset.vendor, asset.model, asset.serial_number, asset.location, asset.assigned_to]));
}

/** The credentials whose title, username, website or notes hold every word of the search. */
export function credentialsMatching<T extends AcceptedCredential>(credentials: T[], search: string): T[] {
  const words = wordsOf(search);
  if (words.length === 0) return credentials;
  return credentials.filter((credential) => containsEveryWord(words, [credential.service_name, credential.username, credential.website, credential.notes]));
}

/** The Overview's four counters. */
export type InventoryCounters = Pick<InventoryStats, 'total_assets' | 'active_assets' | 'vendors' | 'credentials'>;

/** The counters from the lists themselves, for an API without this server's counts call. */
export function countersFromLists(assets: AcceptedAsset[], vendors: AcceptedVendor[], credentials: AcceptedCredential[]): InventoryCounters {
  return {
    total_assets: assets.length,
    active_assets: assets.filter((asset) => asset.status === 'active').length,
    vendors: vendors.length,
    credentials: credentials.length,
  };
}
