import { PROFILE_TIME_ZONES, type Service } from '@portal/contract';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../auth/caller.js';
import { listAccountServices } from './services.repository.js';

/** The time zones of the Profile screen (docs/product.md §9); the label is the zone's name, as the spec lists them. */
export const PROFILE_TIME_ZONE_OPTIONS = PROFILE_TIME_ZONES.map((zone) => ({ value: zone, label: zone }));

/** An account's services, for other modules (the app launcher builds its tiles from them). */
export const servicesOfAccount = (db: Executor, accountId: number): Promise<Service[]> => listAccountServices(db, accountId);

export function createServicesService({ db }: { db: Database }) {
  return {
    /** Every signed-in contact of an account sees the account's services (docs/product.md §6), never another account's. */
    list(caller: Caller): Promise<Service[]> {
      return listAccountServices(db, caller.accountId);
    },
    timezones() {
      return PROFILE_TIME_ZONE_OPTIONS;
    },
  };
}
export type ServicesService = ReturnType<typeof createServicesService>;
