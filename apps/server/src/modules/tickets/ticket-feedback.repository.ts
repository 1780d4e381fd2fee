import { and, avg, count, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { ticketEntries, ticketRatings, tickets } from '../../db/schema/index.js';

/** The customer's own close and the satisfaction ratings (ticket-feedback.ts): their SQL. */

export type RatingRow = typeof ticketRatings.$inferSelect;

/** Marks (or, with nulls, unmarks) the ticket resolved by its customer; the ticket moves, so the provider's change feed shows it. */
export async function setCustomerResolution(
  tx: Executor,
  accountId: number,
  ticketId: number,
  values: { resolvedAt: Date | null; note: string | null; by: number | null; reopenedAt: Date | null },
): Promise<void> {
  await tx
    .update(tickets)
    .set({
      customerResolvedAt: values.resolvedAt,
      customerResolutionNote: values.note,
      customerResolvedBy: values.by,
      customerReopenedAt: values.reopenedAt,
      lastModifiedAt: sql`now()`,
    })
    .where(and(eq(tickets.accountId, accountId), eq(tickets.id, ticketId)));
}

export async function findRating(db: Executor, accountId: number, ticketId: number): Promise<RatingRow | undefined> {
  const [row] = await db
    .select()
    .from(ticketRatings)
    .where(and(eq(ticketRatings.accountId, accountId), eq(ticketRatings.ticketId, ticketId)));
  return row;
}

/** One rating a ticket: the first inserts, a change updates score and comment (the first time is kept: the 7 days run from it). */
export async function writeRating(
  tx: Executor,
  values: Pick<RatingRow, 'accountId' | 'ticketId' | 'contactId' | 'score' | 'comment' | 'technicianName' | 'technicianEmail'>,
): Promise<void> {
  await tx
    .insert(ticketRatings)
    .values(values)
    .onConflictDoUpdate({
      target: ticketRatings.ticketId,
      set: { score: values.score, comment: values.comment, contactId: values.contactId, updatedAt: sql`now()` },
    });
}

/** The provider's person who last wrote in the conversation the customer sees (name and address), if anyone did. */
export async function lastTechnician(db: Executor, accountId: number, ticketId: number, providerDomain: string) {
  if (providerDomain === '') return undefined;
  const [row] = await db
    .select({ name: ticketEntries.createdBy, email: ticketEntries.fromAddress })
    .from(ticketEntries)
    .where(
      and(
        eq(ticketEntries.accountId, accountId),
        eq(ticketEntries.ticketId, ticketId),
        eq(ticketEntries.visibleToCustomer, true),
        sql`position(${providerDomain.toLowerCase()} in lower(${ticketEntries.fromAddress})) > 0`,
      ),
    )
    .orderBy(sql`${ticketEntries.createdAt} DESC, ${ticketEntries.id} DESC`)
    .limit(1);
  return row;
}

export interface RatingFilter {
  accountId?: number;
  technicianEmail?: string;
  /** Given at or after. */
  from?: Date;
  /** Given before. */
  to?: Date;
}

const ratingConditions = (filter: RatingFilter): SQL | undefined =>
  and(
    filter.accountId === undefined ? undefined : eq(ticketRatings.accountId, filter.accountId),
    filter.technicianEmail === undefined ? undefined : sql`lower(${ticketRatings.technicianEmail}) = ${filter.technicianEmail.toLowerCase()}`,
    filter.from === undefined ? undefined : gte(ticketRatings.createdAt, filter.from),
    filter.to === undefined ? undefined : lt(ticketRatings.createdAt, filter.to),
  );

/** How many ratings match and their average score (null when none). */
export async function ratingFigures(db: Executor, filter: RatingFilter): Promise<{ count: number; average: number | null }> {
  const [row] = await db
    .select({ count: count(), average: avg(ticketRatings.score) })
    .from(ticketRatings)
    .where(ratingConditions(filter));
  return { count: row?.count ?? 0, average: row?.average === null || row?.average === undefined ? null : Number(row.average) };
}

/** A page of matching ratings, newest first, after the rating `afterId` (a keyset: stable while new ratings arrive). */
export async function listRatings(db: Executor, filter: RatingFilter, page: { limit: number; beforeId?: number }) {
  return db
    .select({ rating: ticketRatings, ticketExternalId: tickets.externalId, ticketNumber: tickets.ticketNumber })
    .from(ticketRatings)
    .innerJoin(tickets, and(eq(tickets.id, ticketRatings.ticketId), eq(tickets.accountId, ticketRatings.accountId)))
    .where(and(ratingConditions(filter), page.beforeId === undefined ? undefined : lt(ticketRatings.id, page.beforeId)))
    .orderBy(sql`${ticketRatings.id} DESC`)
    .limit(page.limit + 1);
}
