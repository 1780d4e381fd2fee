import { ACTIVE_TICKET_STATUSES, TICKET_PRIORITIES, TICKET_STATUSES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, customType, foreignKey, index, integer, numeric, pgTable, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { accountOwnedKeys, accounts, contacts } from './accounts.js';
import { createdAt, oneOf, timestamptz, updatedAt } from './columns.js';

/** PostgreSQL's full-text document type; only ever written by the generated column below. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const activeStatuses = sql.raw(`status IN (${ACTIVE_TICKET_STATUSES.map((s) => `'${s}'`).join(', ')})`);

export const tickets = pgTable(
  'tickets',
  {
    ...accountOwnedKeys(),
    /** Human-facing number such as 'TKT-104233', unique within the account. */
    ticketNumber: text('ticket_number').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    /**
     * The description was reduced to the HTML allow-list when it was written (docs/decisions/0027),
     * so reading it needs no second pass; rows written by other paths stay false and are sanitized on read.
     */
    descriptionIsClean: boolean('description_is_clean').notNull().default(false),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('New'),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull().default('medium'),
    /** Non-admins see only tickets assigned to them; null means unassigned. */
    assignedContactId: integer('assigned_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastModifiedAt: timestamptz('last_modified_at').notNull().defaultNow(),
    dueDate: timestamptz('due_date'),
    isBillable: boolean('is_billable').notNull().default(false),
    isTaxable: boolean('is_taxable').notNull().default(false),
    /** Hours logged, rounded (e.g. to the quarter hour). */
    timeRounded: numeric('time_rounded', { precision: 8, scale: 2, mode: 'number' }).notNull().default(0),
    /** The provider's own id of the ticket (its PSA's), unique within the account (provider API). */
    externalId: text('external_id'),
    /**
     * Words of number, subject and description for the list's search (prefix matching through a GIN
     * index). 'simple' keeps words as written (no stemming, no stop words), which suits ticket numbers,
     * product names and error codes. See docs/decisions/0005-ticket-search-and-list.md.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple'::regconfig, ticket_number || ' ' || subject || ' ' || description)`),
    /**
     * The customer marked the ticket resolved (docs/decisions/0047). The status stays the provider's: the mark tells its
     * PSA (webhook `ticket.resolved_by_customer`, this row in the provider API) and is cleared by a reopen within 7 days.
     */
    customerResolvedAt: timestamptz('customer_resolved_at'),
    customerResolutionNote: text('customer_resolution_note'),
    customerResolvedBy: integer('customer_resolved_by').references(() => contacts.id, { onDelete: 'set null' }),
    /** The customer took back their resolve; the provider's PSA moves the status back if it had closed the ticket. */
    customerReopenedAt: timestamptz('customer_reopened_at'),
    /** 0 urgent … 3 low: the 'priority' sort as a plain column, so an index can serve it. */
    priorityRank: smallint('priority_rank')
      .notNull()
      .generatedAlwaysAs(sql`CASE priority WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END`),
  },
  (t) => [
    unique('tickets_account_id_ticket_number_key').on(t.accountId, t.ticketNumber),
    unique('tickets_account_id_id_key').on(t.accountId, t.id),
    index('tickets_account_id_created_at_idx').on(t.accountId, t.createdAt.desc().nullsFirst()),
    index('tickets_account_id_assigned_created_at_idx').on(t.accountId, t.assignedContactId, t.createdAt.desc().nullsFirst()),
    index('tickets_account_id_last_modified_at_idx').on(t.accountId, t.lastModifiedAt.desc().nullsFirst()),
    // The list's default filter ('active') is a small slice of a large account: partial indexes serve
    // its page and its count without touching the closed tickets.
    index('tickets_active_account_id_created_at_idx').on(t.accountId, t.createdAt.desc().nullsFirst()).where(activeStatuses),
    index('tickets_active_account_id_assigned_created_at_idx').on(t.accountId, t.assignedContactId, t.createdAt.desc().nullsFirst()).where(activeStatuses),
    index('tickets_active_account_id_priority_rank_created_at_idx').on(t.accountId, t.priorityRank, t.createdAt.desc().nullsFirst()).where(activeStatuses),
    // Search within the default filter reads only the active tickets' words.
    index('tickets_active_search_vector_idx').using('gin', t.searchVector).where(activeStatuses),
    // Any single-status filter (and the 'closed' group) reads only its own rows.
    index('tickets_account_id_status_created_at_idx').on(t.accountId, t.status, t.createdAt.desc().nullsFirst()),
    // Full-text search (prefix terms) over number, subject and description.
    index('tickets_search_vector_idx').using('gin', t.searchVector),
    // Part of a ticket number ('4233' in 'TKT-104233'); needs the pg_trgm extension (migration 0000).
    index('tickets_ticket_number_trgm_idx').using('gin', t.ticketNumber.op('gin_trgm_ops')),
    check('tickets_status_check', oneOf(t.status, TICKET_STATUSES)),
    check('tickets_priority_check', oneOf(t.priority, TICKET_PRIORITIES)),
    check('tickets_time_rounded_check', sql`${t.timeRounded} >= 0`),
    unique('tickets_account_id_external_id_key').on(t.accountId, t.externalId),
    // The provider's read-back: keyset pages on (last_modified_at, id).
    index('tickets_account_id_last_modified_at_id_idx').on(t.accountId, t.lastModifiedAt, t.id),
  ],
);

