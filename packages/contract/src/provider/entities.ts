import { z } from 'zod';
import { PAYMENT_TYPES, PROVISION_STATUSES, SERVICE_ITEM_TYPES, SERVICE_STATUSES, TICKET_PRIORITIES, TICKET_STATUSES, USER_TIME_ZONES } from '../constants.js';
import { calendarDate, email, idParam, timestamp } from '../entities/common.js';
import { WEBHOOK_DELIVERY_STATUSES } from '../entities/webhooks.js';
import { multiLineText, singleLineText } from '../entities/text.js';
import { amount, isoTimestamp, name, optionalLine, realDate } from './fields.js';
import { PROVIDER_BULK_MAX_ITEMS, PROVIDER_PAGE_DEFAULT, PROVIDER_PAGE_MAX } from './scopes.js';

/** The provider's own id of a record (its PSA's, CRM's or billing system's); unique per account, or globally for accounts. */
export const providerExternalId = singleLineText('External id')
  .min(1, 'External id is required')
  .max(200, 'External id must be at most 200 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:@-]*$/, 'External id may hold letters, digits and . _ : @ - (starting with a letter or digit)');

export const providerAccountParams = z.object({ external_id: providerExternalId });
export const providerNestedParams = z.object({ account_external_id: providerExternalId, external_id: providerExternalId });
export const providerAccountScopedParams = z.object({ account_external_id: providerExternalId });
export const providerTicketEntryParams = z.object({
  account_external_id: providerExternalId,
  ticket_external_id: providerExternalId,
  external_id: providerExternalId,
});

/** Lists page with an opaque cursor (keyset on updated_at, id) and read what changed since a moment. */
export const providerListQuery = z.object({
  cursor: singleLineText('Cursor').max(200, 'Cursor must be at most 200 characters').optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(PROVIDER_PAGE_MAX, `Limit must be at most ${PROVIDER_PAGE_MAX}`)
    .default(PROVIDER_PAGE_DEFAULT),
  updated_since: isoTimestamp.optional(),
});
export type ProviderListQuery = z.output<typeof providerListQuery>;

export const providerPage = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), next_cursor: z.string().nullable() });
/** What an upsert answers: the record and whether this call created it (201) or updated it (200). */
export const providerUpserted = <T extends z.ZodType>(item: T) => z.object({ created: z.boolean(), item });
export const providerBulkResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  items: z.array(z.object({ external_id: z.string(), id: z.number().int(), created: z.boolean() })),
});
export type ProviderBulkResult = z.infer<typeof providerBulkResult>;

/**
 * The body of a bulk call: up to PROVIDER_BULK_MAX_ITEMS items, each the single PUT's body plus
 * the external id its path would carry. Written in one transaction: all or none.
 */
export const providerBulkInput = <Shape extends z.ZodRawShape>(item: z.ZodObject<Shape>) =>
  z.object({
    items: z
      .array(item.extend({ external_id: providerExternalId }))
      .min(1, 'Items must hold at least one item')
      .max(PROVIDER_BULK_MAX_ITEMS, `At most ${PROVIDER_BULK_MAX_ITEMS} items in one call`),
  });
/** One item of a bulk call: its external id and the single PUT's body. */
export type ProviderBulkItem<Input> = Input & { external_id: string };

// Accounts --------------------------------------------------------------------------------------

export const PROVIDER_ACCOUNT_STATUSES = ['active', 'suspended'] as const;

export const providerAccountBillingInput = z.object({
  billing_cycle_month_date: z.number().int().min(1, 'Billing cycle day must be 1 to 31').max(31, 'Billing cycle day must be 1 to 31').optional(),
  days_past_due: z.number().int().min(0).max(10_000).optional(),
  past_due_balance: amount('Past due balance').optional(),
  credits: amount('Credits').optional(),
});

