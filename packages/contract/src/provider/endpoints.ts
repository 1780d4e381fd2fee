import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { ticketAttachment } from '../entities/ticket.js';
import {
  providerAccountBulkInput,
  providerAccountInput,
  providerAccountParams,
  providerAccountScopedParams,
  providerBulkResult,
  providerContactBulkInput,
  providerContactInput,
  providerNestedParams,
  providerPage,
  providerPaymentInput,
  providerRatingsPage,
  providerRatingsQuery,
  providerAccount,
  providerContact,
  providerListQuery,
  providerPayment,
  providerService,
  providerStatement,
  providerTicket,
  providerTicketEntry,
  providerServiceBulkInput,
  providerServiceInput,
  providerStatementInput,
  providerTicketBulkInput,
  providerTicketEntryInput,
  providerTicketEntryParams,
  providerTicketInput,
  providerUpserted,
} from './entities.js';
import { providerOrder, providerOrderInput } from './order-entities.js';
import { PROVIDER_API_PREFIX } from './scopes.js';

/*
 * The provider's back-office API (decision 0025): its PSA, CRM and billing systems push accounts,
 * contacts, services, tickets and statements by their own external ids, and read back what changed
 * in the portal. Every endpoint takes an API key with the scope it names; paths are under
 * /api/provider/v1. The webhook endpoints (webhooks:read / webhooks:write) are in webhook-endpoints.ts,
 * assets, vendors and credentials (inventory:read / inventory:write) in inventory-endpoints.ts.
 */
const base = PROVIDER_API_PREFIX;
const account = `${base}/accounts/:account_external_id`;

export const providerPutAccount = defineEndpoint({
  method: 'PUT',
  path: `${base}/accounts/:external_id`,
  summary: 'Create or update an account by its external id (201 created, 200 updated)',
  tag: 'Accounts',
  access: 'provider',
  scope: 'accounts:write',
  params: providerAccountParams,
  body: providerAccountInput,
  result: providerUpserted(providerAccount),
});

export const providerBulkAccounts = defineEndpoint({
  method: 'POST',
  path: `${base}/accounts/bulk`,
  summary: 'Create or update up to 1,000 accounts in one transaction (all or none)',
  tag: 'Accounts',
  access: 'provider',
  scope: 'accounts:write',
  body: providerAccountBulkInput,
  result: providerBulkResult,
});

export const providerGetAccount = defineEndpoint({
  method: 'GET',
  path: `${base}/accounts/:external_id`,
  summary: 'One account by its external id',
  tag: 'Accounts',
  access: 'provider',
  scope: 'accounts:read',
  params: providerAccountParams,
  result: providerAccount,
});

export const providerListAccounts = defineEndpoint({
  method: 'GET',
  path: `${base}/accounts`,
  summary: 'Accounts, least recently updated first, paged by cursor',
  tag: 'Accounts',
  access: 'provider',
  scope: 'accounts:read',
  query: providerListQuery,
  result: providerPage(providerAccount),
});

export const providerPutContact = defineEndpoint({
  method: 'PUT',
  path: `${account}/contacts/:external_id`,
  summary: 'Create (with an invitation e-mail) or update a contact of the account',
  tag: 'Contacts',
  access: 'provider',
  scope: 'contacts:write',
  params: providerNestedParams,
  body: providerContactInput,
  result: providerUpserted(providerContact),
});

export const providerBulkContacts = defineEndpoint({
  method: 'POST',
  path: `${account}/contacts/bulk`,
  summary: 'Create (each with its invitation e-mail) or update up to 1,000 contacts in one transaction (all or none)',
  tag: 'Contacts',
  access: 'provider',
  scope: 'contacts:write',
  params: providerAccountScopedParams,
  body: providerContactBulkInput,
  result: providerBulkResult,
});

export const providerListContacts = defineEndpoint({
  method: 'GET',
  path: `${account}/contacts`,
  summary: 'The account’s contacts, paged by cursor, optionally only those changed since a moment',
  tag: 'Contacts',
  access: 'provider',
  scope: 'contacts:read',
  params: providerAccountScopedParams,
  query: providerListQuery,
  result: providerPage(providerContact),
});

export const providerPutService = defineEndpoint({
  method: 'PUT',
  path: `${account}/services/:external_id`,
  summary: 'Create or update a service the account subscribes to',
  tag: 'Services',
  access: 'provider',
  scope: 'services:write',
  params: providerNestedParams,
  body: providerServiceInput,
  result: providerUpserted(providerService),
});

export const providerBulkServices = defineEndpoint({
  method: 'POST',
  path: `${account}/services/bulk`,
  summary: 'Create or update up to 1,000 services of the account in one transaction (all or none)',
  tag: 'Services',
  access: 'provider',
  scope: 'services:write',
  params: providerAccountScopedParams,
  body: providerServiceBulkInput,
  result: providerBulkResult,
});

export const providerListServices = defineEndpoint({
  method: 'GET',
  path: `${account}/services`,
  summary: 'The account’s services, paged by cursor',
  tag: 'Services',
  access: 'provider',
  scope: 'services:read',
  params: providerAccountScopedParams,
  query: providerListQuery,
  result: providerPage(providerService),
});

