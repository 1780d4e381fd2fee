import type { ProviderTicketEntryInput, ProviderTicketInput } from '@portal/contract';
import type { FeedPosition } from '../../db/change-feed.js';
import type { Database, Executor } from '../../db/client.js';
import { conflictOf } from '../../db/errors.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventOrigin } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { AppError, notFound } from '../../platform/app-error.js';
import { contactIdsByExternalId, externalIdsOfContacts, reachableContact } from '../users/index.js';
import { sanitizeTicketHtml } from './ticket-html.js';
import {
  entriesChangedAfter,
  findEntryByExternalId,
  findSyncedTicket,
  findTicketByExternalId,
  moveTickets,
  ticketIdsByExternalId,
  ticketNumbersByExternalId,
  adoptPortalTicket,
  ticketsChangedAfter,
  upsertEntryRows,
  upsertTicketRows,
  type EntryValues,
  type SyncedEntryRow,
  type SyncedTicketRow,
} from './ticket-sync.repository.js';
import { NOTHING_LEFT_AFTER_SANITIZING } from './tickets.service.js';

export type { SyncedEntryRow, SyncedTicketRow } from './ticket-sync.repository.js';
export type PushedTicket = ProviderTicketInput & { external_id: string };
export type PushedEntry = ProviderTicketEntryInput & { external_id: string };
/** Where a field error points: `subject` for one ticket, `items.3.subject` for the fourth of a bulk call. */
export type FieldOf = (index: number, field: string) => string;
export interface TicketPushed {
  external_id: string;
  id: number;
  created: boolean;
  /** Whether this call changed the ticket or its conversation. */
  changed: boolean;
}

const TICKET_NUMBER_TAKEN = 'Another ticket of this account already has this ticket number';
export const PORTAL_TICKET_NOT_ADOPTABLE = 'No ticket of this account opened in the portal has this id, or the PSA already knows it by another external id';

/**
 * The tickets the provider's PSA (the source of truth) pushes by external id, as commands (decision 0041): the same
 * rules and events whoever calls. A batch is written with one multi-row upsert per table, in one transaction: all or none.
 * Only a single entry's push (`pushEntry`) is news for the customer (a technician's reply, mailed and sent to webhooks);
 * a ticket's or a batch's entries are the PSA's record brought in line, which may be years of history.
 */
