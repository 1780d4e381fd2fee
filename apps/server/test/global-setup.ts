import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { connectDatabase } from '../src/db/client.js';
import { PORTAL_QUEUES } from '../src/background/queues.js';
import { runMigrations } from '../src/db/migrate.js';
import { installJobQueue } from '../src/platform/job-queue.js';
import { dataFolderMajorVersion, embeddedMajorVersion } from '../src/db/data-folder-version.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../src/db/embedded-postgres.js';
import { fromRepoRoot } from '../src/config/paths.js';
import { createLogger } from '../src/platform/logger.js';

export const TEMPLATE_DATABASE = 'portal_test_template';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

/**
 * One PostgreSQL for the whole run: the one at DATABASE_URL when set (CI runs the suite a second
 * time against the machine's own PostgreSQL 15), otherwise an embedded one. Migrations are applied
 * once to a template database; each test file gets a fresh copy of it (see database.ts).
 */
export default async function setup(project: TestProject) {
  keepFailingExitCode();
  let embedded: EmbeddedServer | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dir = fromRepoRoot(process.env.TEST_PG_DIR ?? '.data/test-pg');
    // The test server's folder holds nothing worth keeping: one an older build made is started afresh.
    const madeBy = dataFolderMajorVersion(dir);
    if (madeBy !== undefined && madeBy !== embeddedMajorVersion()) rmSync(dir, { recursive: true, force: true });
    embedded = await startEmbeddedPostgres({
      dir,
      port: Number(process.env.TEST_PG_PORT ?? 54339),
      log: createLogger('warn'),
    });
    adminUrl = embedded.connectionString('postgres');
  }

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await dropStaleTestDatabases(admin);
  await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  await admin.end();

  const template = connectDatabase(withDatabase(adminUrl, TEMPLATE_DATABASE), { max: 1 });
  await runMigrations(template.db);
  // The job queue's tables and queues too, as app.ts makes them, so each test file's copy has them from the start.
  await installJobQueue(template.pool, PORTAL_QUEUES);
  await template.close();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', TEMPLATE_DATABASE);

  return async () => {
    await embedded?.stop();
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** Databases left by an interrupted run. */
async function dropStaleTestDatabases(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'portal_test_f_%'");
  for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
}

/**
 * embedded-postgres installs async-exit-hook, whose 'beforeExit' handler calls process.exit(0):
 * it turned Vitest's failing exit code into success, so a failing server test passed CI. The
 * code Vitest set is put back as the process exits.
 */
function keepFailingExitCode(): void {
  process.on('beforeExit', () => {
    const intended = process.exitCode;
    if (intended) process.once('exit', () => (process.exitCode = intended));
  });
}
