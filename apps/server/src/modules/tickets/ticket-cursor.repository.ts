import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { tickets } from '../../db/schema/index.js';
import { encodeTicketCursor, type TicketCursor } from './ticket-cursor.js';

const momentOf = (micros: string) => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;

/** The tickets after the cursor in its sort's order (tickets.repository.ts `ordering`). */
export function afterCursor(cursor: TicketCursor): SQL {
  const at = momentOf(cursor.micros);
  switch (cursor.sort) {
    case 'oldest':
      return sql`(${tickets.createdAt}, ${tickets.id}) > (${at}, ${cursor.id})`;
    case 'updated':
      return sql`(${tickets.lastModifiedAt}, ${tickets.id}) < (${at}, ${cursor.id})`;
    case 'priority':
      return sql`(${tickets.priorityRank} > ${cursor.rank} OR (${tickets.priorityRank} = ${cursor.rank} AND (${tickets.createdAt}, ${tickets.id}) < (${at}, ${cursor.id})))`;
    case 'newest':
      return sql`(${tickets.createdAt}, ${tickets.id}) < (${at}, ${cursor.id})`;
  }
}

/** The cursor after a ticket, its keys read to the microsecond (one lookup by id, made only when a next page may follow). */
export async function cursorAfter(db: Executor, sort: TicketCursor['sort'], id: number): Promise<string | null> {
  const column = sort === 'updated' ? tickets.lastModifiedAt : tickets.createdAt;
  const result = await db.execute<{ micros: string; rank: number }>(
    sql`SELECT (extract(epoch FROM ${column}) * 1000000)::bigint::text AS micros, ${tickets.priorityRank} AS rank FROM ${tickets} WHERE ${tickets.id} = ${id}`,
  );
  const row = result.rows[0];
  if (!row) return null;
  return encodeTicketCursor({ sort, micros: row.micros, ...(sort === 'priority' ? { rank: Number(row.rank) } : {}), id });
}
