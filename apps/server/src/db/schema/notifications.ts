import { EMAIL_DIGESTS, NOTIFICATION_CATEGORIES, type NotificationPreferences } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { accounts, contacts } from './accounts.js';
import { createdAt, oneOf, timestamptz, updatedAt } from './columns.js';

/**
 * What a contact is told in the portal (issue 35, decision 0046): one row per event and recipient, written by the
 * notifications consumer in the event's transaction, so a rolled-back change notifies no one.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').notNull(),
    /** The domain event it was made from: a consumer run twice writes it once per recipient. */
    eventId: text('event_id').notNull(),
    category: text('category', { enum: NOTIFICATION_CATEGORIES }).notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamptz('read_at'),
  },
  (t) => [
    unique('notifications_event_id_contact_id_key').on(t.eventId, t.contactId),
    // The list, newest first, and the bell's count of the unread.
    index('notifications_contact_id_id_idx').on(t.contactId, t.id.desc()),
    index('notifications_unread_contact_id_idx')
      .on(t.contactId)
      .where(sql`read_at IS NULL`),
    index('notifications_created_at_idx').on(t.createdAt),
    check('notifications_category_check', oneOf(t.category, NOTIFICATION_CATEGORIES)),
    foreignKey({ name: 'notifications_contact_fk', columns: [t.accountId, t.contactId], foreignColumns: [contacts.accountId, contacts.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * Notification choices: a contact's own (contact_id set) or the account's default for those who chose nothing
 * (contact_id null; at most one per account, hence NULLS NOT DISTINCT). Kept as the contract's document, parsed on
 * every read, so a category added later needs no migration.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id'),
    settings: jsonb('settings').$type<NotificationPreferences>().notNull(),
    /** Copied from settings for the digest job's query. */
    emailDigest: text('email_digest', { enum: EMAIL_DIGESTS }).notNull().default('immediately'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('notification_preferences_account_id_contact_id_key').on(t.accountId, t.contactId).nullsNotDistinct(),
    check('notification_preferences_email_digest_check', oneOf(t.emailDigest, EMAIL_DIGESTS)),
    foreignKey({
      name: 'notification_preferences_contact_fk',
      columns: [t.accountId, t.contactId],
      foreignColumns: [contacts.accountId, contacts.id],
    }).onDelete('cascade'),
  ],
);

/** The reminders sent (issue 35): one row per item and date, so each is sent once however often the job runs. */
export const notificationReminders = pgTable(
  'notification_reminders',
  {
    key: text('key').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [index('notification_reminders_sent_at_idx').on(t.sentAt)],
);
