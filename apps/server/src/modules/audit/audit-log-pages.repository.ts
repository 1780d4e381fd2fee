import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditLogFilters } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import { containing } from '../../db/like-pattern.js';
import { auditLog, contactDirectory, searchableAuditText } from '../../db/schema/index.js';

/** An entry's kind: the first part of its action (`auth.login` → `auth`); the indexes hold the same expression. */
const kindOf = sql<string>`split_part(${auditLog.action}, '.', 1)`;
/** The entry's time in microseconds since 1970, the first half of a page's cursor: the column's own precision. */
const microsOf = sql<string>`(extract(epoch from ${auditLog.createdAt}) * 1000000)::bigint::text`;

/** Where a page ends: after the entry at this time (microseconds since 1970) with this id. */
export interface AuditCursor {
  micros: bigint;
  id: bigint;
}

export const encodeCursor = ({ micros, id }: AuditCursor) => `${micros}.${id}`;
export const decodeCursor = (text: string): AuditCursor => {
  const [micros, id] = text.split('.');
  return { micros: BigInt(micros!), id: BigInt(id!) };
};

interface Search {
  pattern: string;
  people: number[];
}

function conditions(accountId: number, filters: AuditLogFilters, search: Search | undefined, before?: AuditCursor): SQL {
  const where: (SQL | undefined)[] = [eq(auditLog.accountId, accountId)];
  if (filters.contact_id !== undefined) where.push(eq(auditLog.contactId, filters.contact_id));
  if (filters.kind !== undefined) where.push(sql`${kindOf} = ${filters.kind}`);
  if (filters.outcome !== undefined) where.push(eq(auditLog.outcome, filters.outcome));
  if (filters.from !== undefined) where.push(sql`${auditLog.createdAt} >= ${filters.from}::timestamptz`);
  if (filters.to !== undefined) where.push(sql`${auditLog.createdAt} < ${filters.to}::timestamptz`);
  if (search) {
    // The entry's own words, or a person of the account whose name holds them. The people are found first, so that
    // without one the planner sees the words alone and, for a rare word, takes the trigram index (an OR with a
    // subquery made it scan the account's entries: 1.5 s at a million, bench/audit-log.ts).
    const words = sql`${searchableAuditText(auditLog)} LIKE ${search.pattern}`;
    where.push(search.people.length > 0 ? or(words, inArray(auditLog.contactId, search.people)) : words);
  }
  if (before) {
    // Keyset paging: strictly older than the last entry shown, (time, id) together, so equal times never skip a row.
    const at = sql`(timestamptz 'epoch' + ${before.micros.toString()}::bigint * interval '1 microsecond')`;
    where.push(sql`(${auditLog.createdAt}, ${auditLog.id}) < (${at}, ${before.id.toString()}::bigint)`);
  }
  return and(...where)!;
}

/** A search's pattern, and the people of the account whose name matches it. */
async function searchFor(db: Executor, accountId: number, text: string): Promise<Search> {
  const pattern = containing(text.toLowerCase());
  const people = await db
    .select({ id: contactDirectory.id })
    .from(contactDirectory)
    .where(and(eq(contactDirectory.accountId, accountId), sql`lower(${contactDirectory.firstname} || ' ' || ${contactDirectory.lastname}) LIKE ${pattern}`));
  return { pattern, people: people.map((person) => person.id) };
}

/**
 * One page of an account's audit log, newest first, and whether older entries remain (`limit` + 1 are read). The name
 * of the person an entry is about comes from the users module's published view; a person deleted since has none.
 */
export async function auditLogPage(db: Executor, accountId: number, filters: AuditLogFilters, limit: number, before?: AuditCursor) {
  const search = filters.search ? await searchFor(db, accountId, filters.search) : undefined;
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      micros: microsOf,
      actor: auditLog.actor,
      contactId: auditLog.contactId,
      firstname: contactDirectory.firstname,
      lastname: contactDirectory.lastname,
      email: contactDirectory.email,
      action: auditLog.action,
      kind: kindOf,
      outcome: auditLog.outcome,
      ip: auditLog.ip,
      userAgent: auditLog.userAgent,
      details: auditLog.details,
    })
    .from(auditLog)
    .leftJoin(contactDirectory, and(eq(contactDirectory.id, auditLog.contactId), eq(contactDirectory.accountId, auditLog.accountId)))
    .where(conditions(accountId, filters, search, before))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(toEntry),
    next: rows.length > limit && last ? { micros: BigInt(last.micros), id: BigInt(last.id) } : null,
  };
}

interface Row {
  id: number;
  createdAt: Date;
  actor: string;
  contactId: number | null;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  action: string;
  kind: string;
  outcome: string;
  ip: string | null;
  userAgent: string | null;
  details: Record<string, unknown>;
}

function toEntry(row: Row): AuditEntry {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    actor: row.actor,
    contact_id: row.contactId,
    contact_name: row.firstname === null ? null : `${row.firstname} ${row.lastname ?? ''}`.trim(),
    contact_email: row.email,
    action: row.action,
    kind: row.kind,
    outcome: row.outcome,
    ip: row.ip,
    user_agent: row.userAgent,
    details: row.details,
  };
}
