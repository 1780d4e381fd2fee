import { CARD_TYPES, ORDER_ITEM_PROVISION_STATUSES, ORDER_ITEM_PURCHASE_TYPES, ORDER_STATUSES, PAYMENT_TYPES } from '@portal/contract';
import { sql } from 'drizzle-orm';
import { boolean, char, check, date, foreignKey, index, integer, jsonb, numeric, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';
import { accountOwnedKeys, accounts, contacts } from './accounts.js';
import { createdAt, money, oneOf, timestamptz, updatedAt } from './columns.js';

/**
 * The account in the billing system. Only what a card's display and the gateway need is kept:
 * never a full card number or CVV.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    /** Equal to accounts.billing_api_id. */
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .unique('billing_accounts_account_id_key')
      .references(() => accounts.id, { onDelete: 'cascade' }),
    balance: money('balance').notNull().default(0),
    daysPastDue: integer('days_past_due').notNull().default(0),
    pastDueBalance: money('past_due_balance').notNull().default(0),
    credits: money('credits').notNull().default(0),
    billingCycleMonthDate: integer('billing_cycle_month_date').notNull().default(1),
    paymentMethod: text('payment_method'),
    automaticPayments: boolean('automatic_payments').notNull().default(false),
    cardFirstName: text('card_first_name'),
    cardLastName: text('card_last_name'),
    cardLast4: char('card_last4', { length: 4 }),
    cardType: text('card_type', { enum: CARD_TYPES }),
    /** '01'..'12' */
    cardExpMonth: text('card_exp_month'),
    /** four digits */
    cardExpYear: text('card_exp_year'),
    /** The gateway's token for the stored card, used to charge it. */
    cardGatewayToken: text('card_gateway_token'),
  },
  (t) => [
    check('billing_accounts_cycle_date_check', sql`${t.billingCycleMonthDate} BETWEEN 1 AND 31`),
    check('billing_accounts_days_past_due_check', sql`${t.daysPastDue} >= 0`),
    check('billing_accounts_card_last4_check', sql`${t.cardLast4} IS NULL OR ${t.cardLast4} ~ '^[0-9]{4}$'`),
    check('billing_accounts_card_type_check', sql`${t.cardType} IS NULL OR ${oneOf(t.cardType, CARD_TYPES)}`),
    check('billing_accounts_card_exp_month_check', sql`${t.cardExpMonth} IS NULL OR ${t.cardExpMonth} ~ '^(0[1-9]|1[0-2])$'`),
    check('billing_accounts_card_exp_year_check', sql`${t.cardExpYear} IS NULL OR ${t.cardExpYear} ~ '^[0-9]{4}$'`),
    check('billing_accounts_autopay_needs_card_check', sql`NOT ${t.automaticPayments} OR ${t.cardGatewayToken} IS NOT NULL`),
  ],
);

