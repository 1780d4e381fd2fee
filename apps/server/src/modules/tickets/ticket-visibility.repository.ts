import { ACTIVE_TICKET_STATUSES } from '@portal/contract';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ticketEntries, tickets } from '../../db/schema/index.js';
import type { TicketScope } from './tickets.policy.js';

/* The tickets policy (tickets.policy.ts) as SQL conditions on the tickets module's tables. */

/**
 * The conversation entries a customer may read: all but the private notes a provider's PSA pushed
 * (visible_to_customer = false, docs/decisions/0025). The spec's is_internal entries are shown, with a badge.
 */
export const entryVisibleToCustomer = (): SQL => eq(ticketEntries.visibleToCustomer, true);

type Placeholder = ReturnType<typeof sql.placeholder>;

/**
 * The scope as a condition on `tickets`. The ticket list passes placeholders for its prepared
 * statements (tickets.repository.ts); everyone else the scope's own values.
 */
export function ticketsVisibleIn(scope: TicketScope, placeholders?: { accountId: Placeholder; contactId: Placeholder }): SQL {
  const accountId = placeholders?.accountId ?? scope.accountId;
  if (scope.assignedContactId === null) return eq(tickets.accountId, accountId);
  return and(eq(tickets.accountId, accountId), eq(tickets.assignedContactId, placeholders?.contactId ?? scope.assignedContactId))!;
}

/**
 * An open ticket: one the tickets screen lists by default ('active': New, Assigned, Accepted,
 * In Progress). The dashboard's "Open Tickets" counts exactly these, so the two figures agree.
 * Written as a literal IN list so the planner matches it to the partial 'active' indexes (a bound
 * array parameter would not be recognised as the indexes' predicate).
 */
export const OPEN_TICKET_STATUSES = ACTIVE_TICKET_STATUSES;
export const isOpenTicket = (): SQL => sql`${tickets.status} IN (${sql.raw(OPEN_TICKET_STATUSES.map((status) => `'${status}'`).join(', '))})`;

/** The address is the provider's (docs/product.md §2: 'ITP' when it contains the provider's domain). */
const fromProvider = (address: SQL, providerDomain: string): SQL =>
  providerDomain === '' ? sql`false` : sql`position(${providerDomain.toLowerCase()} in lower(${address})) > 0`;

/**
 * A question mark that ends a sentence, in an entry's text with its tags taken out: followed by a space,
 * the end, a closing quote or bracket, or an entity (`?&nbsp;`). A web address's query (`/page?id=4`) is not one.
 */
const QUESTION = String.raw`\?(\s|$|[&'")\]])`;
const asksAQuestion = (content: SQL): SQL => sql`regexp_replace(${content}, '<[^>]*>', ' ', 'g') ~ ${QUESTION}`;

/**
 * A ticket waits for the customer's reply (docs/decisions/0033): it is open (New, Assigned, Accepted,
 * In Progress: the list's 'active', the dashboard's open tickets), and the newest entry the customer
 * sees that is not an internal note is the provider's and asks a question, so the next move is the
 * customer's. An acknowledgement or a progress report from the provider waits on nobody; On Hold is the
 * provider saying it waits on someone else. A condition on `tickets`: one index read of the newest entry.
 */
export function waitingForCustomer(providerDomain: string): SQL {
  return sql`(${isOpenTicket()} AND coalesce((
    SELECT ${fromProvider(sql`newest.from_address`, providerDomain)} AND ${asksAQuestion(sql`newest.content`)}
    FROM ${ticketEntries} AS newest
    WHERE newest.ticket_id = ${tickets.id} AND newest.account_id = ${tickets.accountId}
      AND newest.visible_to_customer AND NOT newest.is_internal
    ORDER BY newest.created_at DESC, newest.id DESC
    LIMIT 1), false))`;
}

/** The provider's person who last wrote in a ticket's conversation, as the customer sees it (null before anyone did). */
export function handledBy(providerDomain: string): SQL<string | null> {
  return sql<string | null>`(
    SELECT latest.created_by FROM ${ticketEntries} AS latest
    WHERE latest.ticket_id = ${tickets.id} AND latest.account_id = ${tickets.accountId}
      AND latest.visible_to_customer AND ${fromProvider(sql`latest.from_address`, providerDomain)}
    ORDER BY latest.created_at DESC, latest.id DESC
    LIMIT 1)`;
}
