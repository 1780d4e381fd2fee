import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * The DO UPDATE condition of an upsert that leaves alone a row it would not change: the columns
 * it writes, as stored, against the values offered (`excluded.<column>`, or the SQL given for a
 * column written otherwise). An identical push then writes nothing, so `updated_at` stays put
 * (docs/decisions/0030).
 */
export function differsFromOffered<T extends PgTable>(table: T, keys: readonly string[], offered: Readonly<Record<string, SQL>> = {}): SQL {
  const all = getTableColumns(table) as Record<string, AnyPgColumn>;
  const columns = keys.map((key) => all[key]!);
  return sql`(${sql.join(columns, sql`, `)}) IS DISTINCT FROM (${sql.join(
    columns.map((column, index) => offered[keys[index]!] ?? sql.raw(`excluded."${column.name}"`)),
    sql`, `,
  )})`;
}
