import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config/index.js';
import type { Logger } from '../platform/logger.js';
import { connectDatabase, type Database, type DatabaseHandle } from './client.js';
import { installJobQueue, type QueueDefinition } from '../platform/job-queue.js';
import { applyMigrations } from './migrate.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres.js';
import { inTransaction } from './transaction.js';
import type { Transaction } from './client.js';
import { schemaRefusal, stateAtLevel } from './schema-level.js';

/** Arbitrary constant: instances starting together take turns at migrating and seeding. */
const STARTUP_LOCK = 4_242_001;

export interface OpenedDatabase extends DatabaseHandle {
  seeded: boolean;
  embedded: EmbeddedServer | undefined;
}

/**
 * Data a starting instance may add once the schema is current, in the start-up transaction (so one instance of a
 * cluster adds it). Whoever wants data brings it: `npm start` and the CLI's migrate bring the demo data
 * (seed/index.ts), the database layer knows none. True when it added anything.
 */
export type StartupData = (tx: Transaction, log: Logger) => Promise<boolean>;

export interface OpenOptions {
  /** The CLI's: use an embedded server already running on the data folder. */
  attachToRunning?: boolean;
  startupData?: StartupData;
  /**
   * The queues of the background work (background/queues.ts), made with the job library's tables before anything may
   * enqueue a job in its transaction (decision 0041). Tools that never write leave them out.
   */
  jobQueues?: readonly QueueDefinition[];
}

/**
 * The database the configuration names, ready to use: the embedded server started (or the
 * external one reached), the job queue's tables and queues made when given, committed migrations applied, and the start-up data added when one is given.
 */
export async function openDatabase(config: AppConfig, log: Logger, options: OpenOptions = {}): Promise<OpenedDatabase> {
  const embedded =
    config.database.kind === 'embedded'
      ? await startEmbeddedPostgres({
          dir: config.database.dir,
          port: config.database.port,
          log,
          attachToRunning: options.attachToRunning,
          portalUrl: config.publicUrl,
        })
      : undefined;
  const url = embedded ? embedded.poolConnectionString() : (config.database as { url: string }).url;
  const handle = connectDatabase(url, { namedStatements: config.database.kind === 'embedded' || config.database.preparedStatements });

  let seeded = false;
  try {
    if (options.jobQueues) await installJobQueue(handle.pool, options.jobQueues);
    seeded = await migrateAndSeedInTurn(handle.db, log, options.startupData);
  } catch (error) {
    await handle.close();
    await embedded?.stop();
    throw describeConnectionError(error, config);
  }

  return {
    ...handle,
    seeded,
    embedded,
    async close() {
      await handle.close();
      await embedded?.stop();
    },
  };
}

/**
 * Migrations, the schema check and the start-up data, in one transaction that first takes a transaction-level
 * advisory lock: instances starting together take turns, and whoever comes second finds the work done. The
 * lock lives and ends with the transaction, on the one server connection the transaction runs on, which is
 * what a transaction-mode pooler (PgBouncer) keeps; a session-level lock taken and released in separate
 * statements could be taken on one server connection and released on another, or never (decision 0038).
 * True when the start-up data added anything.
 */
async function migrateAndSeedInTurn(db: Database, log: Logger, startupData: StartupData | undefined): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${STARTUP_LOCK})`);
    // An older version must not serve a database a newer one has upgraded (decision 0023).
    const refusal = schemaRefusal(stateAtLevel(await applyMigrations(tx)));
    if (refusal) throw new SchemaMismatchError(`This version of the portal will not use this database: ${refusal}.`);
    return startupData ? startupData(tx, log) : false;
  });
}

export class SchemaMismatchError extends Error {}

function describeConnectionError(error: unknown, config: AppConfig): Error {
  const code = (error as { code?: string }).code;
  if (config.database.kind === 'external' && (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000')) {
    return new Error(`Could not use the database at DATABASE_URL (${code}): ${(error as Error).message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}
