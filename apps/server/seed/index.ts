import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { hashPassword } from '../src/platform/password.js';
import { createSecretBox, type SecretBox } from '../src/platform/secret-box.js';
import type { AppConfig } from '../src/config/index.js';
import type { StartupData } from '../src/db/open.js';
import { accounts } from '../src/db/schema/index.js';
import type * as schema from '../src/db/schema/index.js';
import { DEMO_PASSWORD, seedAccounts } from './accounts.js';
import { seedAuditLog } from './audit.js';
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
  auditEntries: number;
}

/** The database, or the transaction the demo data is added in (the start-up transaction; decision 0038). */
type SeedTarget = NodePgDatabase<typeof schema> | SeedTx;

/**
 * The demo data as a starting instance's start-up data (db/open.ts): added to an empty database when SEED_DEMO_DATA is
 * on (the default), by the one instance of a cluster that migrates first.
 */
export function demoDataOnEmptyDatabase(config: AppConfig): StartupData | undefined {
  if (!config.seedDemoData) return undefined;
  return async (tx, log) => {
    if (!(await databaseIsEmpty(tx))) return false;
    log.info('the database is empty; adding the demo data');
    await seedDemoData(tx, { secretBox: createSecretBox(config.secrets.vaultKey), providerDomain: config.provider.emailDomain });
    return true;
  };
}

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
    const auditEntries = await seedAuditLog(ctx, acme, globex);
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
      auditEntries,
    };
  });
}