export const providerAccountInput = z.object({
  name: name('Name'),
  /** The account's id in the billing system; the customer's billing screens use it. */
  billing_id: optionalLine('Billing id').min(1, 'Billing id must not be empty').nullable().optional(),
  status: z.enum(PROVIDER_ACCOUNT_STATUSES).default('active'),
  /** Shown to the account's users when they are refused at sign-in. */
  suspended_reason: optionalLine('Suspended reason', 500).nullable().optional(),
  /** The account's customer name in the monitoring system (support tools); null: not set up there. */
  monitoring_customer_name: optionalLine('Monitoring customer name').min(1).nullable().optional(),
  billing: providerAccountBillingInput.optional(),
});
export type ProviderAccountInput = z.output<typeof providerAccountInput>;
export const providerAccountBulkInput = providerBulkInput(providerAccountInput);

export const providerAccount = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  name: z.string(),
  billing_id: z.string().nullable(),
  status: z.string(),
  suspended_reason: z.string().nullable(),
  monitoring_customer_name: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProviderAccount = z.infer<typeof providerAccount>;

// Contacts --------------------------------------------------------------------------------------

export const providerContactInput = z.object({
  firstname: name('First name', 100),
  lastname: name('Last name', 100),
  email,
  mobile: optionalLine('Mobile', 40).nullable().optional(),
  time_zone: z.enum(USER_TIME_ZONES).optional(),
  admin_group: z.boolean().optional(),
  billing_group: z.boolean().optional(),
  technical_group: z.boolean().optional(),
  /** false deactivates the contact: no sign-in, sessions ended. true reactivates. */
  active: z.boolean().default(true),
  /** On creation only: send the invitation e-mail to choose a password (default yes). */
  send_invitation: z.boolean().default(true),
});
export type ProviderContactInput = z.output<typeof providerContactInput>;
export const providerContactBulkInput = providerBulkInput(providerContactInput);

export const providerContact = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  mobile: z.string().nullable(),
  time_zone: z.string(),
  admin_group: z.boolean(),
  billing_group: z.boolean(),
  technical_group: z.boolean(),
  active: z.boolean(),
  /** Whether the contact has chosen a password (accepted the invitation). */
  has_password: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProviderContact = z.infer<typeof providerContact>;

// Services --------------------------------------------------------------------------------------

export const providerServiceInput = z.object({
  /** The catalogue product, found by name or created with this category. */
  product: z.object({ name: name('Product name'), category: name('Product category', 100), description: optionalLine('Product description', 500).optional() }),
  item_type: z.enum(SERVICE_ITEM_TYPES),
  status: z.enum(SERVICE_STATUSES).default('active'),
  provision_status: z.enum(PROVISION_STATUSES).default('provisioned'),
  description: optionalLine('Description', 500).nullable().optional(),
  /** The monthly line total, USD. */
  price: amount('Price'),
  quantity: z.number().int('Quantity must be a whole number').min(0).max(1_000_000).default(1),
  /** Seats the customer bought (voice services: licenses the administrators can hand out). */
  seats: z.number().int('Seats must be a whole number').min(0).max(1_000_000).optional(),
  /** The id in the provider's app, carried when the customer launches it. */
  api_id: optionalLine('Api id').nullable().optional(),
});
export type ProviderServiceInput = z.output<typeof providerServiceInput>;
export const providerServiceBulkInput = providerBulkInput(providerServiceInput);

export const providerService = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  product: z.object({ name: z.string(), category: z.string() }),
  item_type: z.string(),
  status: z.string(),
  provision_status: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  quantity: z.number().int(),
  seats: z.number().int().nullable(),
  api_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProviderService = z.infer<typeof providerService>;

// Tickets ---------------------------------------------------------------------------------------

export const providerTicketEntryInput = z.object({
  author_name: name('Author name'),
  /** An address at the provider's domain shows the entry as the provider's ('ITP'), any other as the customer's. */
  author_email: email,
  content: multiLineText('Content').min(1, 'Content is required').max(100_000, 'Content must be at most 100000 characters'),
  /**
   * false: a technician's private note, never shown to the customer (only this API reads it back).
   * true (default): part of the conversation the customer reads.
   */
  visible_to_customer: z.boolean().default(true),
  /** The spec's 'Internal' badge on an entry the customer does see. */
  is_internal: z.boolean().default(false),
  created_at: isoTimestamp.optional(),
});
export type ProviderTicketEntryInput = z.output<typeof providerTicketEntryInput>;