export function createTicketSync({ db, events }: { db: Database; events: EventRecorder }) {
  /** Tickets with their entries; results in the order of the items, each saying whether it changed anything. */
  async function writeTickets(tx: Executor, accountId: number, items: PushedTicket[], fieldOf: FieldOf): Promise<TicketPushed[]> {
    const assignees = await contactIdsByExternalId(
      tx,
      accountId,
      items.map((item) => item.assigned_contact_external_id).filter((id): id is string => Boolean(id)),
    );
    const descriptions = await Promise.all(items.map((item, index) => clean(item.description, fieldOf(index, 'description'))));
    // A ticket the customer opened in the portal, adopted by its first push (the portal's id, from ticket.created).
    for (const [index, item] of items.entries()) {
      if (item.portal_ticket_id === undefined) continue;
      if ((await adoptPortalTicket(tx, accountId, item.portal_ticket_id, item.external_id)) === undefined) {
        throw new AppError('validation_failed', PORTAL_TICKET_NOT_ADOPTABLE, { [fieldOf(index, 'portal_ticket_id')]: PORTAL_TICKET_NOT_ADOPTABLE });
      }
    }
    // A push that names no number keeps the ticket's (a portal ticket's TKT-…, or one the PSA named before).
    const numbers = await ticketNumbersByExternalId(
      tx,
      accountId,
      items.filter((item) => item.ticket_number === undefined).map((item) => item.external_id),
    );
    const values = items.map((item, index) => {
      const assigned = item.assigned_contact_external_id;
      if (assigned && !assignees.has(assigned)) {
        const message = `No contact of this account has the external id ${assigned}`;
        throw new AppError('validation_failed', message, { [fieldOf(index, 'assigned_contact_external_id')]: message });
      }
      return {
        accountId,
        externalId: item.external_id,
        ticketNumber: item.ticket_number ?? numbers.get(item.external_id) ?? `PSA-${item.external_id}`,
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
        // Left out, the columns' defaults: now.
        createdAt: item.created_at ? new Date(item.created_at) : undefined,
      };
    });
    const written = await upsertTicketRows(tx, values);
    const writtenByExternalId = new Map(written.map((row) => [row.externalId, row]));
    const idOf = new Map(written.map((row) => [row.externalId, row.id]));
    const unchanged = items.map((item) => item.external_id).filter((externalId) => !writtenByExternalId.has(externalId));
    for (const [externalId, id] of await ticketIdsByExternalId(tx, accountId, unchanged)) idOf.set(externalId, id);

    const entries = await Promise.all(
      items.flatMap((item, index) =>
        (item.entries ?? []).map((entry, e) =>
          entryValues(accountId, idOf.get(item.external_id)!, { ...entry }, (name) => fieldOf(index, `entries.${e}.${name}`)),
        ),
      ),
    );
    const entriesWritten = await upsertEntryRows(tx, entries);
    // A ticket left alone whose conversation changed moves all the same.
    const entriesChanged = new Set(entriesWritten.map((entry) => entry.ticketId));
    const ticketsWritten = new Set(written.map((row) => row.id));
    await moveTickets(
      tx,
      [...entriesChanged].filter((ticketId) => !ticketsWritten.has(ticketId)),
    );
    return items.map((item) => {
      const row = writtenByExternalId.get(item.external_id);
      const id = idOf.get(item.external_id)!;
      return { external_id: item.external_id, id, created: row?.created ?? false, changed: row !== undefined || entriesChanged.has(id) };
    });
  }

  /** A ticket number another ticket of the account has is a 409 on the field (the unique index decides a race). */
  async function withTicketNumberRule<T>(work: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(db, work);
    } catch (error) {
      throw conflictOf(error, { tickets_account_id_ticket_number_key: { field: 'ticket_number', message: TICKET_NUMBER_TAKEN } });
    }
  }

  /** The ticket's contact, by the provider's id of them. */
  async function withAssignee(executor: Executor, row: SyncedTicketRow) {
    const externalIds = row.assignedContactId
      ? await externalIdsOfContacts(executor, row.accountId, [row.assignedContactId])
      : new Map<number, string | null>();
    return { row, assignedExternalId: row.assignedContactId ? (externalIds.get(row.assignedContactId) ?? null) : null };
  }

  return {
    /** One ticket with its entries; an identical push changes nothing and records nothing. */
    async pushTicket(by: EventOrigin, accountId: number, item: PushedTicket) {
      return withTicketNumberRule(async (tx) => {
        // The status before, so that a change of it is news to the ticket's contact (issue 35).
        const before =
          (await findTicketByExternalId(tx, accountId, item.external_id)) ??
          (item.portal_ticket_id === undefined ? undefined : await findSyncedTicket(tx, item.portal_ticket_id));
        const [result] = await writeTickets(tx, accountId, [item], (_, field) => field);
        const after = (await findSyncedTicket(tx, result!.id))!;
        if (result!.changed) {
          await events.record(tx, {
            type: 'ticket.pushed',
            accountId,
            ...by,
            data: {
              ticket_id: result!.id,
              external_id: item.external_id,
              created: result!.created,
              entries: item.entries?.length ?? 0,
              status_from: before && before.status !== after.status ? before.status : null,
              status: after.status,
              ticket_number: after.ticketNumber,
              subject: after.subject,
              contact_id: after.assignedContactId,
            },
          });
        }
        return { created: result!.created, ...(await withAssignee(tx, after)) };
      });
    },

    /** Up to 1,000 tickets in one transaction, all or none; the batch is recorded as one event with its counts. */
    async pushTickets(by: EventOrigin, accountId: number, items: PushedTicket[], fieldOf: FieldOf): Promise<TicketPushed[]> {
      return withTicketNumberRule(async (tx) => {
        const results = await writeTickets(tx, accountId, items, fieldOf);
        const created = results.filter((result) => result.created).length;
        const changed = results.filter((result) => result.changed).length;
        await events.record(tx, {
          type: 'tickets.bulk_pushed',
          accountId,
          ...by,
          data: { created, updated: results.length - created, unchanged: results.length - changed },
        });
        return results;
      });
    },

    /**
     * One entry of a ticket's conversation, by the ticket's and the entry's external ids. An identical entry is left
     * alone (the ticket does not move, nothing is recorded); a new one the customer may read is a reply they are told of.
     */
    async pushEntry(by: EventOrigin, accountId: number, ticketExternalId: string, entry: PushedEntry): Promise<{ created: boolean; row: SyncedEntryRow }> {
      return inTransaction(db, async (tx) => {
        const ticket = await findTicketByExternalId(tx, accountId, ticketExternalId);
        if (!ticket) throw notFound(`The ticket with external id ${ticketExternalId}`);
        const [result] = await upsertEntryRows(tx, [await entryValues(accountId, ticket.id, entry, (name) => name)]);
        const row = (await findEntryByExternalId(tx, ticket.id, entry.external_id))!;
        if (result) {
          await moveTickets(tx, [ticket.id]);
          // A new entry the customer reads (a technician's reply, 'Internal' badge or not) is news; a private note is not.
          const news = result.created && row.visibleToCustomer;
          const notify = news && ticket.assignedContactId ? await reachableContact(tx, accountId, ticket.assignedContactId) : undefined;
          await events.record(tx, {
            type: 'ticket.entry_pushed',
            accountId,
            ...by,
            data: {
              ticket: {
                id: ticket.id,
                external_id: ticket.externalId,
                ticket_number: ticket.ticketNumber,
                subject: ticket.subject,
                status: ticket.status,
                priority: ticket.priority,
              },
              entry: {
                id: row.id,
                external_id: entry.external_id,
                created_by: row.createdBy,
                author_email: row.fromAddress,
                content: row.content,
                is_internal: row.isInternal,
                visible_to_customer: row.visibleToCustomer,
              },
              created: result.created,
              notify: notify ?? null,
            },
          });
        }
        return { created: result?.created ?? false, row };
      });
    },

    /** The account's tickets changed at or after a position, oldest change first, with their contacts' external ids. */
    async changedTickets(accountId: number, position: FeedPosition, limit: number) {
      const rows = await ticketsChangedAfter(db, accountId, position, limit);
      const assigned = rows.map((r) => r.ticket.assignedContactId).filter((id): id is number => id !== null);
      const externalIds = await externalIdsOfContacts(db, accountId, assigned);
      return rows.map((r) => ({ ...r, assignedExternalId: r.ticket.assignedContactId ? (externalIds.get(r.ticket.assignedContactId) ?? null) : null }));
    },

    /** Every entry of the account's tickets changed at or after a position, the private notes included. */
    changedEntries: (accountId: number, position: FeedPosition, limit: number) => entriesChangedAfter(db, accountId, position, limit),
  };
}
export type TicketSync = ReturnType<typeof createTicketSync>;

/** An entry's row, its HTML cleaned on the way in exactly as the customers' is (the same allow-list). */
async function entryValues(accountId: number, ticketId: number, entry: PushedEntry, field: (name: string) => string): Promise<EntryValues> {
  return {
    accountId,
    ticketId,
    externalId: entry.external_id,
    createdBy: entry.author_name,
    fromAddress: entry.author_email,
    content: await clean(entry.content, field('content')),
    contentIsClean: true,
    isInternal: entry.is_internal,
    visibleToCustomer: entry.visible_to_customer,
    createdAt: entry.created_at ? new Date(entry.created_at) : undefined,
  };
}

async function clean(text: string, field: string): Promise<string> {
  const result = await sanitizeTicketHtml(text);
  if (result === '' && text.trim() !== '') throw new AppError('validation_failed', NOTHING_LEFT_AFTER_SANITIZING, { [field]: NOTHING_LEFT_AFTER_SANITIZING });
  return result;
}
