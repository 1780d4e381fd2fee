import type { ProviderAsset, ProviderAssetInput, ProviderListQuery, ProviderVendor, ProviderVendorInput } from '@portal/contract';
import type { Database } from '../../db/client.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { toAsset, type AssetRow, type InventorySync, type VendorRow } from '../inventory/index.js';
import type { ProviderCaller } from './api-keys.js';
import { accountIdOf, feedPosition, toPage, byKey } from './provider-support.js';

export function assetWire(row: AssetRow): ProviderAsset {
  return { ...toAsset(row), external_id: row.externalId, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() };
}

export function vendorWire(row: VendorRow): ProviderVendor {
  return {
    id: row.id,
    external_id: row.externalId,
    name: row.name,
    contact_person: row.contactPerson,
    email: row.email,
    phone: row.phone,
    website: row.website,
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The IT Asset Manager's assets and vendors, from the provider's PSA or RMM by external id; the account's
 * administrators see them on /it-assets like any other. What is the provider's own stays here (its key, external ids,
 * cursors and wire shapes); the writes are the inventory module's commands (decision 0041).
 */
export function createProviderInventory(db: Database, sync: InventorySync) {
  return {
    async upsertAsset(
      provider: ProviderCaller,
      accountExternalId: string,
      externalId: string,
      input: ProviderAssetInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderAsset }> {
      const accountId = await accountIdOf(db, accountExternalId);
      const { created, row } = await sync.pushAsset(byKey(provider, meta), accountId, externalId, input);
      return { created, item: assetWire(row) };
    },

    async listAssets(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await sync.changedAssets(accountId, feedPosition(query), query.limit);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => assetWire(r.row),
      );
    },

    async upsertVendor(
      provider: ProviderCaller,
      accountExternalId: string,
      externalId: string,
      input: ProviderVendorInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderVendor }> {
      const accountId = await accountIdOf(db, accountExternalId);
      const { created, row } = await sync.pushVendor(byKey(provider, meta), accountId, externalId, input);
      return { created, item: vendorWire(row) };
    },

    async listVendors(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await sync.changedVendors(accountId, feedPosition(query), query.limit);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => vendorWire(r.row),
      );
    },
  };
}
