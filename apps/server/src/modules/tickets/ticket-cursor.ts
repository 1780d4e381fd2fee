import type { TICKET_SORTS } from '@portal/contract';
import { AppError } from '../../platform/app-error.js';

type TicketSort = (typeof TICKET_SORTS)[number];

/**
 * Where a page of the ticket list ends, in the list's own order (issue 36): the sort, the sort key of its last ticket
 * to the microsecond (a JavaScript date keeps only the millisecond, and two tickets of one millisecond would be
 * skipped or shown twice), the priority's rank for that sort, and the id. The next page starts after it, so tickets
 * that arrive meanwhile do not push a ticket of page one onto page two (an offset's page would).
 */
export interface TicketCursor {
  sort: TicketSort;
  /** Microseconds since the epoch of created_at (updated: last_modified_at), as digits. */
  micros: string;
  /** The priority's rank (the priority sort). */
  rank?: number;
  id: number;
}

export const INVALID_TICKET_CURSOR = 'after must be the next_cursor of a previous page of the same sort';

export const encodeTicketCursor = (cursor: TicketCursor) =>
  Buffer.from(JSON.stringify([cursor.sort, cursor.micros, cursor.rank ?? null, cursor.id])).toString('base64url');

/** A cursor as the client sent it back, or a 400 naming `after`; it must be of the sort asked for. */
export function decodeTicketCursor(text: string, sort: TicketSort): TicketCursor {
  const invalid = () => new AppError('validation_failed', INVALID_TICKET_CURSOR, { after: INVALID_TICKET_CURSOR });
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parts) || parts.length !== 4) throw invalid();
  const [cursorSort, micros, rank, id] = parts as unknown[];
  const validRank = sort === 'priority' ? Number.isInteger(rank) && (rank as number) >= 0 && (rank as number) <= 100 : rank === null;
  if (cursorSort !== sort || typeof micros !== 'string' || !/^-?\d{1,18}$/.test(micros) || !validRank) throw invalid();
  if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) throw invalid();
  return { sort, micros, ...(sort === 'priority' ? { rank: rank as number } : {}), id: id as number };
}
