import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { ProviderAsset, ProviderAssetInput, ProviderListQuery, ProviderVendor, ProviderVendorInput } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { assets, vendors } from '../../db/schema/index.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { toAsset } from '../inventory/inventory.service.js';
import type { ProviderCaller } from './api-keys.js';
import { accountIdOf, cursorMicros, differsFromOffered, pageConditions, recordProviderChange, toPage } from './provider-support.js';

type AssetRow = typeof assets.$inferSelect;
type VendorRow = typeof vendors.$inferSelect;

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
 * The IT Asset Manager's assets and vendors, from the provider's PSA or RMM by external id; the
 * account's administrators see them on /it-assets like any other. Absent fields keep their value,
 * null clears one.
 */
export function createProviderInventory(db: Database) {
  return {
    async upsertAsset(
      provider: ProviderCaller,
      accountExternalId: string,
      externalId: string,
      input: ProviderAssetInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderAsset }> {
      const accountId = await accountIdOf(db, accountExternalId);
      const fields = {
        name: input.name,
        type: input.type,
        status: input.status,
        ...(input.vendor !== undefined && { vendor: input.vendor || null }),
        ...(input.model !== undefined && { model: input.model || null }),
        ...(input.serial_number !== undefined && { serialNumber: input.serial_number || null }),
        ...(input.location !== undefined && { location: input.location || null }),
        ...(input.assigned_to !== undefined && { assignedTo: input.assigned_to || null }),
        ...(input.purchase_date !== undefined && { purchaseDate: input.purchase_date }),
        ...(input.warranty_expires !== undefined && { warrantyExpires: input.warranty_expires }),
      };
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(assets)
          .values({ accountId, externalId, ...fields })
          .onConflictDoUpdate({
            target: [assets.accountId, assets.externalId],
            set: { ...fields, updatedAt: sql`now()` },
            setWhere: differsFromOffered(assets, Object.keys(fields)),
          })
          .returning({ ...getTableColumns(assets), created: sql<boolean>`(xmax = 0)` });
        // No row written: the asset is as pushed, so nothing changed and there is nothing to record.
        if (!row)
          return {
            created: false,
            item: assetWire(
              (
                await tx
                  .select()
                  .from(assets)
                  .where(and(eq(assets.accountId, accountId), eq(assets.externalId, externalId)))
              )[0]!,
            ),
          };
        const { created, ...asset } = row;
        await recordProviderChange(tx, provider, meta, created ? 'provider.asset_created' : 'provider.asset_updated', accountId, {
          asset_id: asset.id,
          external_id: externalId,
        });
        return { created, item: assetWire(asset) };
      });
    },

    async listAssets(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await db
        .select({ row: assets, cursorMicros: cursorMicros(assets.updatedAt) })
        .from(assets)
        .where(and(eq(assets.accountId, accountId), pageConditions(query, assets.updatedAt, assets.id)))
        .orderBy(asc(assets.updatedAt), asc(assets.id))
        .limit(query.limit + 1);
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
      const fields = {
        name: input.name,
        ...(input.contact_person !== undefined && { contactPerson: input.contact_person || null }),
        ...(input.email !== undefined && { email: input.email }),
        ...(input.phone !== undefined && { phone: input.phone || null }),
        ...(input.website !== undefined && { website: input.website }),
      };
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(vendors)
          .values({ accountId, externalId, ...fields })
          .onConflictDoUpdate({
            target: [vendors.accountId, vendors.externalId],
            set: { ...fields, updatedAt: sql`now()` },
            setWhere: differsFromOffered(vendors, Object.keys(fields)),
          })
          .returning({ ...getTableColumns(vendors), created: sql<boolean>`(xmax = 0)` });
        // No row written: the vendor is as pushed, so nothing changed and there is nothing to record.
        if (!row)
          return {
            created: false,
            item: vendorWire(
              (
                await tx
                  .select()
                  .from(vendors)
                  .where(and(eq(vendors.accountId, accountId), eq(vendors.externalId, externalId)))
              )[0]!,
            ),
          };
        const { created, ...vendor } = row;
        await recordProviderChange(tx, provider, meta, created ? 'provider.vendor_created' : 'provider.vendor_updated', accountId, {
          vendor_id: vendor.id,
          external_id: externalId,
        });
        return { created, item: vendorWire(vendor) };
      });
    },

    async listVendors(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await db
        .select({ row: vendors, cursorMicros: cursorMicros(vendors.updatedAt) })
        .from(vendors)
        .where(and(eq(vendors.accountId, accountId), pageConditions(query, vendors.updatedAt, vendors.id)))
        .orderBy(asc(vendors.updatedAt), asc(vendors.id))
        .limit(query.limit + 1);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => vendorWire(r.row),
      );
    },
  };
}
