import { and, eq, getTableColumns, gt, gte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ProviderListQuery } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { AppError } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { recordAudit } from '../audit/audit-log.js';
import type { ProviderCaller } from './api-keys.js';

/** Every change made with a key is in the audit log under the key's name (actor `api-key:<name>`). */
export function recordProviderChange(
  tx: Executor,
  provider: ProviderCaller,
  meta: ClientMeta,
  action: string,
  accountId: number | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  return recordAudit(tx, {
    action,
    outcome: 'success',
    actor: `api-key:${provider.name}`,
    accountId,
    ...meta,
    details: { api_key_id: provider.keyId, ...details },
  });
}

export const accountNotFound = (externalId: string) => new AppError('not_found', `No account has the external id ${externalId}`);

/** The account the provider names by its external id; 404 when there is none. */
export async function accountOf(db: Executor, externalId: string): Promise<{ id: number; name: string }> {
  const [row] = await db.select({ id: accounts.id, name: accounts.name }).from(accounts).where(eq(accounts.externalId, externalId));
  if (!row) throw accountNotFound(externalId);
  return row;
}

/** The portal's id of the account the provider names by its external id; 404 when there is none. */
export async function accountIdOf(db: Executor, externalId: string): Promise<number> {
  return (await accountOf(db, externalId)).id;
}

// Cursor paging ----------------------------------------------------------------------------------

const INVALID_CURSOR = 'This cursor is not valid; start again without one';

/**
 * A page's position: the last row's (updated_at, id). The instant travels as whole microseconds
 * since the epoch (what PostgreSQL keeps), so no row is repeated or skipped at a millisecond's edge.
 */
interface Position {
  micros: string;
  id: string;
}

export const cursorMicros = (column: AnyPgColumn) => sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;

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

/** The WHERE conditions of a page: after the cursor, and changed at or after `updated_since`. */
export function pageConditions(query: ProviderListQuery, updatedAt: AnyPgColumn, id: AnyPgColumn, idIsNumber = true): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.updated_since) conditions.push(gte(updatedAt, new Date(query.updated_since)));
  if (query.cursor) {
    const position = decodeCursor(query.cursor);
    if (idIsNumber && !/^\d{1,15}$/.test(position.id)) throw new AppError('validation_failed', INVALID_CURSOR, { cursor: INVALID_CURSOR });
    const at = sql`('epoch'::timestamptz + ${position.micros}::bigint * interval '1 microsecond')`;
    const after = idIsNumber ? Number(position.id) : position.id;
    conditions.push(or(gt(updatedAt, at), and(eq(updatedAt, at), gt(id, after))));
  }
  return and(...conditions);
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

/** A unique constraint the provider's data ran into, as a 409 naming the field. */
export function conflictOf(error: unknown, fields: Record<string, { field: string; message: string }>): unknown {
  const candidate = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = candidate?.code === '23505' ? candidate : candidate?.cause?.code === '23505' ? candidate.cause : undefined;
  const known = pgError?.constraint ? fields[pgError.constraint] : undefined;
  return known ? new AppError('conflict', known.message, { [known.field]: known.message }) : error;
}

/**
 * The DO UPDATE condition of an upsert that leaves alone a row it would not change: the columns
 * it writes, as stored, against the values offered (`excluded.<column>`, or the SQL given for a
 * column written otherwise). An identical push then writes nothing, so `updated_at` stays put.
 */
export function differsFromOffered<T extends PgTable>(table: T, keys: readonly string[], offered: Readonly<Record<string, SQL>> = {}): SQL {
  const all = getTableColumns(table) as Record<string, AnyPgColumn>;
  const columns = keys.map((key) => all[key]!);
  return sql`(${sql.join(columns, sql`, `)}) IS DISTINCT FROM (${sql.join(
    columns.map((column, index) => offered[keys[index]!] ?? sql.raw(`excluded."${column.name}"`)),
    sql`, `,
  )})`;
}
