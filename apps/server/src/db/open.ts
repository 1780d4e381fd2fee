import type { AppConfig } from '../config/index.js';
import type { Logger } from '../platform/logger.js';
import { createSecretBox } from '../platform/secret-box.js';
import { connectDatabase, runMigrations, type DatabaseHandle } from './client.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './embedded-postgres.js';
import { schemaRefusal, schemaState } from './schema-level.js';
import { databaseIsEmpty, seedDemoData } from '../../seed/index.js';

/** Arbitrary constant: instances starting together take turns at migrating and seeding. */
const STARTUP_LOCK = 4_242_001;

export interface OpenedDatabase extends DatabaseHandle {
  seeded: boolean;
  embedded: EmbeddedServer | undefined;
}

/**
 * The database the configuration names, ready to use: the embedded server started (or the
 * external one reached), committed migrations applied, demo data seeded into an empty database.
 */
export async function openDatabase(config: AppConfig, log: Logger, options: { attachToRunning?: boolean } = {}): Promise<OpenedDatabase> {
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
  const handle = connectDatabase(url);

  let seeded = false;
  try {
    const lock = await handle.pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
      await runMigrations(handle.db);
      // An older version must not serve a database a newer one has upgraded (decision 0023).
      const refusal = schemaRefusal(await schemaState(handle.pool));
      if (refusal) throw new SchemaMismatchError(`This version of the portal will not use this database: ${refusal}.`);
      if (config.seedDemoData && (await databaseIsEmpty(handle.db))) {
        log.info('the database is empty; adding the demo data');
        await seedDemoData(handle.db, { secretBox: createSecretBox(config.secrets.vaultKey), providerDomain: config.provider.emailDomain });
        seeded = true;
      }
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
      lock.release();
    }
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

export class SchemaMismatchError extends Error {}

function describeConnectionError(error: unknown, config: AppConfig): Error {
  const code = (error as { code?: string }).code;
  if (config.database.kind === 'external' && (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '28P01' || code === '3D000')) {
    return new Error(`Could not use the database at DATABASE_URL (${code}): ${(error as Error).message}`);
  }
  return error instanceof Error ? error : new Error(String(error));
}
