import {
  isClosedTicketStatus,
  TICKET_CONVERSATION_PAGE,
  type ConversationEntry,
  type ConversationPage,
  type ListedTicket,
  type Ticket,
  type TicketList,
  type TicketSummary,
  type z,
} from '@portal/contract';
import type { conversationPageQuery, newTicketInput, ticketListQuery } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../platform/app-error.js';
import { fullName, type Caller } from '../auth/index.js';
import { contactActor } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { decodeTicketCursor } from './ticket-cursor.js';
import { cursorAfter } from './ticket-cursor.repository.js';
import { parseTicketSearch } from './ticket-search.js';
import { sanitizeTicketHtml } from './ticket-html.js';
import { ticketScopeOf, ticketsScopeName } from './tickets.policy.js';
import { createTicketFeedback, ratingAsked, ratingWire, reopenUntil } from './ticket-feedback.js';
import { findRating } from './ticket-feedback.repository.js';
import type { TicketAttachments } from './attachments.js';
import {
  findTicket,
  insertTicket,
  insertTicketEntry,
  listTicketEntries,
  listTickets,
  lockTicket,
  lockTicketNumbers,
  nextTicketNumber,
  ticketPeople,
  touchTicket,
  type TicketEntryRow,
  type TicketRow,
} from './tickets.repository.js';

/** Marks an entry written through the portal (docs/product.md §2). */
export const PORTAL_AUTHOR_SUFFIX = ' (Customer Portal)';
export const TICKET_NOT_FOUND = 'Ticket not found';
/** docs/decisions/0018: a closed ticket takes no more replies; the help desk's work on it is done (and may be billed). */
export const CLOSED_TICKET_TAKES_NO_REPLIES = 'This ticket is closed and no longer takes replies. If you still need help, please open a follow-up ticket.';
export const NOTHING_LEFT_AFTER_SANITIZING = 'Your text has nothing left to show once unsafe HTML is removed. Please write it as plain text.';
/** Larger than any id PostgreSQL's integer holds: such a ticket cannot exist. */
const MAX_ID = 2_147_483_647;

export type TicketService = ReturnType<typeof createTicketService>;

