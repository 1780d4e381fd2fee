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
