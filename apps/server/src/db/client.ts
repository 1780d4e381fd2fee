import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../config/paths.js';
import * as schema from './schema/index.js';

/** `$client`: the pool itself, for the few reads that skip drizzle's row mapping (prepared-read.ts). */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export { schema };

// NUMERIC comes back as text by default; our money columns are numeric(12,2), well within a double.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
// DATE stays 'YYYY-MM-DD' text: a calendar date has no time zone to shift.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: 'customer-portal',
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
}

/** A database or an open transaction: repositories accept either, so services decide the transaction. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/** One connection of its own, outside any pool, for administrative work (creating databases, backups). */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
