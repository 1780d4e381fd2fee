import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { afterPosition, positionMicros, type FeedPosition } from '../../db/change-feed.js';
import type { Executor } from '../../db/client.js';
import { ticketEntries, tickets } from '../../db/schema/index.js';
import { differsFromOffered } from '../../db/upsert.js';

/** The tickets and entries the provider's systems push (ticket-sync.ts): its SQL, by external id. */

export type SyncedTicketRow = typeof tickets.$inferSelect;
export type SyncedEntryRow = typeof ticketEntries.$inferSelect;
export type TicketValues = PgInsertValue<typeof tickets> & { externalId: string };
export type EntryValues = PgInsertValue<typeof ticketEntries> & { externalId: string };

/** What a ticket's upsert writes, and so compares to leave an identical ticket alone. */
const TICKET_FIELDS = [
  'ticketNumber',
  'subject',
  'description',
  'descriptionIsClean',
  'status',
  'priority',
  'dueDate',
  'timeRounded',
  'isBillable',
  'isTaxable',
  'assignedContactId',
];
const ENTRY_FIELDS = ['createdBy', 'fromAddress', 'content', 'contentIsClean', 'isInternal', 'visibleToCustomer'];

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * One multi-row upsert by (account, external id); a ticket whose fields are as stored is left alone (no
 * `last_modified_at` move). Returns the rows it wrote, `created` for the new ones.
 */
export async function upsertTicketRows(tx: Executor, values: TicketValues[]): Promise<{ id: number; externalId: string; created: boolean }[]> {
  // An assignee left out keeps the one the ticket has.
  const assignee = sql`coalesce(excluded.assigned_contact_id, ${tickets.assignedContactId})`;
  // Written in external id order, so two overlapping calls lock the tickets in the same order.
  const byExternalId = [...values].sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
  const written = await tx
    .insert(tickets)
    .values(byExternalId)
    .onConflictDoUpdate({
      target: [tickets.accountId, tickets.externalId],
      set: {
        ticketNumber: excluded('ticket_number'),
        subject: excluded('subject'),
        description: excluded('description'),
        descriptionIsClean: excluded('description_is_clean'),
        status: excluded('status'),
        priority: excluded('priority'),
        dueDate: excluded('due_date'),
        timeRounded: excluded('time_rounded'),
        isBillable: excluded('is_billable'),
        isTaxable: excluded('is_taxable'),
        assignedContactId: assignee,
        lastModifiedAt: sql`now()`,
      },
      setWhere: differsFromOffered(tickets, TICKET_FIELDS, { assignedContactId: assignee }),
    })
    .returning({ id: tickets.id, externalId: tickets.externalId, created: sql<boolean>`(xmax = 0)` });
  return written.map((row) => ({ id: row.id, externalId: row.externalId!, created: row.created }));
}

/**
 * Gives a ticket a customer opened in the portal (no external id yet) the PSA's external id: the PSA adopts it and
 * pushes to it from then on. Answers the ticket's number, or undefined when no such ticket of the account waits to
 * be adopted (none, another account's, or one the PSA already knows by another id); adopted before by this same
 * external id counts as adopted.
 */
export async function adoptPortalTicket(tx: Executor, accountId: number, id: number, externalId: string): Promise<string | undefined> {
  const [adopted] = await tx
    .update(tickets)
    .set({ externalId })
    .where(and(eq(tickets.accountId, accountId), eq(tickets.id, id), sql`(${tickets.externalId} IS NULL OR ${tickets.externalId} = ${externalId})`))
    .returning({ ticketNumber: tickets.ticketNumber });
  return adopted?.ticketNumber;
}

/** The numbers of the account's tickets by external id: a push that names no number keeps the ticket's. */
export async function ticketNumbersByExternalId(tx: Executor, accountId: number, externalIds: readonly string[]): Promise<Map<string, string>> {
  if (externalIds.length === 0) return new Map();
  const rows = await tx
    .select({ number: tickets.ticketNumber, externalId: tickets.externalId })
    .from(tickets)
    .where(and(eq(tickets.accountId, accountId), inArray(tickets.externalId, [...externalIds])));
  return new Map(rows.map((row) => [row.externalId!, row.number]));
}

