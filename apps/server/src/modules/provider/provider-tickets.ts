import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  ProviderBulkResult,
  ProviderListQuery,
  ProviderTicket,
  ProviderTicketEntry,
  ProviderTicketEntryInput,
  ProviderTicketInput,
} from '@portal/contract';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { contacts, ticketEntries, tickets } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { sanitizeTicketHtml } from '../tickets/ticket-html.js';
import { NOTHING_LEFT_AFTER_SANITIZING } from '../tickets/tickets.service.js';
import type { ProviderCaller } from './api-keys.js';
import { bulkField, bulkResult, refuseDuplicates, unchangedCount } from './provider-bulk.js';
import { accountIdOf, conflictOf, cursorMicros, differsFromOffered, pageConditions, recordProviderChange, toPage } from './provider-support.js';

type TicketRow = typeof tickets.$inferSelect;
type EntryRow = typeof ticketEntries.$inferSelect;
type TicketItem = ProviderTicketInput & { external_id: string };
type EntryItem = ProviderTicketEntryInput & { external_id: string };
/** Where a field error points: `subject` for one ticket, `items.3.subject` for the fourth of a bulk call. */
type FieldOf = (index: number, field: string) => string;

const ticketNumberTaken = 'Another ticket of this account already has this ticket number';

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

interface TicketUpserted {
  external_id: string;
  id: number;
  created: boolean;
  /** Whether this call changed the ticket or its conversation. */
  changed: boolean;
}

export function ticketWire(row: TicketRow, assignedExternalId: string | null): ProviderTicket {
  return {
    id: row.id,
    external_id: row.externalId,
    ticket_number: row.ticketNumber,
    subject: row.subject,
    description: row.description,
    status: row.status,
    priority: row.priority,
    due_date: row.dueDate?.toISOString() ?? null,
    time_logged_hours: row.timeRounded,
    is_billable: row.isBillable,
    is_taxable: row.isTaxable,
    assigned_contact_id: row.assignedContactId,
    assigned_contact_external_id: assignedExternalId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.lastModifiedAt.toISOString(),
  };
}

