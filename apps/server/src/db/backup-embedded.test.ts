import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed/index.js';
import { withDatabase } from '../../test/global-setup.js';
import { tableChecksums } from '../../test/table-checksums.js';
import { REPO_ROOT } from '../config/paths.js';
import { createLogger } from '../platform/logger.js';
import { embeddedMajorVersion } from './data-folder-version.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';

const run = promisify(execFile);

/** The PostgreSQL a provider moves to from a trial on the embedded one; CI has one at this address. */
const EXTERNAL_ADMIN_URL = process.env.CI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const scratch = mkdtempSync(join(tmpdir(), 'portal-backup-embedded-'));
// Run as root, PostgreSQL runs as the user "postgres", which must be able to enter the folder.
chmodSync(scratch, 0o755);
/** Ports of their own, away from the test server's and the e2e servers'. */
const TRIAL = { dir: join(scratch, 'trial'), port: 54_381 };
const RESTORED = { dir: join(scratch, 'restored'), port: 54_382 };
const BACKUP = join(scratch, 'trial.dump');

/** `npm run portal -- …` as an operator types it, on the default (embedded) database unless DATABASE_URL is given. */
function portal(args: string[], environment: Record<string, string>) {
  const env = {
    PATH: process.env.PATH ?? '',
    LOG_LEVEL: 'warn',
    TOKEN_SECRET: 'x'.repeat(32),
    VAULT_KEY: randomBytes(32).toString('base64'),
    ...environment,
  };
  return run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], { cwd: REPO_ROOT, env, timeout: 120_000 });
}

const embeddedEnvironment = (folder: { dir: string; port: number }) => ({ PORTAL_DATA_DIR: folder.dir, EMBEDDED_PG_PORT: String(folder.port) });

/** Every table's checksums of an embedded data folder's portal database, with the server started for the read and stopped after. */
async function checksumsOfFolder(folder: { dir: string; port: number }) {
  // The portal keeps its PostgreSQL in the data folder's pg/ (config: PORTAL_DATA_DIR).
  const server = await startEmbeddedPostgres({ dir: join(folder.dir, 'pg'), port: folder.port, log: createLogger('warn') });
  try {
    return await tableChecksums(server.connectionString());
  } finally {
    await server.stop();
  }
}

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port || 5432), hostname);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

// It starts its own embedded servers, whatever database the rest of the suite runs on: once per run is enough.
describe.skipIf(process.env.DATABASE_URL)(`backups of the default database (embedded PostgreSQL ${embeddedMajorVersion()}), through the CLI`, () => {
  const externalDatabases: string[] = [];
  afterAll(async () => {
    if (externalDatabases.length > 0) {
      const admin = new pg.Client({ connectionString: EXTERNAL_ADMIN_URL });
      await admin.connect();
      for (const name of externalDatabases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
    rmSync(scratch, { recursive: true, force: true });
  });

  it('backs up a fresh portal’s database and restores it into a new data folder with every table, row and value the same', async () => {
    // A fresh start's database: migrated, with the demo data (what `npm start` makes on an empty folder).
    await portal(['migrate'], embeddedEnvironment(TRIAL));
    const { stdout: backedUp } = await portal(['backup', BACKUP], embeddedEnvironment(TRIAL));
    expect(backedUp).toMatch(
      new RegExp(`Backed up the embedded PostgreSQL \\(.*trial/pg\\) to .*trial\\.dump \\(\\d+ bytes, pg_dump ${embeddedMajorVersion()}\\)`),
    );

    const { stdout: restored } = await portal(['restore', BACKUP], embeddedEnvironment(RESTORED));
    expect(restored).toMatch(new RegExp(`Restored .*trial\\.dump into the embedded PostgreSQL \\(.*restored/pg\\) \\(pg_restore ${embeddedMajorVersion()}\\)`));

    const before = await checksumsOfFolder(TRIAL);
    expect(before['public.contacts']!.rows).toBeGreaterThanOrEqual(DEMO_USERS.length);
    expect(before['drizzle.__drizzle_migrations']!.rows).toBeGreaterThan(0);
    expect(await checksumsOfFolder(RESTORED)).toEqual(before);
  }, 300_000);

  it('restores the embedded trial’s backup into a fresh external PostgreSQL, the path from a trial to production', async (context) => {
    if (!(await reachable(EXTERNAL_ADMIN_URL))) {
      if (process.env.CI) throw new Error(`CI runs this against the PostgreSQL at ${EXTERNAL_ADMIN_URL}, which does not answer`);
      context.skip(`no PostgreSQL at ${EXTERNAL_ADMIN_URL}`);
    }
    const name = `portal_test_f_trial_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: EXTERNAL_ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    externalDatabases.push(name);
    const production = withDatabase(EXTERNAL_ADMIN_URL, name);

    const { stdout } = await portal(['restore', BACKUP], { DATABASE_URL: production });
    expect(stdout).toMatch(/Restored .*trial\.dump into the PostgreSQL at DATABASE_URL/);
    expect(await tableChecksums(production)).toEqual(await checksumsOfFolder(TRIAL));

    // The restored database is one the portal starts on: its migrations are all there, so `migrate` has nothing to do.
    await portal(['migrate'], { DATABASE_URL: production });
    expect(await tableChecksums(production)).toEqual(await checksumsOfFolder(TRIAL));
  }, 300_000);
});