/** One message of a ticket's conversation. */
export const ticketEntries = pgTable(
  'ticket_entries',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The author's name as shown, e.g. 'Jordan Reyes' or 'Alice Morgan (Customer Portal)'. */
    createdBy: text('created_by').notNull(),
    /** The sender's address; the provider's domain marks a provider ('ITP') message. */
    fromAddress: text('from_address').notNull(),
    /** HTML (sanitized on the way in) when it contains '<', else plain text. */
    content: text('content').notNull(),
    /** Sanitized when written (docs/decisions/0027): read as it is; false means sanitize on the way out. */
    contentIsClean: boolean('content_is_clean').notNull().default(false),
    isInternal: boolean('is_internal').notNull().default(false),
    /**
     * false: a technician's private note pushed by the provider's PSA. The customer API never
     * returns it (the spec's is_internal is a badge on an entry the customer does see).
     */
    visibleToCustomer: boolean('visible_to_customer').notNull().default(true),
    /** The provider's own id of the entry, unique within its ticket (provider API). */
    externalId: text('external_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The conversation's pages, newest first, with the id as tie-break (the `before` cursor).
    index('ticket_entries_ticket_id_created_at_id_idx').on(t.ticketId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('ticket_entries_account_id_idx').on(t.accountId),
    unique('ticket_entries_ticket_id_external_id_key').on(t.ticketId, t.externalId),
    index('ticket_entries_account_id_updated_at_id_idx').on(t.accountId, t.updatedAt, t.id),
    foreignKey({ name: 'ticket_entries_ticket_fk', columns: [t.accountId, t.ticketId], foreignColumns: [tickets.accountId, tickets.id] }).onDelete('cascade'),
  ],
);

/**
 * "How did we do?" (docs/decisions/0047): one rating a ticket, by its contact, once the ticket is Complete; changeable
 * for 7 days after it was first given. The technician is the provider's person who last wrote in the conversation when
 * the rating was given, kept as it was then (the provider reads ratings per technician).
 */
export const ticketRatings = pgTable(
  'ticket_ratings',
  {
    ...accountOwnedKeys(),
    ticketId: integer('ticket_id').notNull(),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    score: smallint('score').notNull(),
    comment: text('comment'),
    technicianName: text('technician_name'),
    technicianEmail: text('technician_email'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('ticket_ratings_ticket_id_key').on(t.ticketId),
    check('ticket_ratings_score_check', sql`${t.score} BETWEEN 1 AND 5`),
    // The provider's reads by period (per account, per technician) and the dashboard's average.
    index('ticket_ratings_account_id_created_at_idx').on(t.accountId, t.createdAt),
    index('ticket_ratings_technician_email_created_at_idx').on(t.technicianEmail, t.createdAt),
    foreignKey({ name: 'ticket_ratings_ticket_fk', columns: [t.accountId, t.ticketId], foreignColumns: [tickets.accountId, tickets.id] }).onDelete('cascade'),
  ],
);