export const providerPutTicket = defineEndpoint({
  method: 'PUT',
  path: `${account}/tickets/:external_id`,
  summary: 'Create or update a ticket, with any conversation entries given',
  tag: 'Tickets',
  access: 'provider',
  scope: 'tickets:write',
  params: providerNestedParams,
  body: providerTicketInput,
  result: providerUpserted(providerTicket),
});

export const providerBulkTickets = defineEndpoint({
  method: 'POST',
  path: `${account}/tickets/bulk`,
  summary: 'Create or update up to 1,000 tickets in one transaction (all or none)',
  tag: 'Tickets',
  access: 'provider',
  scope: 'tickets:write',
  params: providerAccountScopedParams,
  body: providerTicketBulkInput,
  result: providerBulkResult,
});

export const providerListTickets = defineEndpoint({
  method: 'GET',
  path: `${account}/tickets`,
  summary: 'The account’s tickets (including those customers opened in the portal), paged by cursor',
  tag: 'Tickets',
  access: 'provider',
  scope: 'tickets:read',
  params: providerAccountScopedParams,
  query: providerListQuery,
  result: providerPage(providerTicket),
});

export const providerPutTicketEntry = defineEndpoint({
  method: 'PUT',
  path: `${account}/tickets/:ticket_external_id/entries/:external_id`,
  summary: 'Create or update one conversation entry: a technician’s reply or a private note',
  tag: 'Tickets',
  access: 'provider',
  scope: 'tickets:write',
  params: providerTicketEntryParams,
  body: providerTicketEntryInput,
  result: providerUpserted(providerTicketEntry),
});

export const providerListTicketEntries = defineEndpoint({
  method: 'GET',
  path: `${account}/ticket-entries`,
  summary: 'Conversation entries of all the account’s tickets (customers’ replies included), paged by cursor',
  tag: 'Tickets',
  access: 'provider',
  scope: 'tickets:read',
  params: providerAccountScopedParams,
  query: providerListQuery,
  result: providerPage(providerTicketEntry),
});

/**
 * A technician's files for one entry (decision 0047): multipart/form-data, one part a file (any part name), at most 10
 * an entry of 25 MB each; typed from their bytes; all stored or none.
 */
export const providerUploadTicketEntryAttachments = defineEndpoint({
  method: 'POST',
  path: `${account}/tickets/:ticket_external_id/entries/:external_id/attachments`,
  summary: 'Attach files to one conversation entry (multipart/form-data; at most 10 files of 25 MB an entry)',
  tag: 'Tickets',
  access: 'provider',
  scope: 'tickets:write',
  params: providerTicketEntryParams,
  result: z.object({ items: z.array(ticketAttachment) }),
});

export const providerListTicketRatings = defineEndpoint({
  method: 'GET',
  path: `${base}/ticket-ratings`,
  summary: 'Satisfaction ratings of completed tickets, per account, per technician and by period, with their count and average',
  tag: 'Tickets',
  access: 'provider',
  scope: 'tickets:read',
  query: providerRatingsQuery,
  result: providerRatingsPage,
});

export const providerPutStatement = defineEndpoint({
  method: 'PUT',
  path: `${account}/statements/:external_id`,
  summary: 'Post or correct a statement with its lines',
  tag: 'Billing',
  access: 'provider',
  scope: 'billing:write',
  params: providerNestedParams,
  body: providerStatementInput,
  result: providerUpserted(providerStatement),
});

export const providerListStatements = defineEndpoint({
  method: 'GET',
  path: `${account}/statements`,
  summary: 'The account’s statements, paged by cursor',
  tag: 'Billing',
  access: 'provider',
  scope: 'billing:read',
  params: providerAccountScopedParams,
  query: providerListQuery,
  result: providerPage(providerStatement),
});

export const providerPutPayment = defineEndpoint({
  method: 'PUT',
  path: `${account}/payments/:external_id`,
  summary: 'Record a payment received outside the portal',
  tag: 'Billing',
  access: 'provider',
  scope: 'billing:write',
  params: providerNestedParams,
  body: providerPaymentInput,
  result: providerUpserted(providerPayment),
});

export const providerListPayments = defineEndpoint({
  method: 'GET',
  path: `${account}/payments`,
  summary: 'The account’s payments, those made in the portal included, paged by cursor',
  tag: 'Billing',
  access: 'provider',
  scope: 'billing:read',
  params: providerAccountScopedParams,
  query: providerListQuery,
  result: providerPage(providerPayment),
});

export const providerPutOrder = defineEndpoint({
  method: 'PUT',
  path: `${account}/orders/:external_id`,
  summary: 'Create or update an order; order_items, when given, replace its items',
  tag: 'Billing',
  access: 'provider',
  scope: 'billing:write',
  params: providerNestedParams,
  body: providerOrderInput,
  result: providerUpserted(providerOrder),
});

export const providerListOrders = defineEndpoint({
  method: 'GET',
  path: `${account}/orders`,
  summary: 'The account’s orders with their items, paged by cursor',
  tag: 'Billing',
  access: 'provider',
  scope: 'billing:read',
  params: providerAccountScopedParams,
  query: providerListQuery,
  result: providerPage(providerOrder),
});
