import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

/** A fresh, migrated, empty database of its own for one test file (a copy of the template). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `portal_test_f_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`));
  const handle = connectDatabase(withDatabase(adminUrl, name), { max: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
