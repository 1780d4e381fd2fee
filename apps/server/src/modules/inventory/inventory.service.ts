import type { Asset, Credential, CredentialInput, InventoryStats, Vendor, z } from '@portal/contract';
import type { assetsQuery, credentialChanges } from '@portal/contract';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../platform/app-error.js';
import { COMMAND_LINE, contactActor } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { UnknownVaultKey, type VaultKeyRing } from '../../platform/secret-box.js';
import type { Caller } from '../auth/index.js';
import { createInventorySync } from './inventory-sync.js';
import * as repo from './inventory.repository.js';

export const HIDDEN_PASSWORD_LOCKED = 'This password was hidden by an administrator of your provider and cannot be changed here. Please contact support.';
const CREDENTIAL = 'The credential';
export const VAULT_KEY_MISSING =
  'Stored credentials cannot be opened right now: the key they were sealed with is not configured on this portal. Please contact support.';

type AssetsQuery = z.output<typeof assetsQuery>;
type CredentialChanges = z.output<typeof credentialChanges>;

const blankToNull = (value: string | undefined | null) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

export function toAsset(row: repo.AssetRow): Asset {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    vendor: row.vendor,
    model: row.model,
    serial_number: row.serialNumber,
    location: row.location,
    assigned_to: row.assignedTo,
    purchase_date: row.purchaseDate,
    warranty_expires: row.warrantyExpires,
  };
}

const toVendor = (row: repo.VendorRow): Vendor => ({
  id: row.id,
  name: row.name,
  contact_person: row.contactPerson,
  email: row.email,
  phone: row.phone,
  website: row.website,
});

/**
 * The IT Asset Manager and its credential vault (decisions 0015 and 0016): administrators, in their own account only.
 * Every change to the vault, and every reveal, records its event (decision 0041).
 */
