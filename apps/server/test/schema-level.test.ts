import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/index.js';
import { openDatabase, SchemaMismatchError } from '../src/db/open.js';
import { codeMigrations, schemaState } from '../src/db/schema-level.js';
import { createLogger } from '../src/platform/logger.js';
import { buildTestApp, type TestApp } from './app.js';

/** An instance never serves a database whose schema differs from the one its code was built for (decision 0023). */
describe('the schema an instance serves', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  const newest = () => codeMigrations()[codeMigrations().length - 1]!;
  const databaseUrl = () => (test.database.pool.options as { connectionString: string }).connectionString;
  const open = () =>
    openDatabase(
      loadConfig({ DATABASE_URL: databaseUrl(), SEED_DEMO_DATA: 'false', TOKEN_SECRET: 'x'.repeat(32), VAULT_KEY: Buffer.alloc(32).toString('base64') }),
      createLogger('silent'),
    );

  it('is ready on a database with exactly its migrations', async () => {
    expect(await schemaState(test.database.pool)).toEqual({ kind: 'current' });
    const response = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
  });

  it('is not ready while the database lacks one of its migrations, and a start applies it', async () => {
    await test.database.pool.query('DELETE FROM drizzle.__drizzle_migrations WHERE created_at = $1', [newest().when]);
    const response = await test.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'database schema older than this version expects' });
    expect(await schemaState(test.database.pool)).toEqual({ kind: 'older', missing: [newest().tag] });

    // Ready again once the record is back (written here as the migrator writes it; its SQL is still applied).
    await test.database.pool.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', ['restored-by-test', newest().when]);
    expect((await test.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('refuses to start on a database a newer version has migrated, and says why', async () => {
    const future = newest().when + 86_400_000;
    await test.database.pool.query('INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ($1, $2)', ['from-a-newer-version', future]);
    try {
      const attempt = open();
      await expect(attempt).rejects.toBeInstanceOf(SchemaMismatchError);
      await expect(attempt).rejects.toThrow(/has a migration newer than this version knows .*run that version or a later one/);
      // An instance already running keeps serving: in a rolling upgrade the new schema only adds to the old one.
      expect((await test.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await test.database.pool.query('DELETE FROM drizzle.__drizzle_migrations WHERE created_at = $1', [future]);
    }
    const opened = await open();
    await opened.close();
  });
});
