import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
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

/** Databases reached through a pooler that does not keep prepared statements (DATABASE_PREPARED_STATEMENTS=false). */
const unnamedDatabases = new WeakSet<Database>();

/**
 * Whether prepared-read.ts may name its statements on this database. Unnamed, PostgreSQL parses and plans each
 * read again, but no statement outlives its query, so a transaction-mode pooler may hand the next query to any
 * server connection (decision 0038).
 */
export const usesNamedStatements = (db: Database): boolean => !unnamedDatabases.has(db);

export interface ConnectOptions {
  max?: number;
  /**
   * false: the reads of prepared-read.ts go unnamed, as every other query does, for a pooler that does not
   * keep a connection's prepared statements (PgBouncer in transaction mode before 1.21; decision 0038).
   */
  namedStatements?: boolean;
}

export function connectDatabase(connectionString: string, options: ConnectOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    application_name: 'customer-portal',
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor one checked out between two queries (a transaction awaiting other work, a lent connection): the pool listens
  // only to idle clients, and an 'error' event nobody listens to ends the process. A database failover ends every
  // connection at once (decision 0043). The client's next query then fails as "not queryable", answered 503, and
  // the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = drizzle(pool, { schema });
  if (options.namedStatements === false) unnamedDatabases.add(db);
  return { db, pool, close: () => pool.end() };
}

/** An open transaction. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or an open transaction: repositories accept either, so services decide the transaction. */
export type Executor = Database | Transaction;

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
