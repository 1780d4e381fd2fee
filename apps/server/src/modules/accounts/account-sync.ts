import type { FeedPosition } from '../../db/change-feed.js';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventOrigin } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { FieldOf } from '../../db/set-writes.js';
import { accountsChangedAfter, findAccountByExternalId, upsertAccounts, type AccountItem, type AccountUpserted } from './account-sync.repository.js';

export type { AccountItem, AccountRow, AccountUpserted } from './account-sync.repository.js';

const statusChanged = (result: AccountUpserted) => result.previousStatus !== undefined && result.previousStatus !== result.row.status;

/**
 * The accounts the provider's systems push by external id (unique across the portal), as commands (decision 0041):
 * created or updated, suspended or active again; one transaction each, all or none. An identical push records nothing;
 * a batch records one event with its counts and the status changes.
 */
export function createAccountSync({ db, events }: { db: Database; events: EventRecorder }) {
  return {
    async pushAccount(by: EventOrigin, item: AccountItem): Promise<AccountUpserted> {
      return inTransaction(db, async (tx) => {
        const [result] = (await upsertAccounts(tx, [item], (_, field) => field)) as [AccountUpserted];
        if (result.changed) {
          await events.record(tx, {
            type: 'account.pushed',
            accountId: result.row.id,
            ...by,
            data: {
              external_id: item.external_id,
              created: result.created,
              status: result.row.status,
              status_changed_from: statusChanged(result) ? (result.previousStatus ?? null) : null,
            },
          });
        }
        return result;
      });
    },

    async pushAccounts(by: EventOrigin, items: AccountItem[], fieldOf: FieldOf): Promise<AccountUpserted[]> {
      return inTransaction(db, async (tx) => {
        const results = await upsertAccounts(tx, items, fieldOf);
        const created = results.filter((result) => result.created).length;
        await events.record(tx, {
          type: 'accounts.bulk_pushed',
          accountId: null,
          ...by,
          data: {
            created,
            updated: results.length - created,
            unchanged: results.filter((result) => !result.changed).length,
            status_changed: results
              .filter(statusChanged)
              .map((result) => ({ external_id: result.row.externalId!, from: result.previousStatus!, to: result.row.status })),
          },
        });
        return results;
      });
    },

    /** The account by the provider's external id, or undefined. */
    find: (externalId: string) => findAccountByExternalId(db, externalId),

    /** The accounts changed at or after a position, oldest change first. */
    changedAccounts: (position: FeedPosition, limit: number) => accountsChangedAfter(db, position, limit),
  };
}
export type AccountSync = ReturnType<typeof createAccountSync>;
