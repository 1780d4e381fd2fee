import { defineEndpoint } from '../endpoint.js';
import { z } from 'zod';
import { idParams, resultWhenSent } from '../entities/common.js';
import {
  acceptedTicketList,
  conversationPage,
  conversationPageQuery,
  newTicketInput,
  ticket,
  ticketList,
  ticketListQuery,
  rateTicketInput,
  ticketAttachment,
  resolveTicketInput,
  ticketResponseInput,
} from '../entities/ticket.js';

const tag = 'Tickets';

export const listTickets = defineEndpoint({
  method: 'GET',
  path: '/crm/nable-tickets',
  summary: 'Tickets: all of the account’s for admins and technical contacts, otherwise those assigned to the caller',
  tag,
  access: 'user',
  query: ticketListQuery,
  result: ticketList,
  accepts: acceptedTicketList,
});

export const getTicket = defineEndpoint({
  method: 'GET',
  path: '/crm/nable-tickets/:id',
  summary: 'One ticket with the newest entries of its conversation, newest first',
  tag,
  access: 'user',
  params: idParams,
  result: ticket,
});

export const listTicketConversation = defineEndpoint({
  method: 'GET',
  path: '/crm/nable-tickets/:id/conversation',
  summary: 'Older entries of a ticket’s conversation, newest first, before a given entry',
  tag,
  access: 'user',
  params: idParams,
  query: conversationPageQuery,
  result: conversationPage,
});

export const respondToTicket = defineEndpoint({
  method: 'POST',
  path: '/crm/nable-tickets/:id',
  summary: 'Add a response to a ticket’s conversation',
  tag,
  access: 'user',
  params: idParams,
  body: ticketResponseInput,
  result: ticket,
  // §7 describes no result (§4: the ticket is reloaded after a response).
  accepts: resultWhenSent(ticket),
});

export const createTicket = defineEndpoint({
  method: 'POST',
  path: '/crm/nable-tickets',
  summary: 'Open a new ticket, assigned to the caller',
  tag,
  access: 'user',
  body: newTicketInput,
  result: ticket,
});

/** Beyond the spec (docs/decisions/0047): the customer says the problem is solved; the provider's PSA hears it. */
export const resolveTicket = defineEndpoint({
  method: 'POST',
  path: '/crm/nable-tickets/:id/resolve',
  summary: 'Mark one’s ticket resolved, with an optional note; the status stays the provider’s, which is told',
  tag,
  access: 'user',
  params: idParams,
  body: resolveTicketInput,
  result: ticket,
});

export const reopenTicket = defineEndpoint({
  method: 'POST',
  path: '/crm/nable-tickets/:id/reopen',
  summary: 'Take back one’s resolve within 7 days; the provider is told',
  tag,
  access: 'user',
  params: idParams,
  result: ticket,
});

export const rateTicket = defineEndpoint({
  method: 'PUT',
  path: '/crm/nable-tickets/:id/rating',
  summary: '“How did we do?”: rate a completed ticket 1 to 5 with an optional comment; changeable for 7 days',
  tag,
  access: 'user',
  params: idParams,
  body: rateTicketInput,
  result: ticket,
});

/**
 * One file, as multipart/form-data (a single part named `file`), uploaded before the ticket or reply that carries it
 * (docs/decisions/0047): the uploader's alone until then. Its type is decided from its bytes. 413 past the file's or
 * the account's limit.
 */
export const uploadTicketAttachment = defineEndpoint({
  method: 'POST',
  path: '/crm/ticket-attachments',
  summary: 'Upload one file (multipart/form-data, part `file`) for a new ticket or a reply; at most 25 MB',
  tag,
  access: 'user',
  result: ticketAttachment,
});

/** The file's bytes, always as a download (`Content-Disposition: attachment`, nosniff, a sandboxing CSP). */
export const downloadTicketAttachment = defineEndpoint({
  method: 'GET',
  path: '/crm/ticket-attachments/:id',
  summary: 'Download an attachment of a ticket the caller sees (never one of a private note)',
  tag,
  access: 'user',
  params: idParams,
  result: z.null(),
});

/** A raster image (PNG, JPEG, GIF, WebP) shown in the page; anything else is 404 here and only a download. */
export const viewTicketAttachment = defineEndpoint({
  method: 'GET',
  path: '/crm/ticket-attachments/:id/inline',
  summary: 'An image attachment shown inline (raster images only)',
  tag,
  access: 'user',
  params: idParams,
  result: z.null(),
});

/** An image's thumbnail (WebP, at most 320 px a side), made in the job queue; 404 until it is ready. */
export const ticketAttachmentThumbnail = defineEndpoint({
  method: 'GET',
  path: '/crm/ticket-attachments/:id/thumbnail',
  summary: 'The thumbnail of an image attachment (WebP), once made',
  tag,
  access: 'user',
  params: idParams,
  result: z.null(),
});

/**
 * A signed link an outgoing webhook carries (decision 0047): the file for whoever holds the link, until it expires,
 * always as a download. 404 for a link this server did not sign, that expired, or whose file is gone.
 */
export const openAttachmentLink = defineEndpoint({
  method: 'GET',
  path: '/crm/ticket-attachment-links/:token',
  summary: 'Download an attachment by the signed link a webhook carried (7 days)',
  tag,
  access: 'public',
  params: z.object({ token: z.string().max(200) }),
  result: z.null(),
});
