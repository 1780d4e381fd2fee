import { CLOSED_TICKET_STATUSES, type TICKET_SORTS, type TICKET_STATUS_FILTERS } from '@portal/contract';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ticketEntries, tickets } from '../../db/schema/index.js';
import { isOpenTicket, ticketsVisibleIn, type TicketScope } from './tickets.policy.js';
import type { TicketSearch } from './ticket-search.js';

export type TicketStatusFilter = (typeof TICKET_STATUS_FILTERS)[number];
export type TicketSort = (typeof TICKET_SORTS)[number];

export interface TicketListFilter {
  status: TicketStatusFilter;
  search: TicketSearch | undefined;
  sort: TicketSort;
  limit: number;
  /** Matching tickets to skip (the screen's later pages). */
  offset: number;
}

/** The columns of a ticket as the list and the detail show them (never the search vector). */
const ticketColumns = {
  id: tickets.id,
  ticketNumber: tickets.ticketNumber,
  subject: tickets.subject,
  status: tickets.status,
  priority: tickets.priority,
  description: tickets.description,
  createdAt: tickets.createdAt,
  lastModifiedAt: tickets.lastModifiedAt,
  dueDate: tickets.dueDate,
  isBillable: tickets.isBillable,
  isTaxable: tickets.isTaxable,
  timeRounded: tickets.timeRounded,
};
export type TicketRow = Pick<typeof tickets.$inferSelect, keyof typeof ticketColumns>;
export type TicketEntryRow = typeof ticketEntries.$inferSelect;

/**
 * The list's queries are named prepared statements, one per shape (scope, status kind, search kind,
 * sort), with every value a parameter: PostgreSQL then plans each shape a few times per connection
 * instead of on every request, which on a 100,000-ticket account was as costly as running it.
 */
const param = {
  accountId: sql.placeholder('accountId'),
  contactId: sql.placeholder('contactId'),
  status: sql.placeholder('status'),
  tsquery: sql.placeholder('tsquery'),
  numberPattern: sql.placeholder('numberPattern'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
};

/**
 * The status groups are written as literal IN lists so the planner matches them to the partial
 * 'active' indexes (a bound array parameter would not be recognised as the index's predicate).
 */
function statusCondition(status: TicketStatusFilter): SQL | undefined {
  const literalList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
  if (status === '') return undefined;
  if (status === 'active') return isOpenTicket();
  if (status === 'closed') return sql`${tickets.status} IN (${literalList(CLOSED_TICKET_STATUSES)})`;
  return eq(tickets.status, param.status);
}

function searchCondition(search: TicketSearch): SQL {
  const parts: SQL[] = [];
  if (search.tsquery) parts.push(sql`${tickets.searchVector} @@ to_tsquery('simple', ${param.tsquery})`);
  if (search.numberPattern) parts.push(sql`${tickets.ticketNumber} ILIKE ${param.numberPattern}`);
  return parts.length === 0 ? sql`false` : parts.length === 1 ? parts[0]! : or(...parts)!;
}

function shapeName(scope: TicketScope, filter: TicketListFilter): string {
  const status = filter.status === '' ? 'all' : filter.status === 'active' || filter.status === 'closed' ? filter.status : 'one';
  const search = filter.search ? `${filter.search.tsquery ? 't' : ''}${filter.search.numberPattern ? 'n' : ''}` || 'none' : 'off';
  return `tickets_${scope.assignedContactId === null ? 'account' : 'assigned'}_${status}_${search}_${filter.sort}`;
}

function ordering(sort: TicketSort): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(tickets.createdAt), asc(tickets.id)];
    case 'updated':
      return [desc(tickets.lastModifiedAt), desc(tickets.id)];
    case 'priority':
      return [asc(tickets.priorityRank), desc(tickets.createdAt), desc(tickets.id)];
    case 'newest':
      return [desc(tickets.createdAt), desc(tickets.id)];
  }
}

interface PreparedList {
  execute(values: Record<string, unknown>): Promise<Record<string, unknown>[]>;
}
/** Built once per database handle and shape: building drizzle's SQL text costs more than running a prepared statement. */
const preparedByExecutor = new WeakMap<Executor, Map<string, PreparedList>>();

function prepared(db: Executor, name: string, build: () => PreparedList): PreparedList {
  let byName = preparedByExecutor.get(db);
  if (!byName) preparedByExecutor.set(db, (byName = new Map()));
  let query = byName.get(name);
  if (!query) byName.set(name, (query = build()));
  return query;
}