export function entryWire(row: EntryRow, ticketExternalId: string | null): ProviderTicketEntry {
  return {
    id: row.id,
    external_id: row.externalId,
    ticket_id: row.ticketId,
    ticket_external_id: ticketExternalId,
    author_name: row.createdBy,
    author_email: row.fromAddress,
    content: row.content,
    visible_to_customer: row.visibleToCustomer,
    is_internal: row.isInternal,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Ticket HTML is cleaned on the way in exactly as the customers' is (the same allow-list). */
async function clean(text: string, field: string, required: boolean): Promise<string> {
  const result = await sanitizeTicketHtml(text);
  if (required && result === '' && text.trim() !== '')
    throw new AppError('validation_failed', NOTHING_LEFT_AFTER_SANITIZING, { [field]: NOTHING_LEFT_AFTER_SANITIZING });
  return result;
}

/**
 * Tickets and their conversation, pushed by the provider's PSA (the source of truth) by external
 * id. A whole batch is written with one multi-row upsert per table, in one transaction: all or none.
 */
export function createProviderTickets(db: Database) {
  /**
   * Tickets with their entries, one multi-row upsert per table. A ticket whose fields and entries
   * are as stored is left alone (no `last_modified_at` move, so `updated_since` does not list it
   * again); a ticket one of whose entries was added or changed moves, as a customer's reply moves it.
   * Results are in the order of the items, each saying whether it changed anything.
   */
  async function upsertTickets(tx: Executor, accountId: number, items: TicketItem[], fieldOf: FieldOf): Promise<TicketUpserted[]> {
    refuseDuplicates(
      items.map((item) => item.external_id),
      (i) => fieldOf(i, 'external_id'),
      'External id',
    );
    refuseDuplicates(
      items.map((item) => item.ticket_number ?? `PSA-${item.external_id}`),
      (i) => fieldOf(i, 'ticket_number'),
      'Ticket number',
    );
    const assignees = await contactIdsByExternalId(
      tx,
      accountId,
      items.map((item) => item.assigned_contact_external_id).filter((id): id is string => Boolean(id)),
    );
    const descriptions = await Promise.all(items.map((item, index) => clean(item.description, fieldOf(index, 'description'), true)));
    const values = items.map((item, index) => {
      const assigned = item.assigned_contact_external_id;
      if (assigned && !assignees.has(assigned)) {
        const message = `No contact of this account has the external id ${assigned}`;
        throw new AppError('validation_failed', message, { [fieldOf(index, 'assigned_contact_external_id')]: message });
      }
      return {
        accountId,
        externalId: item.external_id,
        ticketNumber: item.ticket_number ?? `PSA-${item.external_id}`,
        subject: item.subject,
        description: descriptions[index]!,
        descriptionIsClean: true,
        status: item.status,
        priority: item.priority,
        dueDate: item.due_date ? new Date(item.due_date) : null,
        timeRounded: item.time_logged_hours,
        isBillable: item.is_billable,
        isTaxable: item.is_taxable,
        assignedContactId: assigned ? assignees.get(assigned)! : null,
        createdAt: item.created_at ? new Date(item.created_at) : sql`now()`,
        lastModifiedAt: sql`now()`,
      };
    });
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
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
    const writtenByExternalId = new Map(written.map((row) => [row.externalId!, row]));
    const unchanged = items.map((item) => item.external_id).filter((externalId) => !writtenByExternalId.has(externalId));
    const idOf = new Map(written.map((row) => [row.externalId!, row.id]));
    if (unchanged.length > 0) {
      const rows = await tx
        .select({ id: tickets.id, externalId: tickets.externalId })
        .from(tickets)
        .where(and(eq(tickets.accountId, accountId), inArray(tickets.externalId, unchanged)));
      rows.forEach((row) => idOf.set(row.externalId!, row.id));
    }
    const entries = items.flatMap((item, index) =>
      (item.entries ?? []).map((entry, e) => ({
        entry,
        ticketId: idOf.get(item.external_id)!,
        field: (name: string) => fieldOf(index, `entries.${e}.${name}`),
      })),
    );
    for (const [index, item] of items.entries()) {
      refuseDuplicates(
        (item.entries ?? []).map((entry) => entry.external_id),
        (e) => fieldOf(index, `entries.${e}.external_id`),
        'Entry external id',
      );
    }
    const entriesWritten = await upsertEntries(tx, accountId, entries);
    // A ticket left alone whose conversation changed moves all the same.
    const entriesChanged = new Set(entriesWritten.map((entry) => entry.ticketId));
    const ticketsWritten = new Set(written.map((row) => row.id));
    const movedByEntries = [...entriesChanged].filter((ticketId) => !ticketsWritten.has(ticketId));
    if (movedByEntries.length > 0)
      await tx
        .update(tickets)
        .set({ lastModifiedAt: sql`now()` })
        .where(inArray(tickets.id, movedByEntries));
    return items.map((item) => {
      const row = writtenByExternalId.get(item.external_id);
      const id = idOf.get(item.external_id)!;
      return { external_id: item.external_id, id, created: row?.created ?? false, changed: row !== undefined || entriesChanged.has(id) };
    });
  }

  /** Entries by (ticket, external id); only those added or changed are returned (an identical one is left alone). */
  async function upsertEntries(tx: Executor, accountId: number, entries: { entry: EntryItem; ticketId: number; field: (name: string) => string }[]) {
    if (entries.length === 0) return [];
    const excluded = (column: string) => sql.raw(`excluded.${column}`);
    const contents = await Promise.all(entries.map(({ entry, field }) => clean(entry.content, field('content'), true)));
    return tx
      .insert(ticketEntries)
      .values(
        entries.map(({ entry, ticketId }, index) => ({
          accountId,
          ticketId,
          externalId: entry.external_id,
          createdBy: entry.author_name,
          fromAddress: entry.author_email,
          content: contents[index]!,
          contentIsClean: true,
          isInternal: entry.is_internal,
          visibleToCustomer: entry.visible_to_customer,
          createdAt: entry.created_at ? new Date(entry.created_at) : sql`now()`,
        })),
      )
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

  /** A ticket number another ticket of the account has is a 409 on the field (the unique index decides a race). */
  async function withTicketNumberRule<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(db, work);
    } catch (error) {
      throw conflictOf(error, { tickets_account_id_ticket_number_key: { field: 'ticket_number', message: ticketNumberTaken } });
    }
  }

  const assigneeAlias = alias(contacts, 'assignee');

  async function readTicket(executor: Executor, id: number): Promise<ProviderTicket> {
    const [row] = await executor
      .select({ ticket: tickets, assigned: assigneeAlias.externalId })
      .from(tickets)
      .leftJoin(assigneeAlias, eq(assigneeAlias.id, tickets.assignedContactId))
      .where(eq(tickets.id, id));
    return ticketWire(row!.ticket, row!.assigned);
  }

  return {
    async upsert(
      provider: ProviderCaller,
      accountExternalId: string,
      externalId: string,
      input: ProviderTicketInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderTicket }> {
      const accountId = await accountIdOf(db, accountExternalId);
      return withTicketNumberRule(async (tx) => {
        const [result] = await upsertTickets(tx, accountId, [{ ...input, external_id: externalId }], (_, field) => field);
        // An identical push changes nothing, so there is nothing to record.
        if (result!.changed) {
          await recordProviderChange(tx, provider, meta, result!.created ? 'provider.ticket_created' : 'provider.ticket_updated', accountId, {
            ticket_id: result!.id,
            external_id: externalId,
            entries: input.entries?.length ?? 0,
          });
        }
        return { created: result!.created, item: await readTicket(tx, result!.id) };
      });
    },

    async bulk(provider: ProviderCaller, accountExternalId: string, items: TicketItem[], meta: ClientMeta): Promise<ProviderBulkResult> {
      const accountId = await accountIdOf(db, accountExternalId);
      return withTicketNumberRule(async (tx) => {
        const results = await upsertTickets(tx, accountId, items, bulkField);
        const answer = bulkResult(results.map(({ external_id, id, created }) => ({ external_id, id, created })));
        await recordProviderChange(tx, provider, meta, 'provider.tickets_bulk', accountId, {
          created: answer.created,
          updated: answer.updated,
          unchanged: unchangedCount(results),
        });
        return answer;
      });
    },

    async upsertEntry(
      provider: ProviderCaller,
      params: { account_external_id: string; ticket_external_id: string; external_id: string },
      input: ProviderTicketEntryInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderTicketEntry }> {
      const accountId = await accountIdOf(db, params.account_external_id);
      return inTransaction(db, async (tx) => {
        const [ticket] = await tx
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.accountId, accountId), eq(tickets.externalId, params.ticket_external_id)));
        if (!ticket) throw notFound(`The ticket with external id ${params.ticket_external_id}`);
        const [result] = await upsertEntries(tx, accountId, [
          { entry: { ...input, external_id: params.external_id }, ticketId: ticket.id, field: (name) => name },
        ]);
        // An identical entry is left alone: the ticket does not move and there is nothing to record.
        if (result) {
          await tx
            .update(tickets)
            .set({ lastModifiedAt: sql`now()` })
            .where(eq(tickets.id, ticket.id));
          await recordProviderChange(tx, provider, meta, result.created ? 'provider.ticket_entry_created' : 'provider.ticket_entry_updated', accountId, {
            ticket_id: ticket.id,
            entry_id: result.id,
            external_id: params.external_id,
          });
        }
        const [row] = await tx
          .select()
          .from(ticketEntries)
          .where(and(eq(ticketEntries.ticketId, ticket.id), eq(ticketEntries.externalId, params.external_id)));
        return { created: result?.created ?? false, item: entryWire(row!, params.ticket_external_id) };
      });
    },

    async list(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await db
        .select({ ticket: tickets, assigned: assigneeAlias.externalId, cursorMicros: cursorMicros(tickets.lastModifiedAt) })
        .from(tickets)
        .leftJoin(assigneeAlias, eq(assigneeAlias.id, tickets.assignedContactId))
        .where(and(eq(tickets.accountId, accountId), pageConditions(query, tickets.lastModifiedAt, tickets.id)))
        .orderBy(asc(tickets.lastModifiedAt), asc(tickets.id))
        .limit(query.limit + 1);
      return toPage(
        rows,
        query.limit,
        (r) => r.ticket.id,
        (r) => ticketWire(r.ticket, r.assigned),
      );
    },

    /** Every entry of the account's tickets, the customers' replies and the private notes alike. */
    async listEntries(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await db
        .select({ entry: ticketEntries, ticketExternalId: tickets.externalId, cursorMicros: cursorMicros(ticketEntries.updatedAt) })
        .from(ticketEntries)
        .innerJoin(tickets, and(eq(tickets.id, ticketEntries.ticketId), eq(tickets.accountId, ticketEntries.accountId)))
        .where(and(eq(ticketEntries.accountId, accountId), pageConditions(query, ticketEntries.updatedAt, ticketEntries.id)))
        .orderBy(asc(ticketEntries.updatedAt), asc(ticketEntries.id))
        .limit(query.limit + 1);
      return toPage(
        rows,
        query.limit,
        (r) => r.entry.id,
        (r) => entryWire(r.entry, r.ticketExternalId),
      );
    },
  };
}

async function contactIdsByExternalId(tx: Executor, accountId: number, externalIds: string[]): Promise<Map<string, number>> {
  if (externalIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: contacts.id, externalId: contacts.externalId })
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), inArray(contacts.externalId, [...new Set(externalIds)])));
  return new Map(rows.map((row) => [row.externalId!, row.id]));
}
