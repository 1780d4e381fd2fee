import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { SecretBox } from '../src/platform/secret-box.js';
import type * as schema from '../src/db/schema/index.js';
import { clock, createRandom, type Clock, type Random } from './random.js';

export type SeedDatabase = NodePgDatabase<typeof schema>;
/** The transaction the whole seed runs in. */
export type SeedTx = Parameters<Parameters<SeedDatabase['transaction']>[0]>[0];

export interface SeedContext {
  tx: SeedTx;
  clock: Clock;
  providerDomain: string;
  secretBox: SecretBox;
  /**
   * A PRNG stream of its own per area, so that adding data to one area leaves every other
   * area's demo data exactly as it was.
   */
  randomFor(area: string): Random;
}

export function createSeedContext(tx: SeedTx, options: { now: Date; providerDomain: string; secretBox: SecretBox }): SeedContext {
  return {
    tx,
    clock: clock(options.now),
    providerDomain: options.providerDomain,
    secretBox: options.secretBox,
    randomFor: (area) => createRandom(hashSeed(`portal-demo:${area}`)),
  };
}

/** FNV-1a, to turn an area name into a 32-bit seed. */
function hashSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A contact as the other seed areas need it. */
export interface SeededContact {
  id: number;
  firstname: string;
  lastname: string;
  email: string;
  fullName: string;
  createdAt: Date;
}

export interface SeededAccount {
  id: number;
  name: string;
  billingApiId: string;
  contacts: SeededContact[];
  /** Look a contact up by e-mail; throws when the seed refers to someone it did not create. */
  contact(email: string): SeededContact;
}
