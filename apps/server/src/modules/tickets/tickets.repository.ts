import { CLOSED_TICKET_STATUSES, TICKET_COUNT_CAP, TICKET_SEARCH_COUNT_CAP, type TICKET_SORTS, type TICKET_STATUS_FILTERS } from '@portal/contract';
import { and, asc, desc, eq, inArray, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, Executor } from '../../db/client.js';
import { preparedRead } from '../../db/prepared-read.js';
import { contactDirectory, ticketEntries, tickets } from '../../db/schema/index.js';
import { entryVisibleToCustomer, handledBy, isOpenTicket, ticketsVisibleIn, waitingForCustomer } from './ticket-visibility.repository.js';
import type { TicketScope } from './tickets.policy.js';
import type { TicketCursor } from './ticket-cursor.js';
import { afterCursor } from './ticket-cursor.repository.js';
import type { TicketSearch } from './ticket-search.js';

export type TicketStatusFilter = (typeof TICKET_STATUS_FILTERS)[number];
export type TicketSort = (typeof TICKET_SORTS)[number];

export interface TicketListFilter {
  status: TicketStatusFilter;
  search: TicketSearch | undefined;
  sort: TicketSort;
  limit: number;
  /** Matching tickets to skip (the screen's later pages); with `after`, only where the count stops. */
  offset: number;
  /** The page after this ticket (issue 36, ticket-cursor.ts): keyset paging, stable while tickets arrive. */
  after?: TicketCursor;
}

/** The columns of a ticket as the list and the detail show them (never the search vector). */
const ticketColumns = {
  id: tickets.id,
  /** The provider's id of a ticket its PSA pushed (webhook payloads carry it); null for one opened in the portal. */
  externalId: tickets.externalId,
  ticketNumber: tickets.ticketNumber,
  subject: tickets.subject,
  status: tickets.status,
  priority: tickets.priority,
  /** Whom a reply concerns (the notifications, issue 35). */
  assignedContactId: tickets.assignedContactId,
  description: tickets.description,
  descriptionIsClean: tickets.descriptionIsClean,
  createdAt: tickets.createdAt,
  lastModifiedAt: tickets.lastModifiedAt,
  dueDate: tickets.dueDate,
  isBillable: tickets.isBillable,
  isTaxable: tickets.isTaxable,
  timeRounded: tickets.timeRounded,
  customerResolvedAt: tickets.customerResolvedAt,
  customerResolutionNote: tickets.customerResolutionNote,
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
  /** How many matches are counted at most (docs/decisions/0027): the cap beyond the page asked for, plus one to tell "more". */
  countUpTo: sql.placeholder('countUpTo'),
};

/**
 * The status groups are written as literal IN lists so the planner matches them to the partial
 * 'active' indexes (a bound array parameter would not be recognised as the index's predicate).
 */
function statusCondition(status: TicketStatusFilter, bound = true): SQL | undefined {
  const literalList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));
  if (status === '') return undefined;
  if (status === 'active') return isOpenTicket();
  if (status === 'closed') return sql`${tickets.status} IN (${literalList(CLOSED_TICKET_STATUSES)})`;
  return eq(tickets.status, bound ? param.status : status);
}

/** `bound`: the values are the prepared statement's placeholders; otherwise written in (a one-off statement). */
function searchCondition(search: TicketSearch, bound = true): SQL {
  const parts: SQL[] = [];
  if (search.tsquery) parts.push(sql`${tickets.searchVector} @@ to_tsquery('simple', ${bound ? param.tsquery : search.tsquery})`);
  if (search.numberPattern) parts.push(sql`${tickets.ticketNumber} ILIKE ${bound ? param.numberPattern : search.numberPattern}`);
  return parts.length === 0 ? sql`false` : parts.length === 1 ? parts[0]! : or(...parts)!;
}

function shapeName(scope: TicketScope, filter: TicketListFilter): string {
  const status = filter.status === '' ? 'all' : filter.status === 'active' || filter.status === 'closed' ? filter.status : 'one';
  const search = filter.search ? `${filter.search.tsquery ? 't' : ''}${filter.search.numberPattern ? 'n' : ''}` || 'none' : 'off';
  return `tickets_${scope.assignedContactId === null ? 'account' : 'assigned'}_${status}_${search}_${filter.sort}`;
}

type SortColumns = Record<'id' | 'createdAt' | 'lastModifiedAt' | 'priorityRank', Parameters<typeof asc>[0]>;

