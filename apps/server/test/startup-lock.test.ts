import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { pgbouncerCommand, startPgbouncer, type RunningPgbouncer } from '../../../bench/cluster/pgbouncer.js';
import { loadConfig } from '../src/config/index.js';
import { withClient } from '../src/db/client.js';
import { openDatabase, type OpenedDatabase } from '../src/db/open.js';
import { demoDataOnEmptyDatabase } from '../seed/index.js';
import { codeMigrations } from '../src/db/schema-level.js';
import { createLogger } from '../src/platform/logger.js';
import { withDatabase } from './global-setup.js';

/**
 * Instances starting together on an empty database take turns at migrating and adding the demo data, directly
 * and through PgBouncer in transaction mode, which keeps nothing of a session between transactions (decision 0038).
 */
describe('the start-up lock', () => {
  const adminUrl = inject('adminDatabaseUrl');
  const created: string[] = [];
  afterAll(async () => {
    for (const name of created) await withClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  });

  /** An empty database: no migration applied, no data. */
  async function emptyDatabase(): Promise<string> {
    const name = `portal_test_f_${randomBytes(6).toString('hex')}`;
    await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    created.push(name);
    return name;
  }

  // As `npm start` opens it: with the demo data for an empty database (serve.ts).
  const open = (url: string, environment: Record<string, string> = {}) => {
    const config = loadConfig({
      DATABASE_URL: url,
      SEED_DEMO_DATA: 'true',
      TOKEN_SECRET: 'x'.repeat(32),
      VAULT_KEY: Buffer.alloc(32).toString('base64'),
      ...environment,
    });
    return openDatabase(config, createLogger('silent'), { startupData: demoDataOnEmptyDatabase(config) });
  };

  /** What the openers left, read on a connection of its own, straight to PostgreSQL. */
  const stateOf = (database: string) =>
    withClient(withDatabase(adminUrl, database), async (client) => {
      const count = async (query: string) => Number((await client.query<{ count: string }>(query)).rows[0]!.count);
      return {
        migrations: await count('SELECT count(*) FROM drizzle.__drizzle_migrations'),
        accounts: await count('SELECT count(*) FROM accounts'),
        // Advisory locks any session holds in this database, a pooler's idle server connections included.
        advisoryLocks: await count(
          "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        ),
      };
    });

  const closeAll = (opened: Array<PromiseSettledResult<OpenedDatabase>>) =>
    Promise.all(opened.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)));

  it('lets one of two instances starting together migrate and seed; both open, and no lock is left held', { timeout: 60_000 }, async () => {
    const database = await emptyDatabase();
    const opened = await Promise.allSettled([open(withDatabase(adminUrl, database)), open(withDatabase(adminUrl, database))]);
    try {
      expect(opened.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(opened.map((result) => (result as PromiseFulfilledResult<OpenedDatabase>).value.seeded).sort()).toEqual([false, true]);
      // Read while both are still open: a session-level lock would still be held by one of their pooled connections if its release were lost.
      expect(await stateOf(database)).toEqual({ migrations: codeMigrations().length, accounts: 2, advisoryLocks: 0 });
    } finally {
      await closeAll(opened);
    }
  });

  // Debian's pgbouncer package; CI installs it, and there a missing one fails instead of skipping.
  describe.skipIf(!pgbouncerCommand() && !process.env.CI)('through PgBouncer in transaction mode', () => {
    let pgbouncer: RunningPgbouncer;
    beforeAll(async () => {
      pgbouncer = await startPgbouncer({ dir: mkdtempSync(join(tmpdir(), 'portal-pgbouncer-')), port: await freePort(), upstreamUrl: adminUrl, poolSize: 2 });
    });
    afterAll(() => pgbouncer?.stop());

    it('lets three instances starting together take turns, then a fourth, with two server connections between them', { timeout: 90_000 }, async () => {
      const database = await emptyDatabase();
      const pooled = pgbouncer.url(database);
      const environment = { DATABASE_PREPARED_STATEMENTS: 'false' };
      const together = await Promise.allSettled([open(pooled, environment), open(pooled, environment), open(pooled, environment)]);
      const later = await Promise.allSettled([open(pooled, environment)]);
      try {
        const opened = [...together, ...later];
        expect(opened.map((result) => (result.status === 'fulfilled' ? 'opened' : String(result.reason)))).toEqual(['opened', 'opened', 'opened', 'opened']);
        expect(opened.filter((result) => (result as PromiseFulfilledResult<OpenedDatabase>).value.seeded)).toHaveLength(1);
        // PgBouncer keeps its server connections open: a session-level lock taken on one of them and "released" on another would still be held.
        expect(await stateOf(database)).toEqual({ migrations: codeMigrations().length, accounts: 2, advisoryLocks: 0 });
        // And the instances work through it: a query on each pool, every connection of the pool busy at once.
        const opens = opened.map((result) => (result as PromiseFulfilledResult<OpenedDatabase>).value);
        const counts = await Promise.all(
          opens.flatMap((db) => Array.from({ length: 5 }, () => db.pool.query<{ count: string }>('SELECT count(*) FROM contacts'))),
        );
        expect(new Set(counts.map((result) => result.rows[0]!.count)).size).toBe(1);
      } finally {
        await closeAll([...together, ...later]);
      }
    });
  });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
