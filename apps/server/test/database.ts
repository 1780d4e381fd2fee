import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { connectDatabase, withClient, type DatabaseHandle } from '../src/db/client.js';
import { withDatabase } from './global-setup.js';

/** A fresh, migrated, empty database of its own for one test file (a copy of the template). */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `portal_test_f_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`));
  const handle = connectDatabase(withDatabase(adminUrl, name), { max: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      await withClient(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