function ordering(sort: TicketSort, columns: SortColumns = tickets): SQL[] {
  switch (sort) {
    case 'oldest':
      return [asc(columns.createdAt), asc(columns.id)];
    case 'updated':
      return [desc(columns.lastModifiedAt), desc(columns.id)];
    case 'priority':
      return [asc(columns.priorityRank), desc(columns.createdAt), desc(columns.id)];
    case 'newest':
      return [desc(columns.createdAt), desc(columns.id)];
  }
}

/** The planner's estimate of a query's rows (EXPLAIN, no execution). */
async function estimatedMatches(db: Executor, query: SQLWrapper): Promise<number> {
  const result = await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`);
  const plan = (result.rows[0] as { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] })['QUERY PLAN'];
  return plan[0].Plan['Plan Rows'];
}

/**
 * The planner's estimate moves only when the table's statistics do (autovacuum's ANALYZE), so a
 * search's estimate is kept for a minute: the screen asks for the same search again as the user
 * pages, and each EXPLAIN was one more round trip and a plan (decision 0028).
 */
const estimates = new LRUCache<string, number>({ max: 1_000, ttl: 60_000 });

async function rememberedEstimate(key: string, estimate: () => Promise<number>): Promise<number> {
  const known = estimates.get(key);
  if (known !== undefined) return known;
  const rows = await estimate();
  estimates.set(key, rows);
  return rows;
}

/**
 * At most countUpTo matches of `where`, counted (count(*) OVER () is taken before LIMIT and OFFSET),
 * and the page of them in the list's order. The matches are read as their ids and sort keys only, and
 * the page's 100 rows are then read whole by id: sorting every match's whole row (description
 * included) cost PostgreSQL half again as much as the scan itself (decision 0028, fifth session).
 */
function searchPage(db: Database, where: SQL, sort: TicketSort) {
  const matches = db
    .select({ id: tickets.id, createdAt: tickets.createdAt, lastModifiedAt: tickets.lastModifiedAt, priorityRank: tickets.priorityRank })
    .from(tickets)
    .where(where)
    .limit(param.countUpTo)
    .as('matches');
  const page = db
    .select({ ...matches._.selectedFields, totalCount: sql<number>`(count(*) OVER ())::int`.as('total_count') })
    .from(matches)
    .orderBy(...ordering(sort, matches))
    .limit(param.limit)
    .offset(param.offset)
    .as('page');
  return db
    .select({ ...ticketColumns, totalCount: page.totalCount })
    .from(page)
    .innerJoin(tickets, eq(tickets.id, page.id))
    .orderBy(...ordering(sort, page));
}

export interface TicketListPage {
  rows: TicketRow[];
  /** Matches in all, or the cap when `capped`. */
  totalCount: number;
  /** More than `totalCount` match: counting stopped at the cap. */
  capped: boolean;
}

/**
 * One page of the caller's tickets and how many match, counted up to a cap beyond the page
 * (docs/decisions/0027), so no list reads more than a bounded number of rows however large the account.
 */
export async function listTickets(db: Database, scope: TicketScope, filter: TicketListFilter): Promise<TicketListPage> {
  const where = () =>
    and(
      ticketsVisibleIn(scope, { accountId: param.accountId, contactId: param.contactId }),
      statusCondition(filter.status),
      filter.search && searchCondition(filter.search),
    );
  const name = shapeName(scope, filter);
  const countedUpTo = filter.offset + (filter.search ? TICKET_SEARCH_COUNT_CAP : TICKET_COUNT_CAP);
  const values = {
    accountId: scope.accountId,
    contactId: scope.assignedContactId ?? 0,
    status: filter.status,
    tsquery: filter.search?.tsquery ?? '',
    numberPattern: filter.search?.numberPattern ?? '',
    limit: filter.limit,
    offset: filter.offset,
    countUpTo: countedUpTo + 1,
  };
  const counted = (count: number) => ({ totalCount: Math.min(count, countedUpTo), capped: count > countedUpTo });
  // count(*) over at most countUpTo matches: the scan stops there.
  const cappedCount = async () => {
    const query = preparedRead(db, `${name}_count`, () => {
      const matches = db
        .select({ one: sql`1` })
        .from(tickets)
        .where(where())
        .limit(param.countUpTo)
        .as('matches');
      return db.select({ count: sql<number>`count(*)::int` }).from(matches);
    });
    return (await query.run(values))[0]?.count ?? 0;
  };
  if (filter.after) {
    // A page after a cursor: a one-off statement (the cursor's values written in) that walks the sort's index from
    // the cursor; the count is the list's, without the cursor, bounded as for an offset's page.
    const rows = await db
      .select(ticketColumns)
      .from(tickets)
      .where(
        and(ticketsVisibleIn(scope), statusCondition(filter.status, false), filter.search && searchCondition(filter.search, false), afterCursor(filter.after)),
      )
      .orderBy(...ordering(filter.sort))
      .limit(filter.limit);
    return { rows, ...counted(await cappedCount()) };
  }
  if (filter.search) {
    const oneOff = () => and(ticketsVisibleIn(scope), statusCondition(filter.status, false), searchCondition(filter.search!, false));
    /**
     * A common word: more matches than the cap, by the planner's estimate from the column's word
     * statistics (planning only, nothing read). The page is then the first rows in the list's order;
     * as a one-off statement it is planned with the word's real frequency, so PostgreSQL walks the
     * sort's index and stops after the page, whatever the account's size, and the count is not taken
     * ("1,000+"). Only a page that comes back short is counted, so the end of the list is exact.
     */
    const estimate = await rememberedEstimate([name, values.accountId, values.contactId, values.status, values.tsquery, values.numberPattern].join('|'), () =>
      estimatedMatches(
        db,
        db
          .select({ one: sql`1` })
          .from(tickets)
          .where(oneOff()),
      ),
    );
    if (estimate > countedUpTo) {
      const rows = await db
        .select(ticketColumns)
        .from(tickets)
        .where(oneOff())
        .orderBy(...ordering(filter.sort))
        .limit(filter.limit)
        .offset(filter.offset);
      if (rows.length === filter.limit) return { rows, totalCount: countedUpTo, capped: true };
      return { rows, ...counted(rows.length > 0 ? filter.offset + rows.length : await cappedCount()) };
    }
    // A word the planner expects to be rarer: one statement counts at most countUpTo matches and
    // reads the page of them (searchPage). Without an order the inner scan stops at countUpTo
    // matches, so the page is right only when they are all of them.
    const query = preparedRead(db, `${name}_search`, () => searchPage(db, where()!, filter.sort));
    const searched = await query.run(values);
    const found = searched[0]?.totalCount;
    if (found !== undefined && found <= countedUpTo) return { rows: searched.map(({ totalCount: _, ...row }) => row), ...counted(found) };
    if (found === undefined) {
      // No row to carry the count: nothing matches, or the page is past the end (then count on its own).
      return filter.offset > 0 ? { rows: [], ...counted(await cappedCount()) } : { rows: [], totalCount: 0, capped: false };
    }
    // More matches than the estimate said: the page in the list's order, the count capped.
    const rows = await db
      .select(ticketColumns)
      .from(tickets)
      .where(oneOff())
      .orderBy(...ordering(filter.sort))
      .limit(filter.limit)
      .offset(filter.offset);
    return { rows, totalCount: countedUpTo, capped: true };
  }
  // Without a search the count is an index-only scan and the page the first rows of an index;
  // the two run side by side on two connections.
  const page = preparedRead(db, `${name}_page`, () =>
    db
      .select(ticketColumns)
      .from(tickets)
      .where(where())
      .orderBy(...ordering(filter.sort))
      .limit(param.limit)
      .offset(param.offset),
  );
  const [rows, count] = await Promise.all([page.run(values), cappedCount()]);
  return { rows, ...counted(count) };
}

export interface TicketPeople {
  /** The ticket's contact, "Firstname Lastname"; null when it has none. */
  raisedBy: string | null;
  handledBy: string | null;
  waitingForCustomer: boolean;
}

/**
 * Who raised and who handles each of a page's tickets, and whether it waits for the customer
 * (docs/decisions/0033): read for the page's ids after the page itself, so the list's prepared
 * statements keep their plans; one index read of the newest entries per ticket.
 */
export async function ticketPeople(db: Executor, accountId: number, ticketIds: number[], providerDomain: string): Promise<Map<number, TicketPeople>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: tickets.id,
      raisedBy: sql<
        string | null
      >`CASE WHEN ${contactDirectory.id} IS NULL THEN NULL ELSE ${contactDirectory.firstname} || ' ' || ${contactDirectory.lastname} END`,
      handledBy: handledBy(providerDomain),
      waitingForCustomer: sql<boolean>`${waitingForCustomer(providerDomain)}`,
    })
    .from(tickets)
    .leftJoin(contactDirectory, and(eq(contactDirectory.id, tickets.assignedContactId), eq(contactDirectory.accountId, tickets.accountId)))
    .where(and(eq(tickets.accountId, accountId), inArray(tickets.id, ticketIds)));
  return new Map(rows.map(({ id, ...people }) => [id, people]));
}

export async function findTicket(db: Database, scope: TicketScope, id: number): Promise<TicketRow | undefined> {
  const name = `ticket_${scope.assignedContactId === null ? 'account' : 'assigned'}`;
  const query = preparedRead(db, name, () =>
    db
      .select(ticketColumns)
      .from(tickets)
      .where(and(ticketsVisibleIn(scope, { accountId: param.accountId, contactId: param.contactId }), eq(tickets.id, sql.placeholder('id'))))
      .limit(1),
  );
  const [row] = await query.run({ accountId: scope.accountId, contactId: scope.assignedContactId ?? 0, id });
  return row;
}

/**
 * The ticket's status, its row locked until the transaction ends (SELECT … FOR UPDATE). Every command that adds to a
 * conversation or changes a status takes this lock first, so a reply and a close arriving together are serialised:
 * the reply lands before the close, or sees the closed status and is refused (docs/decisions/0047).
 */
export async function lockTicket(tx: Executor, accountId: number, id: number) {
  const [row] = await tx
    .select({ status: tickets.status, customerResolvedAt: tickets.customerResolvedAt, assignedContactId: tickets.assignedContactId })
    .from(tickets)
    .where(and(eq(tickets.accountId, accountId), eq(tickets.id, id)))
    .for('update');
  return row;
}

export interface ConversationSlice {
  /** Newest first (ties broken by insertion order, newest first). */
  entries: TicketEntryRow[];
  /** Older entries remain. */
  hasMore: boolean;
}

/**
 * The newest `limit` entries of a ticket's conversation, or with `before` the `limit` entries
 * older than that entry (docs/decisions/0027). One index range read of limit + 1 rows, however
 * long the conversation; an entry of another ticket or account as `before` finds nothing.
 */
export async function listTicketEntries(
  db: Database,
  accountId: number,
  ticketId: number,
  page: { limit: number; before?: number },
): Promise<ConversationSlice> {
  const name = page.before === undefined ? 'ticket_entries_newest' : 'ticket_entries_before';
  const query = preparedRead(db, name, () => {
    const ofTicket = and(eq(ticketEntries.ticketId, sql.placeholder('ticketId')), eq(ticketEntries.accountId, sql.placeholder('accountId')));
    const olderThanCursor = sql`(${ticketEntries.createdAt}, ${ticketEntries.id}) < (
      SELECT cursor.created_at, cursor.id FROM ticket_entries AS cursor
      WHERE cursor.id = ${sql.placeholder('before')} AND cursor.ticket_id = ${sql.placeholder('ticketId')} AND cursor.account_id = ${sql.placeholder('accountId')})`;
    return db
      .select()
      .from(ticketEntries)
      .where(and(page.before === undefined ? ofTicket : and(ofTicket, olderThanCursor), entryVisibleToCustomer()))
      .orderBy(desc(ticketEntries.createdAt), desc(ticketEntries.id))
      .limit(sql.placeholder('limit'));
  });
  const rows = await query.run({ accountId, ticketId, before: page.before ?? 0, limit: page.limit + 1 });
  return { entries: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}

/** `content` has been sanitized by the caller: it is stored as clean (docs/decisions/0027). */
export async function insertTicketEntry(
  db: Executor,
  entry: { accountId: number; ticketId: number; createdBy: string; fromAddress: string; content: string; isInternal: boolean },
): Promise<number> {
  const [row] = await db
    .insert(ticketEntries)
    .values({ ...entry, contentIsClean: true })
    .returning({ id: ticketEntries.id });
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
  // The description has been sanitized by the caller: stored as clean (docs/decisions/0027).
  const [row] = await db
    .insert(tickets)
    .values({ ...values, status: 'New', descriptionIsClean: true })
    .returning({ id: tickets.id });
  return row!.id;
}

/** The contact a ticket is assigned to (null: none), for the live updates of whoever sees it (decision 0046). */
export async function ticketContactOf(db: Executor, accountId: number, ticketId: number): Promise<number | null> {
  const [row] = await db
    .select({ contactId: tickets.assignedContactId })
    .from(tickets)
    .where(and(eq(tickets.accountId, accountId), eq(tickets.id, ticketId)));
  return row?.contactId ?? null;
}
