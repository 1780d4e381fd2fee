import { TICKET_PRIORITIES, TICKET_STATUSES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { accounts, contacts } from './accounts.js';
import { createdAt, oneOf, timestamptz } from './columns.js';

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Human-facing number such as 'TKT-104233', unique within the account. */
    ticketNumber: text('ticket_number').notNull(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
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
  },
  (t) => [
    unique('tickets_account_id_ticket_number_key').on(t.accountId, t.ticketNumber),
    unique('tickets_account_id_id_key').on(t.accountId, t.id),
    index('tickets_account_id_created_at_idx').on(t.accountId, t.createdAt.desc().nullsFirst()),
    index('tickets_account_id_assigned_created_at_idx').on(t.accountId, t.assignedContactId, t.createdAt.desc().nullsFirst()),
    index('tickets_account_id_last_modified_at_idx').on(t.accountId, t.lastModifiedAt.desc().nullsFirst()),
    // Substring search (ILIKE '%…%') of the list; needs the pg_trgm extension (migration 0000).
    index('tickets_ticket_number_trgm_idx').using('gin', t.ticketNumber.op('gin_trgm_ops')),
    index('tickets_subject_trgm_idx').using('gin', t.subject.op('gin_trgm_ops')),
    index('tickets_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    check('tickets_status_check', oneOf(t.status, TICKET_STATUSES)),
    check('tickets_priority_check', oneOf(t.priority, TICKET_PRIORITIES)),
    check('tickets_time_rounded_check', sql`${t.timeRounded} >= 0`),
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
    isInternal: boolean('is_internal').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamptz('updated_at')
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index('ticket_entries_ticket_id_created_at_idx').on(t.ticketId, t.createdAt.desc().nullsFirst()),
    index('ticket_entries_account_id_idx').on(t.accountId),
    foreignKey({ name: 'ticket_entries_ticket_fk', columns: [t.accountId, t.ticketId], foreignColumns: [tickets.accountId, tickets.id] }).onDelete('cascade'),
  ],
);
