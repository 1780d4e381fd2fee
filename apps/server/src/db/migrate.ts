import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR } from '../config/paths.js';
import type { Database, Transaction } from './client.js';
import { inTransaction } from './transaction.js';

/** Every migration the database lacks, in one transaction. */
export async function runMigrations(db: Database): Promise<void> {
  await inTransaction(db, (tx) => applyMigrations(tx), { attempts: 1 });
}

/**
 * drizzle's migrator (drizzle-orm/pg-core's dialect.migrate, same table, same records), run inside the
 * caller's transaction: drizzle's own opens a transaction of its own, which could not hold the start-up
 * lock (a transaction-level advisory lock, the kind a transaction-mode pooler keeps; decision 0038).
 * Returns the database's schema level afterwards: the newest applied migration's timestamp (schema-level.ts).
 */
export async function applyMigrations(tx: Transaction): Promise<number> {
  await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
  await tx.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
  const { rows } = await tx.execute<{ created_at: string | null }>(sql`SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`);
  let level = Number(rows[0]?.created_at ?? 0);
  for (const migration of readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR })) {
    if (migration.folderMillis <= level) continue;
    for (const statement of migration.sql) await tx.execute(sql.raw(statement));
    await tx.execute(sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${migration.hash}, ${migration.folderMillis})`);
    level = migration.folderMillis;
  }
  return level;
}
