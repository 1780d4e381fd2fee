import type { ProviderListQuery } from '@portal/contract';
import type { FeedPosition } from '../../db/change-feed.js';
import type { Executor } from '../../db/client.js';
import { AppError } from '../../platform/app-error.js';
import { providerActor, type EventOrigin } from '../../events/domain-event.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { findAccountByExternalId } from '../accounts/index.js';
import type { ProviderCaller } from './api-keys.js';

/** A change made with a key, as the capability's command records it: under the key's name, from the caller's address. */
export const byKey = (provider: ProviderCaller, meta: ClientMeta): EventOrigin => ({ actor: providerActor(provider), meta });

export const accountNotFound = (externalId: string) => new AppError('not_found', `No account has the external id ${externalId}`);

/** The account the provider names by its external id; 404 when there is none. */
export async function accountOf(db: Executor, externalId: string): Promise<{ id: number; name: string }> {
  const row = await findAccountByExternalId(db, externalId);
  if (!row) throw accountNotFound(externalId);
  return { id: row.id, name: row.name };
}

/** The portal's id of the account the provider names by its external id; 404 when there is none. */
export async function accountIdOf(db: Executor, externalId: string): Promise<number> {
  return (await accountOf(db, externalId)).id;
}

// Cursor paging ----------------------------------------------------------------------------------

const INVALID_CURSOR = 'This cursor is not valid; start again without one';

/** A page's position: the last row's (updated_at as microseconds since the epoch, id), db/change-feed.ts. */
interface Position {
  micros: string;
  id: string;
}

function decodeCursor(cursor: string): Position {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && /^\d{1,18}$/.test(String(value[0])) && typeof value[1] === 'string' && value[1].length <= 100) {
      return { micros: String(value[0]), id: value[1] };
    }
  } catch {
    // falls through to the refusal
  }
  throw new AppError('validation_failed', INVALID_CURSOR, { cursor: INVALID_CURSOR });
}

const encodeCursor = (position: Position) => Buffer.from(JSON.stringify([position.micros, position.id])).toString('base64url');

/** Where a list call's page starts: its cursor (refused when malformed) and `updated_since`. */
export function feedPosition(query: ProviderListQuery, idIsNumber = true): FeedPosition {
  const position: FeedPosition = {};
  if (query.updated_since) position.updatedSince = new Date(query.updated_since);
  if (query.cursor) {
    const decoded = decodeCursor(query.cursor);
    if (idIsNumber && !/^\d{1,15}$/.test(decoded.id)) throw new AppError('validation_failed', INVALID_CURSOR, { cursor: INVALID_CURSOR });
    position.after = { micros: decoded.micros, id: idIsNumber ? Number(decoded.id) : decoded.id };
  }
  return position;
}

/** Fetches limit + 1 rows: the extra one only says whether there is a next page. */
export function toPage<Row extends { cursorMicros: string }, Item>(
  rows: Row[],
  limit: number,
  idOf: (row: Row) => string | number,
  toWire: (row: Row) => Item,
) {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map(toWire),
    next_cursor: rows.length > limit && last ? encodeCursor({ micros: last.cursorMicros, id: String(idOf(last)) }) : null,
  };
}
