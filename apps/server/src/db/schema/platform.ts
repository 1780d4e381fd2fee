import { bigserial, check, index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz } from './columns.js';

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
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt), index('audit_log_account_id_created_at_idx').on(t.accountId, t.createdAt)],
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
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
  },
  (t) => [index('mail_outbox_status_created_at_idx').on(t.status, t.createdAt), check('mail_outbox_status_check', oneOf(t.status, MAIL_STATUSES))],
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
