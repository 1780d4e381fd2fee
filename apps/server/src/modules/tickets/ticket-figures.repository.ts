import { CLOSED_TICKET_STATUSES, type DashboardSummary } from '@portal/contract';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ticketEntries, tickets } from '../../db/schema/index.js';
import { entryVisibleToCustomer, isOpenTicket, ticketsVisibleIn, waitingForCustomer } from './ticket-visibility.repository.js';
import type { TicketScope } from './tickets.policy.js';

/* The tickets' figures the dashboard shows, within the caller's scope (tickets.policy.ts). */

/** The open tickets, and of them those waiting for the customer's reply (docs/decisions/0033). */
export async function countOpenTickets(db: Executor, scope: TicketScope, providerDomain: string): Promise<{ open: number; waiting: number }> {
  const [row] = await db
    .select({ open: sql<number>`count(*)::int`, waiting: sql<number>`(count(*) FILTER (WHERE ${waitingForCustomer(providerDomain)}))::int` })
    .from(tickets)
    .where(and(ticketsVisibleIn(scope), isOpenTicket()));
  return { open: row?.open ?? 0, waiting: row?.waiting ?? 0 };
}

/**
 * Tickets opened (by creation) and closed (by last change while in a closed status) in each of
 * the last six months, counted in the contact's time zone. Closing has no timestamp of its own;
 * the last change of a closed ticket is the closest we have.
 */
export async function ticketTrend(db: Executor, scope: TicketScope, timeZone: string): Promise<DashboardSummary['ticket_trend']> {
  const month = (column: SQL | typeof tickets.createdAt) => sql`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM')`;
  const result = await db.execute<{ month: string; opened: number; closed: number }>(sql`
    WITH months AS (
      SELECT to_char(m, 'YYYY-MM') AS month
      FROM generate_series(
        date_trunc('month', now() AT TIME ZONE ${timeZone}) - interval '5 months',
        date_trunc('month', now() AT TIME ZONE ${timeZone}),
        interval '1 month') AS m
    ), scoped AS (
      SELECT ${month(tickets.createdAt)} AS opened_month,
             CASE WHEN ${inArray(tickets.status, [...CLOSED_TICKET_STATUSES])} THEN ${month(tickets.lastModifiedAt)} END AS closed_month
      FROM ${tickets}
      WHERE ${ticketsVisibleIn(scope)}
    )
    SELECT months.month,
           (SELECT count(*) FROM scoped WHERE scoped.opened_month = months.month)::int AS opened,
           (SELECT count(*) FROM scoped WHERE scoped.closed_month = months.month)::int AS closed
    FROM months
    ORDER BY months.month`);
  return result.rows.map((row) => ({ month: row.month, opened: Number(row.opened), closed: Number(row.closed) }));
}

export async function recentTickets(db: Executor, scope: TicketScope, limit: number) {
  return db
    .select({ id: tickets.id, number: tickets.ticketNumber, subject: tickets.subject, at: tickets.createdAt })
    .from(tickets)
    .where(ticketsVisibleIn(scope))
    .orderBy(desc(tickets.createdAt))
    .limit(limit);
}

/** Replies the customer may see (internal notes never leave the provider). */
export async function recentReplies(db: Executor, scope: TicketScope, limit: number) {
  return db
    .select({
      id: ticketEntries.id,
      ticketId: tickets.id,
      number: tickets.ticketNumber,
      subject: tickets.subject,
      by: ticketEntries.createdBy,
      at: ticketEntries.createdAt,
    })
    .from(ticketEntries)
    .innerJoin(tickets, and(eq(tickets.id, ticketEntries.ticketId), eq(tickets.accountId, ticketEntries.accountId)))
    .where(and(ticketsVisibleIn(scope), eq(ticketEntries.isInternal, false), entryVisibleToCustomer()))
    .orderBy(desc(ticketEntries.createdAt))
    .limit(limit);
}
