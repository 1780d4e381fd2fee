import { and, eq, gt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Where a page of a change feed starts (the provider API's cursors, decision 0025): rows changed at or after
 * `updatedSince`, and after the last row of the page before, by (updated_at, id). The instant travels as whole
 * microseconds since the epoch (what PostgreSQL keeps), so no row is repeated or skipped at a millisecond's edge.
 */
export interface FeedPosition {
  updatedSince?: Date;
  after?: { micros: string; id: number | string };
}

/** A row's position in the feed, as the next page's cursor carries it. */
export const positionMicros = (column: AnyPgColumn) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

/** The WHERE conditions of a page. */
export function afterPosition(position: FeedPosition, updatedAt: AnyPgColumn, id: AnyPgColumn): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (position.updatedSince) conditions.push(gte(updatedAt, position.updatedSince));
  if (position.after) {
    const at = sql`('epoch'::timestamptz + ${position.after.micros}::bigint * interval '1 microsecond')`;
    conditions.push(or(gt(updatedAt, at), and(eq(updatedAt, at), gt(id, position.after.id))));
  }
  return and(...conditions);
}
