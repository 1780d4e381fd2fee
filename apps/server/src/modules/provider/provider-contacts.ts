import type { ProviderBulkItem, ProviderBulkResult, ProviderContact, ProviderContactInput, ProviderListQuery } from '@portal/contract';
import type { Database } from '../../db/client.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { ContactSync, SyncedContactRow } from '../users/index.js';
import type { ProviderCaller } from './api-keys.js';
import { bulkField, bulkOutcome, bulkResult, refuseDuplicateExternalIds, refuseDuplicates } from './provider-bulk.js';
import { accountIdOf, accountOf, feedPosition, toPage, byKey } from './provider-support.js';

export function contactWire(row: SyncedContactRow): ProviderContact {
  return {
    id: row.id,
    external_id: row.externalId,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    mobile: row.mobile,
    time_zone: row.timeZone,
    admin_group: row.adminGroup,
    billing_group: row.billingGroup,
    technical_group: row.technicalGroup,
    active: row.deactivatedAt === null,
    has_password: row.passwordHash !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The provider API's contacts (decision 0025): an account's contacts by the provider's external id. What is the
 * provider's own stays here (its key, external ids, bulk framing, cursors and wire shapes); what happens to a contact,
 * its invitation included, is the users module's commands (decision 0041).
 */
export function createProviderContacts(db: Database, sync: ContactSync) {
  return {
    async upsert(
      provider: ProviderCaller,
      accountExternalId: string,
      externalId: string,
      input: ProviderContactInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderContact }> {
      const account = await accountOf(db, accountExternalId);
      const { created, row } = await sync.pushContact(byKey(provider, meta), account, { ...input, external_id: externalId });
      return { created, item: contactWire(row) };
    },

    /** Up to 1,000 contacts in one transaction: all or none, invitations included (nothing is sent for a refused call). */
    async bulk(
      provider: ProviderCaller,
      accountExternalId: string,
      items: ProviderBulkItem<ProviderContactInput>[],
      meta: ClientMeta,
    ): Promise<ProviderBulkResult> {
      refuseDuplicateExternalIds(items);
      refuseDuplicates(
        items.map((item) => item.email.toLowerCase()),
        (index) => bulkField(index, 'email'),
        'E-mail address',
      );
      const account = await accountOf(db, accountExternalId);
      const results = await sync.pushContacts(byKey(provider, meta), account, items, bulkField);
      return bulkResult(results.map(bulkOutcome));
    },

    async list(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await sync.changedContacts(accountId, feedPosition(query), query.limit);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => contactWire(r.row),
      );
    },
  };
}
