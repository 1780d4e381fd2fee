import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { hashPassword } from '../src/platform/password.js';
import type { SecretBox } from '../src/platform/secret-box.js';
import { accounts } from '../src/db/schema/index.js';
import type * as schema from '../src/db/schema/index.js';
import { DEMO_PASSWORD, seedAccounts } from './accounts.js';
import { seedBilling } from './billing.js';
import { createSeedContext, type SeedTx } from './context.js';
import { seedInventory } from './inventory.js';
import { seedServices } from './services.js';
import { seedSupportTools } from './support-tools.js';
import { seedTickets } from './tickets.js';

export { ACME, DEMO_PASSWORD, DEMO_USERS, GLOBEX, type DemoUser } from './accounts.js';

export const DEFAULT_PROVIDER_DOMAIN = 'itpartners.example';

export interface SeedSummary {
  accounts: number;
  contacts: number;
  products: number;
  services: number;
  licenses: number;
  statements: number;
  payments: number;
  orders: number;
  supportTools: number;
  toolDownloads: number;
  assets: number;
  vendors: number;
  credentials: number;
  tickets: number;
  ticketEntries: number;
}

/** The database, or the transaction the demo data is added in (the start-up transaction; decision 0038). */
type SeedTarget = NodePgDatabase<typeof schema> | SeedTx;

/** True when the database holds no account yet (a fresh install), so the demo data may be added. */
export async function databaseIsEmpty(db: SeedTarget): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(accounts)
    .limit(1);
  return rows.length === 0;
}

/**
 * The demo data: two accounts (Acme Logistics, Globex Hosting) with users, services, billing,
 * orders, IT assets and tickets in every state the screens know. Deterministic: a seeded PRNG and
 * times relative to `now`, so two runs with the same `now` give the same data. One transaction (a savepoint
 * when given one).
 */
export async function seedDemoData(db: SeedTarget, deps: { secretBox: SecretBox; providerDomain?: string; now?: Date }): Promise<SeedSummary> {
  // One hash for every demo contact: argon2 is deliberately slow, and they share the password anyway.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  // Whole seconds, so the demo's timestamps read cleanly on the wire.
  const now = new Date(Math.floor((deps.now ?? new Date()).getTime() / 1000) * 1000);
  return db.transaction(async (tx) => {
    const ctx = createSeedContext(tx, { now, providerDomain: deps.providerDomain ?? DEFAULT_PROVIDER_DOMAIN, secretBox: deps.secretBox });
    const { acme, globex } = await seedAccounts(ctx, passwordHash);
    const servicesSummary = await seedServices(ctx, acme, globex);
    const billing = await seedBilling(ctx, acme, globex);
    const tools = await seedSupportTools(ctx, acme, globex);
    const inventory = await seedInventory(ctx, acme, globex);
    const ticketsSummary = await seedTickets(ctx, acme, globex);
    return {
      accounts: 2,
      contacts: acme.contacts.length + globex.contacts.length,
      products: servicesSummary.productCount,
      services: servicesSummary.serviceCount,
      licenses: servicesSummary.licenseCount,
      statements: billing.statementCount,
      payments: billing.paymentCount,
      orders: billing.orderCount,
      supportTools: tools.toolCount,
      toolDownloads: tools.downloadCount,
      assets: inventory.assetCount,
      vendors: inventory.vendorCount,
      credentials: inventory.credentialCount,
      tickets: ticketsSummary.ticketCount,
      ticketEntries: ticketsSummary.entryCount,
    };
  });
}
