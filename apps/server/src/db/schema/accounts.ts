import { UI_COLOR_MODES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, timestamptz, updatedAt } from './columns.js';

export { UI_COLOR_MODES };

/** A customer of the provider; every row of customer data hangs off one (tenancy). */
export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().unique('accounts_name_key'),
    /** The id of the account in the billing system; the `:id` of /billing/account/:id. */
    billingApiId: text('billing_api_id').unique('accounts_billing_api_id_key'),
    /** The customer's name in the remote-monitoring system; null means "not configured there". */
    monitoringCustomerName: text('monitoring_customer_name'),
    /** The provider's own id of the account (its CRM's), by which the provider API upserts it. */
    externalId: text('external_id').unique('accounts_external_id_key'),
    /** A suspended account's users cannot sign in; they are told `suspended_reason` (or a default). */
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    suspendedReason: text('suspended_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('accounts_status_check', oneOf(t.status, ACCOUNT_STATUSES)), index('accounts_updated_at_id_idx').on(t.updatedAt, t.id)],
);

/**
 * The first two columns of every table of an account's own data: a serial key, and the account
 * the row belongs to (deleted with it). Tenancy starts here: every query of such a table is
 * scoped by `account_id`.
 */
export const accountOwnedKeys = () => ({
  id: serial('id').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
});

/** A contact (portal user) of an account; `id` is the wire's `pk`. */
export const contacts = pgTable(
  'contacts',
  {
    ...accountOwnedKeys(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    /** The sign-in username; unique case-insensitively across all accounts. */
    email: text('email').notNull(),
    mobile: text('mobile'),
    /** argon2id; null until the contact sets a password (users added by an admin have none). */
    passwordHash: text('password_hash'),
    adminGroup: boolean('admin_group').notNull().default(false),
    billingGroup: boolean('billing_group').notNull().default(false),
    technicalGroup: boolean('technical_group').notNull().default(false),
    timeZone: text('time_zone').notNull().default('US/Eastern'),
    uiColorMode: text('ui_color_mode', { enum: UI_COLOR_MODES }).notNull().default('light'),
    passwordChangedAt: timestamptz('password_changed_at'),
    /** The provider's own id of the contact, unique within the account (provider API). */
    externalId: text('external_id'),
    /** Set by the provider: the contact cannot sign in and their sessions end. */
    deactivatedAt: timestamptz('deactivated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('contacts_email_lower_key').on(sql`lower(${t.email})`),
    /** Target of the composite foreign keys that keep child rows inside one account. */
    unique('contacts_account_id_id_key').on(t.accountId, t.id),
    check('contacts_ui_color_mode_check', oneOf(t.uiColorMode, UI_COLOR_MODES)),
    index('contacts_account_id_lastname_idx').on(t.accountId, t.lastname, t.firstname),
    unique('contacts_account_id_external_id_key').on(t.accountId, t.externalId),
    index('contacts_account_id_updated_at_id_idx').on(t.accountId, t.updatedAt, t.id),
  ],
);