export const providerTicketInput = z.object({
  /** Shown to the customer; defaults to PSA-<external id> for a new ticket, and to the ticket's own number after. Unique within the account. */
  ticket_number: name('Ticket number', 60).optional(),
  /**
   * A ticket a customer opened in the portal (its `id` in `ticket.created`, or in the tickets list): this push adopts
   * it under the URL's external id, and the PSA writes to it by that id from then on.
   */
  portal_ticket_id: z
    .number({ error: 'portal_ticket_id must be a ticket id' })
    .int('portal_ticket_id must be a ticket id')
    .min(1, 'portal_ticket_id must be a ticket id')
    .max(2_147_483_647, 'portal_ticket_id must be a ticket id')
    .optional(),
  subject: name('Subject', 300),
  description: multiLineText('Description').max(100_000, 'Description must be at most 100000 characters').default(''),
  status: z.enum(TICKET_STATUSES).default('New'),
  priority: z.enum(TICKET_PRIORITIES).default('medium'),
  due_date: isoTimestamp.nullable().optional(),
  /** Hours logged, as the PSA rounds them. */
  time_logged_hours: z.number().min(0).max(100_000).default(0),
  is_billable: z.boolean().default(false),
  is_taxable: z.boolean().default(false),
  /** The contact (by external id) the ticket is assigned to; non-administrators see only theirs. */
  assigned_contact_external_id: providerExternalId.nullable().optional(),
  created_at: isoTimestamp.optional(),
  /** Conversation entries providerUpserted with the ticket, by their own external ids. */
  entries: z
    .array(providerTicketEntryInput.extend({ external_id: providerExternalId }))
    .max(200, 'At most 200 entries with one ticket')
    .optional(),
});
export type ProviderTicketInput = z.output<typeof providerTicketInput>;
export const providerTicketBulkInput = providerBulkInput(providerTicketInput);

export const providerTicket = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  ticket_number: z.string(),
  subject: z.string(),
  description: z.string(),
  status: z.string(),
  priority: z.string(),
  due_date: timestamp.nullable(),
  time_logged_hours: z.number(),
  is_billable: z.boolean(),
  is_taxable: z.boolean(),
  assigned_contact_id: z.number().int().nullable(),
  assigned_contact_external_id: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
  /** The customer marked it resolved (decision 0047): the status is still the PSA's to move. */
  resolved_by_customer: z.object({ resolved_at: timestamp, note: z.string().nullable() }).nullable(),
  /** The customer last took back such a resolve: the PSA moves a closed ticket back to work. */
  customer_reopened_at: timestamp.nullable(),
});
export type ProviderTicket = z.infer<typeof providerTicket>;

/** The satisfaction ratings' read (decision 0047): per account, per technician, by period; newest first. */
export const providerRatingsQuery = z.object({
  account_external_id: providerExternalId.optional(),
  technician_email: singleLineText('Technician email').trim().max(320, 'Technician email must be at most 320 characters').optional(),
  /** Given at or after. */
  from: isoTimestamp.optional(),
  /** Given before. */
  to: isoTimestamp.optional(),
  cursor: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Cursor must be the next_cursor of an earlier page')
    .optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(PROVIDER_PAGE_MAX, `Limit must be at most ${PROVIDER_PAGE_MAX}`)
    .default(PROVIDER_PAGE_DEFAULT),
});
export type ProviderRatingsQuery = z.output<typeof providerRatingsQuery>;

export const providerRating = z.object({
  id: z.number().int(),
  account_id: z.number().int(),
  ticket_id: z.number().int(),
  ticket_external_id: z.string().nullable(),
  ticket_number: z.string(),
  score: z.number().int(),
  comment: z.string().nullable(),
  contact_id: z.number().int().nullable(),
  technician_name: z.string().nullable(),
  technician_email: z.string().nullable(),
  rated_at: timestamp,
  updated_at: timestamp,
});
export type ProviderRating = z.infer<typeof providerRating>;
/** A page of ratings with the figures of every rating the filter matches (not only this page's). */
export const providerRatingsPage = providerPage(providerRating).extend({ count: z.number().int(), average: z.number().nullable() });