export function createInventoryService({ db, vault, events }: { db: Database; vault: VaultKeyRing; events: EventRecorder }) {
  const by = (caller: Caller, meta: ClientMeta) => ({ accountId: caller.accountId, actor: contactActor(caller), meta });
  const credentialRef = (row: repo.CredentialRow) => ({ id: row.id, title: row.serviceName });

  /** A value sealed under a key this portal lacks is the provider's misconfiguration (decision 0015), not the customer's fault: 503, never garbage. */
  function openOrNull(sealed: string | null, keyId: string | null): string | null {
    if (sealed === null || keyId === null) return null;
    try {
      return vault.open(sealed, keyId);
    } catch (error) {
      if (error instanceof UnknownVaultKey) throw new AppError('unavailable', VAULT_KEY_MISSING);
      throw error;
    }
  }

  /**
   * A credential on the wire. The password is never in it: `null` when hidden (the spec's
   * signal), absent otherwise — reading one is the reveal call, which is recorded.
   */
  function toCredential(row: repo.CredentialRow): Credential {
    return {
      id: row.id,
      service_name: row.serviceName,
      category: row.category,
      username: row.username,
      ...(row.passwordHidden ? { password: null } : {}),
      password_hidden: row.passwordHidden,
      has_password: row.passwordSealed !== null,
      website: row.website,
      notes: row.legacyPlainNotes ?? openOrNull(row.notesSealed, row.keyId),
      last_updated: row.updatedAt.toISOString(),
      expires: row.expires,
    };
  }

  /** The password and notes of a row, sealed under the current key. */
  function sealed(password: string | null, notes: string | null) {
    return {
      passwordSealed: password === null ? null : vault.current.seal(password),
      notesSealed: notes === null ? null : vault.current.seal(notes),
      keyId: password === null && notes === null ? null : vault.current.id,
    };
  }

  async function credentialOf(executor: Executor, caller: Caller, id: number, lock = false) {
    const row = await repo.findCredential(executor, caller.accountId, id, lock);
    if (!row) throw notFound(CREDENTIAL);
    return row;
  }

  return {
    async assets(caller: Caller, query: AssetsQuery): Promise<Asset[]> {
      return (await repo.listAssets(db, caller.accountId, query)).map(toAsset);
    },

    async asset(caller: Caller, id: number): Promise<Asset> {
      const row = await repo.findAsset(db, caller.accountId, id);
      if (!row) throw notFound('The asset');
      return toAsset(row);
    },

    stats: (caller: Caller, search: string | undefined): Promise<InventoryStats> => repo.inventoryCounts(db, caller.accountId, search),

    async vendors(caller: Caller): Promise<Vendor[]> {
      return (await repo.listVendors(db, caller.accountId)).map(toVendor);
    },

    /** Every credential, or those whose title, username, url or notes contain every word (notes are sealed, so this runs here). */
    async credentials(caller: Caller, search: string | undefined): Promise<Credential[]> {
      const all = (await repo.listCredentials(db, caller.accountId)).map(toCredential);
      const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      if (words.length === 0) return all;
      return all.filter((c) => {
        const text = [c.service_name, c.username, c.website, c.notes].filter(Boolean).join(' ').toLowerCase();
        return words.every((word) => text.includes(word));
      });
    },

    async create(caller: Caller, input: CredentialInput, meta: ClientMeta): Promise<Credential> {
      return inTransaction(db, async (tx) => {
        const row = await repo.insertCredential(tx, {
          accountId: caller.accountId,
          serviceName: input.title,
          username: blankToNull(input.username),
          website: blankToNull(input.url),
          category: blankToNull(input.category),
          expires: blankToNull(input.expires),
          ...sealed(input.password ? input.password : null, blankToNull(input.notes)),
        });
        await events.record(tx, { type: 'credential.stored', ...by(caller, meta), data: { credential: credentialRef(row) } });
        return toCredential(row);
      });
    },

    async update(caller: Caller, id: number, changes: CredentialChanges, meta: ClientMeta): Promise<Credential> {
      return inTransaction(db, async (tx) => {
        const row = await credentialOf(tx, caller, id, true);
        if (changes.password !== undefined && row.passwordHidden) throw new AppError('forbidden', HIDDEN_PASSWORD_LOCKED, { password: HIDDEN_PASSWORD_LOCKED });
        const password = changes.password === undefined ? openOrNull(row.passwordSealed, row.keyId) : changes.password || null;
        const notes = changes.notes === undefined ? (row.legacyPlainNotes ?? openOrNull(row.notesSealed, row.keyId)) : blankToNull(changes.notes);
        const updated = await repo.updateCredential(tx, caller.accountId, id, {
          ...(changes.title !== undefined ? { serviceName: changes.title } : {}),
          ...(changes.username !== undefined ? { username: blankToNull(changes.username) } : {}),
          ...(changes.url !== undefined ? { website: blankToNull(changes.url) } : {}),
          ...(changes.category !== undefined ? { category: blankToNull(changes.category) } : {}),
          ...(changes.expires !== undefined ? { expires: blankToNull(changes.expires) } : {}),
          ...sealed(password, notes),
          legacyPlainNotes: null,
        });
        await events.record(tx, {
          type: 'credential.changed',
          ...by(caller, meta),
          data: { credential: credentialRef(updated), changed: Object.keys(changes) },
        });
        return toCredential(updated);
      });
    },

    async remove(caller: Caller, id: number, meta: ClientMeta): Promise<void> {
      await inTransaction(db, async (tx) => {
        const row = await repo.deleteCredential(tx, caller.accountId, id);
        if (!row) throw notFound(CREDENTIAL);
        await events.record(tx, { type: 'credential.deleted', ...by(caller, meta), data: { credential: credentialRef(row) } });
      });
    },

    /** One password, to show or copy: its event (the audit entry, the webhook) is written in the same transaction as the read. */
    async reveal(caller: Caller, id: number, purpose: 'show' | 'copy', meta: ClientMeta): Promise<{ id: number; password: string | null }> {
      return inTransaction(db, async (tx) => {
        const row = await credentialOf(tx, caller, id);
        if (row.passwordHidden) return { id, password: null };
        await events.record(tx, { type: 'credential.revealed', ...by(caller, meta), data: { credential: credentialRef(row), purpose } });
        return { id, password: openOrNull(row.passwordSealed, row.keyId) };
      });
    },
  };
}
export type InventoryService = ReturnType<typeof createInventoryService>;

/**
 * Seals again, under the current key, every value sealed under another (after a key rotation) and
 * every note still in plain text (from before notes were sealed). Safe to run on several
 * instances at once (rows are claimed with SKIP LOCKED) and again at any time.
 */
export async function resealVault(db: Database, vault: VaultKeyRing): Promise<number> {
  let resealed = 0;
  for (;;) {
    const done = await inTransaction(db, async (tx) => {
      const rows = await repo.rowsToReseal(tx, vault.current.id, 200);
      for (const row of rows) {
        const password = row.passwordSealed === null || row.keyId === null ? null : vault.open(row.passwordSealed, row.keyId);
        const notes = row.legacyPlainNotes ?? (row.notesSealed === null || row.keyId === null ? null : vault.open(row.notesSealed, row.keyId));
        await repo.writeSealed(tx, row.id, {
          passwordSealed: password === null ? null : vault.current.seal(password),
          notesSealed: notes === null ? null : vault.current.seal(notes),
          keyId: password === null && notes === null ? null : vault.current.id,
        });
      }
      return rows.length;
    });
    resealed += done;
    if (done === 0) return resealed;
  }
}

/** The provider's command line: hide a password from the customer's view, or show it again (the provider API's command). */
export async function setCredentialPasswordHidden(deps: { db: Database; events: EventRecorder }, credentialId: number, hidden: boolean) {
  return (await createInventorySync(deps).setPasswordHidden({ actor: COMMAND_LINE }, { credentialId }, hidden)) ?? null;
}
