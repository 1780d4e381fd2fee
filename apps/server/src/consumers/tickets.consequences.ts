import type { TicketEventType } from '@portal/contract';
import { ticketReplyMail } from '../modules/tickets/index.js';
import { webhookActor, type ConsequenceTable } from './consequences.js';

/** What the tickets' events cause (decision 0041). Opening and replying are not audited: a ticket's conversation is its record. */
export const ticketConsequences: ConsequenceTable<TicketEventType> = {
  'ticket.opened': {
    webhook: (event) => ({ type: 'ticket.created', data: { ticket: event.data.ticket, attachments: event.data.attachments, by: webhookActor(event.actor) } }),
  },
  'ticket.replied': {
    // The customer's reply was written here, so the provider has no id of it yet.
    webhook: (event) => ({
      type: 'ticket.reply',
      data: {
        ticket: event.data.ticket,
        entry: { ...event.data.entry, external_id: null },
        attachments: event.data.attachments,
        by: webhookActor(event.actor),
      },
    }),
  },
  'ticket.pushed': {
    audit: ({ data }) => ({
      action: data.created ? 'provider.ticket_created' : 'provider.ticket_updated',
      details: { ticket_id: data.ticket_id, external_id: data.external_id, entries: data.entries },
    }),
  },
  'tickets.bulk_pushed': {
    audit: ({ data }) => ({ action: 'provider.tickets_bulk', details: { ...data } }),
  },
  'ticket.entry_pushed': {
    audit: ({ data }) => ({
      action: data.created ? 'provider.ticket_entry_created' : 'provider.ticket_entry_updated',
      details: { ticket_id: data.ticket.id, entry_id: data.entry.id, external_id: data.entry.external_id },
    }),
    // Only a new entry the customer reads is news; a private note or a correction of the PSA's record is not.
    webhook: ({ data, actor }) =>
      data.created && data.entry.visible_to_customer
        ? { type: 'ticket.entry_pushed', data: { ticket: data.ticket, entry: data.entry, by: webhookActor(actor) } }
        : undefined,
    // The pushing command names whom to tell: the ticket's contact, for a new entry they can read.
    mails: async ({ data }, { config }) => {
      const { ticket, entry, notify } = data;
      if (!notify || notify.email.toLowerCase() === entry.author_email.toLowerCase()) return [];
      return [
        await ticketReplyMail({
          to: notify.email,
          firstname: notify.firstname,
          ticket,
          author: entry.created_by,
          content: entry.content,
          providerName: config.provider.name,
          portalUrl: config.publicUrl,
        }),
      ];
    },
  },
  // The provider sent the files itself, so no webhook tells it; the audit log keeps that they came.
  'ticket.entry_files_pushed': {
    audit: ({ data }) => ({
      action: 'provider.ticket_entry_files_added',
      details: { ticket_id: data.ticket.id, entry_id: data.entry.id, files: data.files.map((file) => file.file_name) },
    }),
  },
  'ticket.resolved_by_customer': {
    audit: ({ data }) => ({ action: 'ticket.resolved_by_customer', details: { ticket_id: data.ticket.id } }),
    webhook: ({ data, actor }) => ({ type: 'ticket.resolved_by_customer', data: { ...data, by: webhookActor(actor) } }),
  },
  'ticket.reopened_by_customer': {
    audit: ({ data }) => ({ action: 'ticket.reopened_by_customer', details: { ticket_id: data.ticket.id } }),
    webhook: ({ data, actor }) => ({ type: 'ticket.reopened_by_customer', data: { ...data, by: webhookActor(actor) } }),
  },
  'ticket.rated': {
    webhook: ({ data, actor }) => ({ type: 'ticket.rated', data: { ...data, by: webhookActor(actor) } }),
  },
};
