import { sql, type SQL } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from './columns.js';

/**
 * An audit entry's words as the audit log screen searches them (issue 37), lower-cased: who acted, the action, the
 * address and the details. The trigram index holds the same expression, so a search of three letters or more is an
 * index lookup, not a scan of the account's entries.
 */
export function searchableAuditText(t: Record<'actor' | 'action' | 'ip' | 'details', AnyPgColumn>): SQL {
  return sql`lower(${t.actor} || ' ' || ${t.action} || ' ' || coalesce(${t.ip}, '') || ' ' || ${t.details}::text)`;
}

/**
 * Security-relevant events. No foreign keys on purpose: the trail outlives the accounts and
 * contacts it mentions.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: integer('account_id'),
    contactId: integer('contact_id'),
    /** Who acted: a contact's e-mail, a staff name for impersonation, 'system', … */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** 'success' | 'failure' | 'denied' … */
    outcome: text('outcome').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    /** The domain event the entry was made from (decision 0041): at most one entry per event. Null for an entry written directly (sign-in). */
    eventId: text('event_id').unique('audit_log_event_id_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_account_id_created_at_idx').on(t.accountId, t.createdAt),
    // The audit log screen's filters, newest first (issue 37): by kind (the action's first part, as the query writes
    // it) and by person. Each ends with (created_at, id), the page's keyset, so a page is one index range.
    index('audit_log_account_kind_idx').on(t.accountId, sql`split_part(${t.action}, '.', 1)`, t.createdAt, t.id),
    index('audit_log_account_contact_idx').on(t.accountId, t.contactId, t.createdAt, t.id),
    index('audit_log_search_trgm_idx').using('gin', sql`(${searchableAuditText(t)}) gin_trgm_ops`),
  ],
);

/**
 * What happened (decision 0041): one row per domain event, written in the transaction of the change it records. The
 * audit log, the webhooks and the mails are made from it by its consumers; it is kept 30 days (the audit log keeps the
 * lasting record).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    /** `evt_` and 128 random bits; a webhook made from the event carries the same id. */
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    accountId: integer('account_id'),
    actor: jsonb('actor').$type<Record<string, unknown>>().notNull(),
    /** Where the request came from (ip, user agent), for the audit log. */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamptz('occurred_at').notNull().defaultNow(),
  },
  (t) => [index('domain_events_occurred_at_idx').on(t.occurredAt)],
);

export const MAIL_STATUSES = ['pending', 'sent', 'failed', 'logged'] as const;

/** Outgoing mail, written in the same transaction as the change that causes it. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Headers beyond the usual, e.g. a notification's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    /** The domain event the mail was made from (decision 0041): one mail per event and recipient at most. */
    eventId: text('event_id'),
  },
  (t) => [
    index('mail_outbox_status_created_at_idx').on(t.status, t.createdAt),
    check('mail_outbox_status_check', oneOf(t.status, MAIL_STATUSES)),
    uniqueIndex('mail_outbox_event_id_to_address_key').on(t.eventId, t.toAddress),
  ],
);

/** Fixed-window counters for throttling, shared by every server instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStartedAt: timestamptz('window_started_at').notNull().defaultNow(),
  },
  (t) => [index('rate_limits_window_started_at_idx').on(t.windowStartedAt)],
);
