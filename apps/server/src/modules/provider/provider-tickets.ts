import type {
  ProviderBulkResult,
  ProviderListQuery,
  ProviderRating,
  ProviderRatingsQuery,
  ProviderTicket,
  ProviderTicketEntry,
  ProviderTicketEntryInput,
  ProviderTicketInput,
} from '@portal/contract';
import type { Database } from '../../db/client.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import {
  listRatings,
  ratingFigures,
  type PushedTicket,
  type RatingFilter,
  type SyncedEntryRow,
  type SyncedTicketRow,
  type TicketSync,
} from '../tickets/index.js';
import type { ProviderCaller } from './api-keys.js';
import { bulkField, bulkResult, refuseDuplicates } from './provider-bulk.js';
import { accountIdOf, feedPosition, toPage, byKey } from './provider-support.js';

export function ticketWire(row: SyncedTicketRow, assignedExternalId: string | null): ProviderTicket {
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
    resolved_by_customer: row.customerResolvedAt ? { resolved_at: row.customerResolvedAt.toISOString(), note: row.customerResolutionNote } : null,
    customer_reopened_at: row.customerReopenedAt?.toISOString() ?? null,
  };
}

export function entryWire(row: SyncedEntryRow, ticketExternalId: string | null): ProviderTicketEntry {
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

/** Two items of one call naming the same record (a ticket, a ticket number, an entry of one ticket) would write it twice: refused, naming both. */
function refuseDuplicateItems(items: PushedTicket[], fieldOf: (index: number, field: string) => string): void {
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
  for (const [index, item] of items.entries()) {
    refuseDuplicates(
      (item.entries ?? []).map((entry) => entry.external_id),
      (e) => fieldOf(index, `entries.${e}.external_id`),
      'Entry external id',
    );
  }
}

/**
 * The provider API's tickets (decision 0025): the PSA's tickets and conversations by external id. What is the
 * provider's own stays here (its key, external ids, bulk framing, cursors and wire shapes); what happens to a ticket
 * is the tickets module's commands (decision 0041), the same rules and events as every other caller.
 */
export function createProviderTickets(db: Database, sync: TicketSync) {
  return {
    async upsert(
      provider: ProviderCaller,
      accountExternalId: string,
      externalId: string,
      input: ProviderTicketInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderTicket }> {
      const item = { ...input, external_id: externalId };
      const accountId = await accountIdOf(db, accountExternalId);
      refuseDuplicateItems([item], (_, field) => field);
      const { created, row, assignedExternalId } = await sync.pushTicket(byKey(provider, meta), accountId, item);
      return { created, item: ticketWire(row, assignedExternalId) };
    },

    async bulk(provider: ProviderCaller, accountExternalId: string, items: PushedTicket[], meta: ClientMeta): Promise<ProviderBulkResult> {
      const accountId = await accountIdOf(db, accountExternalId);
      refuseDuplicateItems(items, bulkField);
      const results = await sync.pushTickets(byKey(provider, meta), accountId, items, bulkField);
      return bulkResult(results.map(({ external_id, id, created }) => ({ external_id, id, created })));
    },

    async upsertEntry(
      provider: ProviderCaller,
      params: { account_external_id: string; ticket_external_id: string; external_id: string },
      input: ProviderTicketEntryInput,
      meta: ClientMeta,
    ): Promise<{ created: boolean; item: ProviderTicketEntry }> {
      const accountId = await accountIdOf(db, params.account_external_id);
      const { created, row } = await sync.pushEntry(byKey(provider, meta), accountId, params.ticket_external_id, { ...input, external_id: params.external_id });
      return { created, item: entryWire(row, params.ticket_external_id) };
    },

    async list(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await sync.changedTickets(accountId, feedPosition(query), query.limit);
      return toPage(
        rows,
        query.limit,
        (r) => r.ticket.id,
        (r) => ticketWire(r.ticket, r.assignedExternalId),
      );
    },

    /** The account's id by the provider's id of it (404 if none). */
    accountId: (accountExternalId: string) => accountIdOf(db, accountExternalId),

    /** Satisfaction ratings by account, technician and period (decision 0047), newest first, keyset-paged by id. */
    async ratings(query: ProviderRatingsQuery) {
      const filter: RatingFilter = {
        accountId: query.account_external_id === undefined ? undefined : await accountIdOf(db, query.account_external_id),
        technicianEmail: query.technician_email || undefined,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      };
      const [rows, figures] = await Promise.all([
        listRatings(db, filter, { limit: query.limit, beforeId: query.cursor ? Number(query.cursor) : undefined }),
        ratingFigures(db, filter),
      ]);
      const items = rows.slice(0, query.limit);
      return {
        items: items.map(ratingWire),
        next_cursor: rows.length > query.limit ? String(items.at(-1)!.rating.id) : null,
        count: figures.count,
        average: figures.average === null ? null : Math.round(figures.average * 100) / 100,
      };
    },

    /** Every entry of the account's tickets, the customers' replies and the private notes alike. */
    async listEntries(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await sync.changedEntries(accountId, feedPosition(query), query.limit);
      return toPage(
        rows,
        query.limit,
        (r) => r.entry.id,
        (r) => entryWire(r.entry, r.ticketExternalId),
      );
    },
  };
}

function ratingWire({ rating, ticketExternalId, ticketNumber }: Awaited<ReturnType<typeof listRatings>>[number]): ProviderRating {
  return {
    id: rating.id,
    account_id: rating.accountId,
    ticket_id: rating.ticketId,
    ticket_external_id: ticketExternalId,
    ticket_number: ticketNumber,
    score: rating.score,
    comment: rating.comment,
    contact_id: rating.contactId,
    technician_name: rating.technicianName,
    technician_email: rating.technicianEmail,
    rated_at: rating.createdAt.toISOString(),
    updated_at: rating.updatedAt.toISOString(),
  };
}
