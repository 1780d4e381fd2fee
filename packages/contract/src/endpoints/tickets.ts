import { defineEndpoint } from '../endpoint.js';
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
