import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DEMO_USERS, seedDemoData } from '../../seed/index.js';
import { REPO_ROOT } from '../config/paths.js';
import { createSecretBox } from '../platform/secret-box.js';
import { createTestDatabase } from '../../test/database.js';
import { withDatabase } from '../../test/global-setup.js';
import { tableChecksums as fingerprint } from '../../test/table-checksums.js';
import type { DatabaseHandle } from './client.js';
import { backupDatabase, BackupError, candidateFolders, chooseProgram, findPrograms, restoreDatabase, serverMajorVersion } from './backup.js';

const run = promisify(execFile);

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('backup and restore (pg_dump / pg_restore, custom format)', () => {
  let source: DatabaseHandle;
  let sourceUrl: string;
  const fresh: string[] = [];
  const folder = mkdtempSync(join(tmpdir(), 'portal-backup-'));
  let fits = false;
  let serverMajor = 0;

  /**
   * Without a fitting pg_dump a developer's run skips the round trips; CI never does: it installs
   * PostgreSQL 15's client programs (.ci/run), the major the embedded server and the external one run.
   */
  function needFittingPrograms(context: { skip(note: string): void }, note: string): void {
    if (fits) return;
    if (process.env.CI) throw new Error(`${note}: CI must run the backup round trips (install postgresql-client-${serverMajor})`);
    context.skip(note);
  }

  /** A new, empty database of the test server (no migrations: a restore brings its own schema). */
  async function emptyDatabase(): Promise<string> {
    const name = `portal_test_f_restore_${randomBytes(4).toString('hex')}`;
    await withAdmin((admin) => admin.query(`CREATE DATABASE ${name}`));
    fresh.push(name);
    return withDatabase(inject('adminDatabaseUrl'), name);
  }

  beforeAll(async () => {
    source = await createTestDatabase();
    sourceUrl = (source.pool.options as { connectionString: string }).connectionString;
    await seedDemoData(source.db, { secretBox: createSecretBox(randomBytes(32)) });
    serverMajor = await serverMajorVersion(sourceUrl);
    const dumps = await findPrograms('pg_dump');
    const restores = await findPrograms('pg_restore');
    fits = dumps.some((p) => p.major >= serverMajor) && restores.some((p) => p.major >= serverMajor);
  });
  afterAll(async () => {
    await source.close();
    await withAdmin(async (admin) => {
      for (const name of fresh) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  });

  it('backs up a seeded database and restores it into a fresh one with every table, row and value the same', async (context) => {
    needFittingPrograms(context, `no pg_dump/pg_restore of PostgreSQL ${serverMajor} or newer on this machine (the next test covers the refusal)`);
    const file = join(folder, 'portal.dump');
    const used = await backupDatabase(sourceUrl, file);
    expect(used.major).toBeGreaterThanOrEqual(serverMajor);
    expect(existsSync(`${file}.partial`)).toBe(false);

    const target = await emptyDatabase();
    await restoreDatabase(target, file);

    const before = await fingerprint(sourceUrl);
    const after = await fingerprint(target);
    expect(Object.keys(before)).toContain('public.contacts');
    expect(Object.keys(before)).toContain('drizzle.__drizzle_migrations');
    expect(before['public.contacts']!.rows).toBeGreaterThanOrEqual(DEMO_USERS.length);
    expect(after).toEqual(before);
  });

  /** A new database holding one table of its own. */
  async function databaseWithALeftover(): Promise<string> {
    const target = await emptyDatabase();
    const client = new pg.Client({ connectionString: target });
    await client.connect();
    await client.query('CREATE TABLE leftover (id int); INSERT INTO leftover VALUES (1)');
    await client.end();
    return target;
  }

  it('refuses to restore over a database that has tables, and says how to force it', async () => {
    const file = join(folder, 'anything.dump');
    writeFileSync(file, 'the emptiness check comes before the file is read');
    await expect(restoreDatabase(await databaseWithALeftover(), file)).rejects.toThrow(/already has 1 table: .*only into an empty database.*Pass --force/);
  });

  it('with --force, drops what the backup holds and restores over it', async (context) => {
    needFittingPrograms(context, `no pg_dump/pg_restore of PostgreSQL ${serverMajor} or newer on this machine`);
    const file = join(folder, 'over.dump');
    await backupDatabase(sourceUrl, file);
    const target = await databaseWithALeftover();
    await restoreDatabase(target, file, { force: true });
    const { ['public.leftover']: leftover, ...restored } = await fingerprint(target);
    expect(leftover).toEqual({ rows: 1, md5: expect.any(String) });
    expect(restored).toEqual(await fingerprint(sourceUrl));
  });

  it('the CLI backs up the database at DATABASE_URL, and restore refuses a file that is not a backup', async (context) => {
    needFittingPrograms(context, `no pg_dump of PostgreSQL ${serverMajor} or newer on this machine`);
    const file = join(folder, 'cli.dump');
    const env = { ...process.env, DATABASE_URL: sourceUrl, LOG_LEVEL: 'warn', TOKEN_SECRET: 'x'.repeat(32), VAULT_KEY: randomBytes(32).toString('base64') };
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'backup', file], { cwd: REPO_ROOT, env });
    expect(stdout).toMatch(/Backed up the PostgreSQL at DATABASE_URL to .*cli\.dump/);
    const { stdout: listing } = await run(chooseProgram('pg_restore', await findPrograms('pg_restore'), serverMajor).path, ['--list', file]);
    expect(listing).toMatch(/Format: CUSTOM/);
    expect(listing).toMatch(/TABLE DATA public contacts/);

    const bogus = join(folder, 'not-a-backup.dump');
    writeFileSync(bogus, 'hello');
    const target = await emptyDatabase();
    await expect(restoreDatabase(target, bogus)).rejects.toThrow(BackupError);
  });

  it('says which version it needs when no pg_dump is new enough for the server', async () => {
    const found = await findPrograms('pg_dump', candidateFolders());
    const onlyOlder = found.map((program) => ({ ...program, major: Math.min(program.major, serverMajor - 1) }));
    expect(() => chooseProgram('pg_dump', onlyOlder, serverMajor)).toThrow(
      new RegExp(`PostgreSQL ${serverMajor}, and pg_dump must be version ${serverMajor} or newer; found (only pg_dump|no pg_dump).*POSTGRES_BIN_DIR`),
    );
    if (!fits) await expect(backupDatabase(sourceUrl, join(folder, 'never.dump'))).rejects.toThrow(`must be version ${serverMajor} or newer`);
    expect(
      chooseProgram(
        'pg_dump',
        [
          { path: '/a/pg_dump', major: 19 },
          { path: '/b/pg_dump', major: serverMajor },
        ],
        serverMajor,
      ).path,
    ).toBe('/b/pg_dump');
  });
});
