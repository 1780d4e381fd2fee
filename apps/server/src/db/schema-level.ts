import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../config/paths.js';

/**
 * Which migrations a database has, against the ones this code ships. drizzle's migrator records
 * each applied migration's timestamp (the journal's `when`) in drizzle.__drizzle_migrations and
 * applies every later one, so the newest recorded timestamp is the database's schema level.
 */
export type SchemaState = { kind: 'current' } | { kind: 'older'; missing: string[] } | { kind: 'newer'; databaseLevel: number } | { kind: 'unavailable' };

interface JournalEntry {
  when: number;
  tag: string;
}

let journal: JournalEntry[] | undefined;
/** The migrations this code ships (read once; they are part of the build). */
export function codeMigrations(): JournalEntry[] {
  journal ??= (JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

/** One cheap query: /readyz runs it on every health check. */
export async function schemaState(pool: pg.Pool): Promise<SchemaState> {
  let level: number;
  try {
    const { rows } = await pool.query<{ level: string | null }>('SELECT max(created_at)::text AS level FROM drizzle.__drizzle_migrations');
    level = Number(rows[0]?.level ?? 0);
  } catch (error) {
    // 42P01/3F000: no migrations table or schema at all, i.e. nothing applied yet.
    const code = (error as { code?: string }).code;
    if (code === '42P01' || code === '3F000') level = 0;
    else return { kind: 'unavailable' };
  }
  return stateAtLevel(level);
}

/** The state of a database whose newest applied migration has this timestamp (0: none). */
export function stateAtLevel(level: number): SchemaState {
  const known = codeMigrations();
  const newestKnown = known[known.length - 1]?.when ?? 0;
  if (level > newestKnown) return { kind: 'newer', databaseLevel: level };
  const missing = known.filter((entry) => entry.when > level).map((entry) => entry.tag);
  return missing.length > 0 ? { kind: 'older', missing } : { kind: 'current' };
}

/** Why an instance must not serve this database, or undefined when it may. */
export function schemaRefusal(state: SchemaState): string | undefined {
  if (state.kind === 'older') return `the database lacks migrations this version needs (${state.missing.join(', ')})`;
  if (state.kind === 'newer')
    return `the database has a migration newer than this version knows (applied ${new Date(state.databaseLevel).toISOString()}): a newer version of the portal upgraded it; run that version or a later one`;
  return undefined;
}