/** One page of the caller's tickets and how many match in all. */
export async function listTickets(db: Executor, scope: TicketScope, filter: TicketListFilter): Promise<{ rows: TicketRow[]; totalCount: number }> {
  const where = () => and(ticketsVisibleIn(scope, { accountId: param.accountId, contactId: param.contactId }), statusCondition(filter.status), filter.search && searchCondition(filter.search));
  const name = shapeName(scope, filter);
  const values = {
    accountId: scope.accountId,
    contactId: scope.assignedContactId ?? 0,
    status: filter.status,
    tsquery: filter.search?.tsquery ?? '',
    numberPattern: filter.search?.numberPattern ?? '',
    limit: filter.limit,
    offset: filter.offset,
  };
  const count = () =>
    prepared(db, `${name}_count`, () =>
      db
        .select({ count: sql<number>`count(*)::int` })
        .from(tickets)
        .where(where())
        .prepare(`${name}_count`),
    );
  const countAll = async () => ((await count().execute(values)) as { count: number }[])[0]?.count ?? 0;
  if (filter.search) {
    // A search matches a scattered few: one pass over them gives both the page and the count
    // (count(*) OVER () is taken before LIMIT and OFFSET), instead of reading every match twice.
    const query = prepared(db, `${name}_search`, () =>
      db
        .select({ ...ticketColumns, totalCount: sql<number>`(count(*) OVER ())::int` })
        .from(tickets)
        .where(where())
        .orderBy(...ordering(filter.sort))
        .limit(param.limit)
        .offset(param.offset)
        .prepare(`${name}_search`),
    );
    const searched = (await query.execute(values)) as (TicketRow & { totalCount: number })[];
    // A page past the end has no row to carry the count; only then is it counted on its own.
    const totalCount = searched[0]?.totalCount ?? (filter.offset > 0 ? await countAll() : 0);
    return { rows: searched.map(({ totalCount: _, ...row }) => row), totalCount };
  }
  // Without a search the count is an index-only scan and the page the first rows of an index;
  // the two run side by side on two connections.
  const page = prepared(db, `${name}_page`, () =>
    db
      .select(ticketColumns)
      .from(tickets)
      .where(where())
      .orderBy(...ordering(filter.sort))
      .limit(param.limit)
      .offset(param.offset)
      .prepare(`${name}_page`),
  );
  const [rows, totalCount] = await Promise.all([page.execute(values) as Promise<TicketRow[]>, countAll()]);
  return { rows, totalCount };
}

export async function findTicket(db: Executor, scope: TicketScope, id: number): Promise<TicketRow | undefined> {
  const [row] = await db
    .select(ticketColumns)
    .from(tickets)
    .where(and(ticketsVisibleIn(scope), eq(tickets.id, id)))
    .limit(1);
  return row;
}

/** The conversation, newest first (ties broken by insertion order, newest first). */
export async function listTicketEntries(db: Executor, accountId: number, ticketId: number): Promise<TicketEntryRow[]> {
  return db
    .select()
    .from(ticketEntries)
    .where(and(eq(ticketEntries.ticketId, ticketId), eq(ticketEntries.accountId, accountId)))
    .orderBy(desc(ticketEntries.createdAt), desc(ticketEntries.id));
}

export async function insertTicketEntry(
  db: Executor,
  entry: { accountId: number; ticketId: number; createdBy: string; fromAddress: string; content: string; isInternal: boolean },
): Promise<number> {
  const [row] = await db.insert(ticketEntries).values(entry).returning({ id: ticketEntries.id });
  return row!.id;
}

export async function touchTicket(db: Executor, accountId: number, ticketId: number): Promise<void> {
  await db
    .update(tickets)
    .set({ lastModifiedAt: sql`now()` })
    .where(and(eq(tickets.accountId, accountId), eq(tickets.id, ticketId)));
}

/**
 * The account's next ticket number, one above the highest so far. Callers hold the account's
 * ticket-number lock (see lockTicketNumbers) so two new tickets never draw the same number.
 */
export async function nextTicketNumber(db: Executor, accountId: number): Promise<string> {
  const [row] = await db
    .select({ highest: sql<number | null>`max(substring(${tickets.ticketNumber} from '([0-9]+)$')::bigint)` })
    .from(tickets)
    .where(eq(tickets.accountId, accountId));
  return `TKT-${Math.max(Number(row?.highest ?? 0), 100_000) + 1}`;
}

/** Serialises ticket numbering per account until the transaction ends. */
export async function lockTicketNumbers(db: Executor, accountId: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(hashtext('tickets:number'), ${accountId})`);
}

export async function insertTicket(
  db: Executor,
  values: Pick<typeof tickets.$inferInsert, 'accountId' | 'ticketNumber' | 'subject' | 'description' | 'priority' | 'assignedContactId'>,
): Promise<number> {
  const [row] = await db
    .insert(tickets)
    .values({ ...values, status: 'New' })
    .returning({ id: tickets.id });
  return row!.id;
}
