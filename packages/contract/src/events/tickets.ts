import { z } from 'zod';
import { addressee } from './common.js';

/** Files a command attached, each with the signed link a webhook carries (decision 0047). */
const attachments = z
  .array(z.object({ id: z.number().int(), file_name: z.string(), size: z.number().int(), content_type: z.string(), download_url: z.string() }))
  .default([]);

const ticketRef = z.object({
  id: z.number().int(),
  external_id: z.string().nullable(),
  ticket_number: z.string(),
  subject: z.string(),
  status: z.string(),
  priority: z.string(),
});

/** The tickets' events (decision 0041). */
export const ticketEventData = {
  /** A contact opened a ticket in the portal. */
  'ticket.opened': z.object({ ticket: ticketRef.extend({ description: z.string() }), attachments }),
  /** A contact added a response to a ticket's conversation. */
  'ticket.replied': z.object({
    ticket: ticketRef,
    entry: z.object({ id: z.number().int(), created_by: z.string(), content: z.string() }),
    /** The ticket's contact (whom the reply concerns), null when it has none. */
    contact_id: z.number().int().nullable(),
    attachments,
  }),
  /** The provider's systems created or changed one ticket (its entries included). */
  'ticket.pushed': z.object({
    ticket_id: z.number().int(),
    external_id: z.string(),
    created: z.boolean(),
    entries: z.number().int(),
    /** The status it had before this push, when the push changed it (null: unchanged, or a new ticket). */
    status_from: z.string().nullable().default(null),
    status: z.string().default(''),
    ticket_number: z.string().default(''),
    subject: z.string().default(''),
    /** The ticket's contact, whom a status change concerns. */
    contact_id: z.number().int().nullable().default(null),
  }),
  /** The provider's systems wrote a batch of tickets; the counts of what changed. */
  'tickets.bulk_pushed': z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
  /**
   * The provider's systems added or changed one entry of a ticket's conversation: a technician's reply, a private note,
   * or a mail the help desk took in. `notify` is the ticket's contact when a new entry is theirs to read, else null.
   */
  'ticket.entry_pushed': z.object({
    ticket: ticketRef,
    entry: z.object({
      id: z.number().int(),
      external_id: z.string(),
      created_by: z.string(),
      author_email: z.string(),
      content: z.string(),
      is_internal: z.boolean(),
      visible_to_customer: z.boolean(),
    }),
    created: z.boolean(),
    notify: addressee.nullable(),
  }),
  /** The provider's systems attached files to one entry of a ticket's conversation (docs/decisions/0047). */
  'ticket.entry_files_pushed': z.object({
    ticket: z.object({ id: z.number().int(), external_id: z.string() }),
    entry: z.object({ id: z.number().int(), external_id: z.string(), visible_to_customer: z.boolean() }),
    files: z.array(z.object({ id: z.number().int(), file_name: z.string(), size: z.number().int(), content_type: z.string() })),
  }),
  /** The ticket's contact marked it resolved (docs/decisions/0047); the status stays the provider's. */
  'ticket.resolved_by_customer': z.object({ ticket: ticketRef, note: z.string().nullable(), reopen_until: z.string() }),
  /** The contact took back their resolve within the days allowed. */
  'ticket.reopened_by_customer': z.object({ ticket: ticketRef }),
  /** "How did we do?": a rating given or changed; the technician is who last wrote for the provider. */
  'ticket.rated': z.object({
    ticket: ticketRef,
    rating: z.object({
      score: z.number().int(),
      comment: z.string().nullable(),
      technician_name: z.string().nullable(),
      technician_email: z.string().nullable(),
      changed: z.boolean(),
    }),
  }),
} satisfies Record<string, z.ZodObject>;
export type TicketEventType = keyof typeof ticketEventData;
