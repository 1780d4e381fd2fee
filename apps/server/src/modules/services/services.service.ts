import { PROFILE_TIME_ZONES, type Service } from '@portal/contract';
import type { Database, Executor } from '../../db/client.js';
import type { Caller } from '../auth/index.js';
import { listAccountServices } from './services.repository.js';

/** The time zones of the Profile screen (docs/product.md §9); the label is the zone's name, as the spec lists them. */
export const PROFILE_TIME_ZONE_OPTIONS = PROFILE_TIME_ZONES.map((zone) => ({ value: zone, label: zone }));

/** An account's services, for other modules (the app launcher builds its tiles from them). */
export const servicesOfAccount = (db: Executor, accountId: number): Promise<Service[]> => listAccountServices(db, accountId);

/** Prices are billing information (docs/product.md §6): a caller without billing access gets none (docs/decisions/0020). */
function withoutPrices(service: Service): Service {
  const { price_per_did: _pricePerDid, ...metadata } = service.metadata;
  return { ...service, price: null, metadata };
}

export function createServicesService({ db }: { db: Database }) {
  return {
    /** Every signed-in contact of an account sees the account's services (docs/product.md §6), never another account's. */
    async list(caller: Caller): Promise<Service[]> {
      const services = await listAccountServices(db, caller.accountId);
      return caller.billingGroup ? services : services.map(withoutPrices);
    },
    timezones() {
      return PROFILE_TIME_ZONE_OPTIONS;
    },
  };
}
export type ServicesService = ReturnType<typeof createServicesService>;