/** `providerDomain`: the provider's e-mail domain, which marks its people's entries (docs/product.md §2). */
export function createTicketService({
  db,
  providerDomain,
  events,
  attachments,
}: {
  db: Database;
  providerDomain: string;
  events: EventRecorder;
  attachments: TicketAttachments;
}) {
  const feedback = createTicketFeedback({ db, events, providerDomain });

  async function visibleTicket(caller: Caller, id: number): Promise<TicketRow> {
    const row = id <= MAX_ID ? await findTicket(db, ticketScopeOf(caller), id) : undefined;
    // The same answer for "no such ticket", "another account's" and "not assigned to you".
    if (!row) throw new AppError('not_found', TICKET_NOT_FOUND);
    return row;
  }

  /**
   * The ticket with the newest page of its conversation. Both are read at once; the entries are
   * only used once the ticket is known to be the caller's (they are read by account and ticket).
   */
  async function ticketWithConversation(caller: Caller, id: number): Promise<Ticket> {
    if (id > MAX_ID) throw new AppError('not_found', TICKET_NOT_FOUND);
    const [row, slice, rating, files] = await Promise.all([
      findTicket(db, ticketScopeOf(caller), id),
      listTicketEntries(db, caller.accountId, id, { limit: TICKET_CONVERSATION_PAGE }),
      findRating(db, caller.accountId, id),
      attachments.ofTicket(caller.accountId, id),
    ]);
    if (!row) throw new AppError('not_found', TICKET_NOT_FOUND);
    return {
      ...(await toSummary(row)),
      attachments: files.get(null) ?? [],
      conversation: await Promise.all(slice.entries.map(async (entry) => ({ ...(await toConversationEntry(entry)), attachments: files.get(entry.id) ?? [] }))),
      conversation_has_more: slice.hasMore,
      resolved_by_customer: row.customerResolvedAt
        ? {
            resolved_date: row.customerResolvedAt.toISOString(),
            note: row.customerResolutionNote,
            reopen_until: reopenUntil(row.customerResolvedAt).toISOString(),
          }
        : null,
      rating: rating ? ratingWire(rating) : null,
      rating_asked: ratingAsked(caller, row, rating),
    };
  }

  return {
    async list(caller: Caller, query: z.output<typeof ticketListQuery>): Promise<TicketList> {
      const scope = ticketScopeOf(caller);
      const { rows, totalCount, capped } = await listTickets(db, scope, {
        status: query.status,
        sort: query.sort,
        limit: query.limit,
        offset: query.offset,
        search: query.search ? parseTicketSearch(query.search) : undefined,
        ...(query.after ? { after: decodeTicketCursor(query.after, query.sort) } : {}),
      });
      // A full page may have a next one: where it starts (issue 36).
      const last = rows.length === query.limit ? rows[rows.length - 1] : undefined;
      const nextCursor = last ? await cursorAfter(db, query.sort, last.id) : null;
      const people = await ticketPeople(
        db,
        caller.accountId,
        rows.map((row) => row.id),
        providerDomain,
      );
      const listed = await Promise.all(
        rows.map(async (row): Promise<ListedTicket> => {
          const of = people.get(row.id);
          return {
            ...(await toSummary(row)),
            raised_by: of?.raisedBy ?? null,
            handled_by: of?.handledBy ?? null,
            waiting_for_customer: of?.waitingForCustomer ?? false,
          };
        }),
      );
      return {
        tickets: listed,
        total_count: totalCount,
        total_count_capped: capped,
        is_admin_view: scope.isAdminView,
        tickets_scope: ticketsScopeName(scope),
        next_cursor: nextCursor,
      };
    },

    async get(caller: Caller, id: number): Promise<Ticket> {
      return ticketWithConversation(caller, id);
    },

    /** Older entries of a visible ticket's conversation, before the entry given (docs/decisions/0027). */
    async conversation(caller: Caller, id: number, page: z.output<typeof conversationPageQuery>): Promise<ConversationPage> {
      const row = await visibleTicket(caller, id);
      const [slice, files] = await Promise.all([listTicketEntries(db, caller.accountId, row.id, page), attachments.ofTicket(caller.accountId, row.id)]);
      return {
        entries: await Promise.all(slice.entries.map(async (entry) => ({ ...(await toConversationEntry(entry)), attachments: files.get(entry.id) ?? [] }))),
        has_more: slice.hasMore,
      };
    },

    /**
     * Adds the caller's response on top of the conversation and moves the ticket's last-modified time.
     * A closed ticket refuses it (409, docs/decisions/0018); the screen offers a follow-up ticket instead.
     */
    async respond(caller: Caller, id: number, text: string, meta: ClientMeta, attachmentIds?: number[]): Promise<Ticket> {
      const content = await cleanText(text, 'description');
      const row = await visibleTicket(caller, id);
      if (isClosedTicketStatus(row.status)) throw new AppError('conflict', CLOSED_TICKET_TAKES_NO_REPLIES);
      await inTransaction(db, async (tx) => {
        // The status read above may be stale: a close may have committed since. Read it again under the ticket's lock,
        // which a status change (the provider's push, the customer's own resolve) takes too.
        const locked = await lockTicket(tx, caller.accountId, row.id);
        if (!locked) throw new AppError('not_found', TICKET_NOT_FOUND);
        if (isClosedTicketStatus(locked.status)) throw new AppError('conflict', CLOSED_TICKET_TAKES_NO_REPLIES);
        await feedback.reopenByReply(tx, caller, ticketRef(row), locked, meta);
        const createdBy = `${fullName(caller)}${PORTAL_AUTHOR_SUFFIX}`;
        const entryId = await insertTicketEntry(tx, {
          accountId: caller.accountId,
          ticketId: row.id,
          createdBy,
          fromAddress: caller.email,
          content,
          isInternal: false,
        });
        // The reply's files, uploaded beforehand, become the entry's in this transaction: all of them or no reply.
        const files = await attachments.claim(tx, { accountId: caller.accountId, contactId: caller.contactId }, attachmentIds, { ticketId: row.id, entryId });
        await touchTicket(tx, caller.accountId, row.id);
        await events.record(tx, {
          type: 'ticket.replied',
          accountId: caller.accountId,
          actor: contactActor(caller),
          meta,
          data: { ticket: ticketRef(row), entry: { id: entryId, created_by: createdBy, content }, contact_id: row.assignedContactId, attachments: files },
        });
      });
      return ticketWithConversation(caller, id);
    },

    /** The caller marks the ticket resolved (docs/decisions/0047); the status stays the provider's. */
    async resolve(caller: Caller, id: number, note: string | undefined, meta: ClientMeta): Promise<Ticket> {
      const row = await visibleTicket(caller, id);
      await feedback.resolve(caller, ticketRef(row), note, meta);
      return ticketWithConversation(caller, id);
    },

    async reopen(caller: Caller, id: number, meta: ClientMeta): Promise<Ticket> {
      const row = await visibleTicket(caller, id);
      await feedback.reopen(caller, ticketRef(row), meta);
      return ticketWithConversation(caller, id);
    },

    /** "How did we do?": the ticket's contact rates it once its work is complete, and may change it for 7 days. */
    async rate(caller: Caller, id: number, input: { score: number; comment?: string | undefined }, meta: ClientMeta): Promise<Ticket> {
      const row = await visibleTicket(caller, id);
      await feedback.rate(caller, ticketRef(row), input, meta);
      return ticketWithConversation(caller, id);
    },

    /** Opens a ticket assigned to the caller (so a non-administrator sees it too). */
    async create(caller: Caller, input: z.output<typeof newTicketInput>, meta: ClientMeta): Promise<Ticket> {
      const description = await cleanText(input.description, 'description');
      const id = await inTransaction(db, async (tx) => {
        await lockTicketNumbers(tx, caller.accountId);
        const ticketNumber = await nextTicketNumber(tx, caller.accountId);
        const ticketId = await insertTicket(tx, {
          accountId: caller.accountId,
          ticketNumber,
          subject: input.subject,
          description,
          priority: input.priority,
          assignedContactId: caller.contactId,
        });
        const files = await attachments.claim(tx, { accountId: caller.accountId, contactId: caller.contactId }, input.attachment_ids, {
          ticketId,
          entryId: null,
        });
        await events.record(tx, {
          type: 'ticket.opened',
          accountId: caller.accountId,
          actor: contactActor(caller),
          meta,
          data: {
            // Opened in the portal: the provider's systems have no id of it yet.
            ticket: {
              id: ticketId,
              external_id: null,
              ticket_number: ticketNumber,
              subject: input.subject,
              status: 'New',
              priority: input.priority,
              description,
            },
            attachments: files,
          },
        });
        return ticketId;
      });
      return ticketWithConversation(caller, id);
    },
  };
}