export const providerTicketEntry = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  ticket_id: z.number().int(),
  ticket_external_id: z.string().nullable(),
  author_name: z.string(),
  author_email: z.string(),
  content: z.string(),
  visible_to_customer: z.boolean(),
  is_internal: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ProviderTicketEntry = z.infer<typeof providerTicketEntry>;

// Billing ---------------------------------------------------------------------------------------

export const providerStatementLineInput = z.object({
  description: name('Description', 300),
  quantity: z.number().min(0).max(1_000_000),
  unit_price: amount('Unit price'),
  amount: amount('Amount'),
});

export const providerStatementTaxInput = z.object({
  description: name('Description', 300),
  amount: amount('Tax amount'),
});

export const providerStatementInput = z
  .object({
    period_start: calendarDate,
    period_end: calendarDate,
    /** The statement's new charges, taxes included. */
    amount_due: amount('Amount due'),
    lines: z.array(providerStatementLineInput).max(1_000, 'At most 1000 lines').default([]),
    issued_at: isoTimestamp.optional(),
    /** The billing system's statement (invoice) number; without one the portal numbers the statement (docs/decisions/0032). */
    number: optionalLine('Statement number', 60).nullable().optional(),
    /** When payment is due; without one, 20 days after issue. */
    due_date: realDate('Due date').nullable().optional(),
    /** Taxes included in amount_due, shown on the statement as sent. */
    taxes: z.array(providerStatementTaxInput).max(50, 'At most 50 taxes').default([]),
  })
  .refine((s) => s.period_start <= s.period_end, { message: 'Period end must not be before period start', path: ['period_end'] });
export type ProviderStatementInput = z.output<typeof providerStatementInput>;

export const providerStatement = z.object({
  id: z.string(),
  external_id: z.string().nullable(),
  period_start: z.string(),
  period_end: z.string(),
  amount_due: z.number(),
  lines: z.array(z.object({ description: z.string(), quantity: z.number(), unit_price: z.number(), amount: z.number() })),
  taxes: z.array(z.object({ description: z.string(), amount: z.number() })),
  /** The number the billing system sent (null when the portal numbers it). */
  number: z.string().nullable(),
  /** The due date the billing system sent (null when the portal's 20 days apply). */
  due_date: z.string().nullable(),
  issued_at: timestamp,
  updated_at: timestamp,
});
export type ProviderStatement = z.infer<typeof providerStatement>;

/** A payment received outside the portal (a check, a bank transfer, a credit). */
export const providerPaymentInput = z.object({
  amount: amount('Amount').refine((value) => value >= 0.01, 'Amount must be at least 0.01'),
  payment_type: z.enum(PAYMENT_TYPES),
  status: z.enum(['Paid', 'Failed']).default('Paid'),
  check_number: optionalLine('Check number', 60).nullable().optional(),
  confirmation_number: optionalLine('Confirmation number', 100).nullable().optional(),
  paid_at: isoTimestamp.optional(),
});
export type ProviderPaymentInput = z.output<typeof providerPaymentInput>;

export const providerPayment = z.object({
  id: z.string(),
  external_id: z.string().nullable(),
  amount: z.number(),
  payment_type: z.string(),
  status: z.string(),
  check_number: z.string().nullable(),
  confirmation_number: z.string().nullable(),
  /** Whether it was made in the portal (a card payment by a customer) rather than recorded by the provider. */
  made_in_portal: z.boolean(),
  paid_at: timestamp,
  updated_at: timestamp,
});
export type ProviderPayment = z.infer<typeof providerPayment>;

// Webhooks --------------------------------------------------------------------------------------

export const PROVIDER_DELIVERY_LIST_MAX = 200;

export const providerWebhookEndpointPatch = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

export const providerWebhookDeliveryQuery = z.object({
  endpoint_id: idParam.optional(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: `status must be one of ${WEBHOOK_DELIVERY_STATUSES.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(PROVIDER_DELIVERY_LIST_MAX, `Limit must be at most ${PROVIDER_DELIVERY_LIST_MAX}`)
    .default(50),
});