/** One line of a statement, kept so the PDF can be rendered later. */
export interface StatementLine {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/** A tax the billing system charged on a statement (part of its amount due), shown as sent. */
export interface StatementTax {
  description: string;
  amount: number;
}

export const statements = pgTable(
  'statements',
  {
    /** 'st_…' */
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    amountDue: money('amount_due').notNull(),
    lines: jsonb('lines').$type<StatementLine[]>().notNull().default([]),
    /** Taxes included in amount_due, when the billing system sends them (provider API). */
    taxes: jsonb('taxes').$type<StatementTax[]>().notNull().default([]),
    /** The billing system's own id of the statement, unique within the account (provider API). */
    externalId: text('external_id'),
    /** The billing system's statement number, when it sends one; else the portal numbers it from receivedOrder. */
    number: text('number'),
    /** The billing system's due date, when it sends one; else the portal's (issued + 20 days). */
    dueDate: date('due_date', { mode: 'string' }),
    /**
     * The order statements reached the portal in, never reused: a statement's portal number is its
     * place among its account's statements in this order, so a later (or back-dated) statement never
     * renumbers an earlier one (docs/decisions/0032).
     */
    receivedOrder: integer('received_order').notNull().generatedByDefaultAsIdentity(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('statements_account_id_created_at_idx').on(t.accountId, t.createdAt.desc().nullsFirst()),
    unique('statements_account_id_external_id_key').on(t.accountId, t.externalId),
    index('statements_account_id_updated_at_id_idx').on(t.accountId, t.updatedAt, t.id),
  ],
);

export const payments = pgTable(
  'payments',
  {
    /** 'pay_…' */
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    amount: money('amount').notNull(),
    paymentType: text('payment_type', { enum: PAYMENT_TYPES }).notNull(),
    last4: char('last4', { length: 4 }),
    /** The card's network (visa, …) for a card payment made in the portal, for its receipt; null for a payment stored before decision 0032. */
    cardType: text('card_type', { enum: CARD_TYPES }),
    transactionId: text('transaction_id'),
    /** 'Paid' | 'Failed' | anything else the gateway reports. */
    paymentStatus: text('payment_status').notNull(),
    confirmationNumber: text('confirmation_number'),
    checkNumber: text('check_number'),
    /** A client-supplied key so a retried POST does not charge twice; unique within the account. */
    idempotencyKey: text('idempotency_key'),
    /** What the keyed request asked for (mode, amount, card), so the key cannot be reused for another payment. */
    requestFingerprint: text('request_fingerprint'),
    /** The gateway's reason for a Failed payment, in words for the payer. */
    failureReason: text('failure_reason'),
    /** Who paid: the signed-in contact, or null for auto-pay and payments made outside the portal. */
    paidByContactId: integer('paid_by_contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    /** The billing system's id of a payment recorded outside the portal (provider API); unique within the account. */
    externalId: text('external_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_account_id_created_at_idx').on(t.accountId, t.createdAt.desc().nullsFirst()),
    unique('payments_account_id_idempotency_key_key').on(t.accountId, t.idempotencyKey),
    unique('payments_account_id_external_id_key').on(t.accountId, t.externalId),
    index('payments_account_id_updated_at_id_idx').on(t.accountId, t.updatedAt, t.id),
    check('payments_payment_type_check', oneOf(t.paymentType, PAYMENT_TYPES)),
    check('payments_amount_check', sql`${t.amount} > 0`),
    check('payments_card_type_check', sql`${t.cardType} IS NULL OR ${oneOf(t.cardType, CARD_TYPES)}`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    ...accountOwnedKeys(),
    name: text('name').notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('new_order'),
    quoteId: text('quote_id'),
    notes: text('notes'),
    createdAt: createdAt(),
    /** The provider's id of the order (its CRM's or quoting system's), unique within the account (provider API). */
    externalId: text('external_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('orders_account_id_id_key').on(t.accountId, t.id),
    index('orders_account_id_created_at_idx').on(t.accountId, t.createdAt.desc().nullsFirst()),
    unique('orders_account_id_external_id_key').on(t.accountId, t.externalId),
    index('orders_account_id_updated_at_id_idx').on(t.accountId, t.updatedAt, t.id),
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
  ],
);

export interface AccountServiceSnapshot {
  quantity: number;
  price: number;
  status: string;
}

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    prodDescription: text('prod_description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    purchaseType: text('purchase_type', { enum: ORDER_ITEM_PURCHASE_TYPES }).notNull(),
    /** Line total. */
    price: money('price').notNull(),
    pricePerUnit: money('price_per_unit').notNull(),
    provisionStatus: text('provision_status', { enum: ORDER_ITEM_PROVISION_STATUSES }).notNull().default('pending'),
    activationDate: timestamptz('activation_date'),
    completed: boolean('completed').notNull().default(false),
    autoProvision: boolean('auto_provision').notNull().default(false),
    taxable: boolean('taxable').notNull().default(false),
    taxPercent: numeric('tax_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(0),
    accountServiceSnapshot: jsonb('account_service_snapshot').$type<AccountServiceSnapshot>(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_account_id_idx').on(t.accountId, t.orderId),
    foreignKey({ name: 'order_items_order_fk', columns: [t.accountId, t.orderId], foreignColumns: [orders.accountId, orders.id] }).onDelete('cascade'),
    check('order_items_purchase_type_check', oneOf(t.purchaseType, ORDER_ITEM_PURCHASE_TYPES)),
    check('order_items_provision_status_check', oneOf(t.provisionStatus, ORDER_ITEM_PROVISION_STATUSES)),
  ],
);
