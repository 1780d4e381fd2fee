import { sql, type SQL } from 'drizzle-orm';
import { numeric, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Every instant is a `timestamptz`, read as a JS Date (UTC on the wire). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
/** Moves on every update made through drizzle (the provider API's `updated_since` lists read it). */
export const updatedAt = () =>
  timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/**
 * USD amounts: `numeric(12,2)` in SQL, read and written as JS numbers (drizzle's `mode: 'number'`
 * converts the driver's string). Two decimals are exact in SQL; sums belong in SQL, not in JS.
 */
export const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });

/** `column IN ('a', 'b', …)` for a check constraint over a closed list of text values. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} IN (${sql.raw(list)})`;
}
