import { endpoints } from '@portal/contract';
import { Respond, route, type EndpointRoute } from '../../http/register-endpoints.js';
import type { TicketService } from './tickets.service.js';
import type { TicketAttachments } from './attachments.js';
import { attachmentRoutes } from './attachments.routes.js';

export function ticketRoutes(tickets: TicketService, attachments: TicketAttachments): EndpointRoute[] {
  return [
    ...attachmentRoutes(attachments),
    // The list and the detail are the portal's busiest answers: serialized by schema (docs/decisions/0027).
    route(endpoints.listTickets, async ({ caller, query }) => tickets.list(caller, query), { serializeBySchema: true }),
    route(endpoints.getTicket, async ({ caller, params }) => tickets.get(caller, params.id), { serializeBySchema: true }),
    route(endpoints.listTicketConversation, async ({ caller, params, query }) => tickets.conversation(caller, params.id, query), { serializeBySchema: true }),
    route(
      endpoints.respondToTicket,
      async ({ caller, params, body, client }) =>
        new Respond(await tickets.respond(caller, params.id, body.description, client, body.attachment_ids), 'Your response was added.'),
    ),
    route(
      endpoints.resolveTicket,
      async ({ caller, params, body, client }) => new Respond(await tickets.resolve(caller, params.id, body.note, client), 'The ticket is marked resolved.'),
    ),
    route(
      endpoints.reopenTicket,
      async ({ caller, params, client }) => new Respond(await tickets.reopen(caller, params.id, client), 'The ticket is reopened.'),
    ),
    route(
      endpoints.rateTicket,
      async ({ caller, params, body, client }) => new Respond(await tickets.rate(caller, params.id, body, client), 'Thank you for your rating.'),
    ),
    route(endpoints.createTicket, async ({ caller, body, client }) => new Respond(await tickets.create(caller, body, client), 'Your ticket was opened.', 201)),
  ];
}
