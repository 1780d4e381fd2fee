import type { FeedPosition } from '../../db/change-feed.js';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventOrigin } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { servicesChangedAfter, upsertServices, type ServiceItem, type ServiceUpserted } from './service-sync.repository.js';

export type { ServiceItem, ServiceRow, ServiceUpserted } from './service-sync.repository.js';

/**
 * The services the provider's systems push by external id, as commands (decision 0041): one transaction each, all or
 * none; an identical push records nothing, a batch one event with its counts.
 */
export function createServiceSync({ db, events }: { db: Database; events: EventRecorder }) {
  return {
    async pushService(by: EventOrigin, accountId: number, item: ServiceItem): Promise<ServiceUpserted> {
      return inTransaction(db, async (tx) => {
        const [result] = (await upsertServices(tx, accountId, [item])) as [ServiceUpserted];
        if (result.changed) {
          await events.record(tx, {
            type: 'service.pushed',
            accountId,
            ...by,
            data: { service_id: result.row.id, external_id: item.external_id, created: result.created },
          });
        }
        return result;
      });
    },

    async pushServices(by: EventOrigin, accountId: number, items: ServiceItem[]): Promise<ServiceUpserted[]> {
      return inTransaction(db, async (tx) => {
        const results = await upsertServices(tx, accountId, items);
        const created = results.filter((result) => result.created).length;
        const unchanged = results.filter((result) => !result.changed).length;
        await events.record(tx, { type: 'services.bulk_pushed', accountId, ...by, data: { created, updated: results.length - created, unchanged } });
        return results;
      });
    },

    /** The account's services changed at or after a position, oldest change first. */
    changedServices: (accountId: number, position: FeedPosition, limit: number) => servicesChangedAfter(db, accountId, position, limit),
  };
}
export type ServiceSync = ReturnType<typeof createServiceSync>;