/** The text as the contract's schema left it (trimmed), reduced to the HTML allow-list (the provider API cleans its tickets the same way). */
export async function cleanText(text: string, field: string): Promise<string> {
  const clean = await sanitizeTicketHtml(text);
  if (clean === '') throw new AppError('validation_failed', NOTHING_LEFT_AFTER_SANITIZING, { [field]: NOTHING_LEFT_AFTER_SANITIZING });
  return clean;
}

const ticketRef = (row: TicketRow) => ({
  id: row.id,
  external_id: row.externalId,
  ticket_number: row.ticketNumber,
  subject: row.subject,
  status: row.status,
  priority: row.priority,
});

async function toSummary(row: TicketRow): Promise<TicketSummary> {
  return {
    id: row.id,
    ticket_number: row.ticketNumber,
    subject: row.subject,
    status: row.status,
    priority: row.priority,
    // Sanitized when written, or now for rows written by other paths (docs/decisions/0007, 0027).
    description: row.descriptionIsClean ? row.description : await sanitizeTicketHtml(row.description),
    created_date: row.createdAt.toISOString(),
    last_modified_date: row.lastModifiedAt.toISOString(),
    due_date: row.dueDate?.toISOString() ?? null,
    is_billable: row.isBillable,
    is_taxable: row.isTaxable,
    time_rounded: row.timeRounded,
  };
}

async function toConversationEntry(row: TicketEntryRow): Promise<ConversationEntry> {
  return {
    id: row.id,
    created_by: row.createdBy,
    from_address: row.fromAddress,
    created_date: row.createdAt.toISOString(),
    updated_date: row.updatedAt.toISOString(),
    content: row.contentIsClean ? row.content : await sanitizeTicketHtml(row.content),
    is_internal: row.isInternal,
  };
}
