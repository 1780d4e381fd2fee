import type { ProviderAssetInput, ProviderVendorInput } from '@portal/contract';
import type { FeedPosition } from '../../db/change-feed.js';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventOrigin } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import * as repo from './inventory.repository.js';

/** Which credential: of one account (the provider API names it), or any (the provider's command line). */
export interface CredentialTarget {
  credentialId: number;
  accountId?: number;
}

/**
 * The inventory's commands for the provider's side (decision 0041): the assets and vendors its PSA or RMM pushes by
 * external id, the hidden flag of a stored password (the provider API and the command line alike), and the change
 * feeds. An asset or vendor already as pushed is left alone and records nothing (decision 0030). Absent fields keep
 * their value, null clears one.
 */
export function createInventorySync({ db, events }: { db: Database; events: EventRecorder }) {
  return {
    async pushAsset(by: EventOrigin, accountId: number, externalId: string, input: ProviderAssetInput): Promise<{ created: boolean; row: repo.AssetRow }> {
      const fields: repo.AssetFields = {
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
        // The status before, so that an asset marked retired is news to the administrators (issue 35).
        const before = await repo.findAssetByExternalId(tx, accountId, externalId);
        const written = await repo.upsertAssetRow(tx, accountId, externalId, fields);
        if (!written) return { created: false, row: before! };
        const { created, ...row } = written;
        const retired = row.status === 'retired' && before !== undefined && before.status !== 'retired';
        await events.record(tx, {
          type: 'asset.pushed',
          accountId,
          ...by,
          data: { asset_id: row.id, external_id: externalId, created, retired, name: row.name },
        });
        return { created, row };
      });
    },

    async pushVendor(by: EventOrigin, accountId: number, externalId: string, input: ProviderVendorInput): Promise<{ created: boolean; row: repo.VendorRow }> {
      const fields: repo.VendorFields = {
        name: input.name,
        ...(input.contact_person !== undefined && { contactPerson: input.contact_person || null }),
        ...(input.email !== undefined && { email: input.email }),
        ...(input.phone !== undefined && { phone: input.phone || null }),
        ...(input.website !== undefined && { website: input.website }),
      };
      return inTransaction(db, async (tx) => {
        const written = await repo.upsertVendorRow(tx, accountId, externalId, fields);
        if (!written) return { created: false, row: (await repo.findVendorByExternalId(tx, accountId, externalId))! };
        const { created, ...row } = written;
        await events.record(tx, { type: 'vendor.pushed', accountId, ...by, data: { vendor_id: row.id, external_id: externalId, created } });
        return { created, row };
      });
    },

    /**
     * The provider hides a stored credential's password from the customer, or shows it again: the one place the flag is
     * written (decision 0015). A hidden password reads null in every customer response, is never revealed, and cannot
     * be changed by the customer. Asking for the flag it already has changes nothing and records nothing.
     * undefined: no such credential (in the account, when one is named).
     */
    async setPasswordHidden(by: EventOrigin, target: CredentialTarget, hidden: boolean): Promise<repo.CredentialRow | undefined> {
      return inTransaction(db, async (tx) => {
        const row =
          target.accountId === undefined
            ? await repo.findAnyCredential(tx, target.credentialId)
            : await repo.findCredential(tx, target.accountId, target.credentialId, true);
        if (!row) return undefined;
        if (row.passwordHidden === hidden) return row;
        const written = await repo.setPasswordHidden(tx, row.id, hidden);
        await events.record(tx, {
          type: hidden ? 'credential.password_hidden' : 'credential.password_shown',
          accountId: row.accountId,
          ...by,
          data: { credential: { id: row.id, title: row.serviceName } },
        });
        return written;
      });
    },

    changedAssets: (accountId: number, position: FeedPosition, limit: number) => repo.assetsChangedAfter(db, accountId, position, limit),
    changedVendors: (accountId: number, position: FeedPosition, limit: number) => repo.vendorsChangedAfter(db, accountId, position, limit),
    /** Only the columns that name a credential and say whether its password is hidden. */
    changedCredentials: (accountId: number, position: FeedPosition, limit: number) => repo.credentialsChangedAfter(db, accountId, position, limit),
  };
}
export type InventorySync = ReturnType<typeof createInventorySync>;