export async function ticketIdsByExternalId(tx: Executor, accountId: number, externalIds: readonly string[]): Promise<Map<string, number>> {
  if (externalIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: tickets.id, externalId: tickets.externalId })
    .from(tickets)
    .where(and(eq(tickets.accountId, accountId), inArray(tickets.externalId, [...externalIds])));
  return new Map(rows.map((row) => [row.externalId!, row.id]));
}

/** Entries by (ticket, external id); only those added or changed are returned (an identical one is left alone). */
export async function upsertEntryRows(tx: Executor, values: EntryValues[]): Promise<{ id: number; ticketId: number; created: boolean }[]> {
  if (values.length === 0) return [];
  return tx
    .insert(ticketEntries)
    .values(values)
    .onConflictDoUpdate({
      target: [ticketEntries.ticketId, ticketEntries.externalId],
      set: {
        createdBy: excluded('created_by'),
        fromAddress: excluded('from_address'),
        content: excluded('content'),
        contentIsClean: excluded('content_is_clean'),
        isInternal: excluded('is_internal'),
        visibleToCustomer: excluded('visible_to_customer'),
        updatedAt: sql`now()`,
      },
      setWhere: differsFromOffered(ticketEntries, ENTRY_FIELDS),
    })
    .returning({ id: ticketEntries.id, ticketId: ticketEntries.ticketId, created: sql<boolean>`(xmax = 0)` });
}

/** Tickets whose conversation changed move, as a customer's reply moves one. */
export async function moveTickets(tx: Executor, ticketIds: readonly number[]): Promise<void> {
  if (ticketIds.length === 0) return;
  await tx
    .update(tickets)
    .set({ lastModifiedAt: sql`now()` })
    .where(inArray(tickets.id, [...ticketIds]));
}

export async function findSyncedTicket(tx: Executor, id: number): Promise<SyncedTicketRow | undefined> {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

export async function findTicketByExternalId(tx: Executor, accountId: number, externalId: string): Promise<SyncedTicketRow | undefined> {
  const [row] = await tx
    .select()
    .from(tickets)
    .where(and(eq(tickets.accountId, accountId), eq(tickets.externalId, externalId)));
  return row;
}

export async function findEntryByExternalId(tx: Executor, ticketId: number, externalId: string): Promise<SyncedEntryRow | undefined> {
  const [row] = await tx
    .select()
    .from(ticketEntries)
    .where(and(eq(ticketEntries.ticketId, ticketId), eq(ticketEntries.externalId, externalId)));
  return row;
}

/** A page of the account's tickets by last change (the provider's change feed); `limit` rows and one more. */
export async function ticketsChangedAfter(db: Executor, accountId: number, position: FeedPosition, limit: number) {
  return db
    .select({ ticket: tickets, cursorMicros: positionMicros(tickets.lastModifiedAt) })
    .from(tickets)
    .where(and(eq(tickets.accountId, accountId), afterPosition(position, tickets.lastModifiedAt, tickets.id)))
    .orderBy(asc(tickets.lastModifiedAt), asc(tickets.id))
    .limit(limit + 1);
}

/** A page of every entry of the account's tickets by last change, the private notes included; `limit` rows and one more. */
export async function entriesChangedAfter(db: Executor, accountId: number, position: FeedPosition, limit: number) {
  return db
    .select({ entry: ticketEntries, ticketExternalId: tickets.externalId, cursorMicros: positionMicros(ticketEntries.updatedAt) })
    .from(ticketEntries)
    .innerJoin(tickets, and(eq(tickets.id, ticketEntries.ticketId), eq(tickets.accountId, ticketEntries.accountId)))
    .where(and(eq(ticketEntries.accountId, accountId), afterPosition(position, ticketEntries.updatedAt, ticketEntries.id)))
    .orderBy(asc(ticketEntries.updatedAt), asc(ticketEntries.id))
    .limit(limit + 1);
}
