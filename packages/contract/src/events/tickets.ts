import { z } from 'zod';
import { addressee } from './common.js';

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
  'ticket.opened': z.object({ ticket: ticketRef.extend({ description: z.string() }) }),
  /** A contact added a response to a ticket's conversation. */
  'ticket.replied': z.object({
    ticket: ticketRef,
    entry: z.object({ id: z.number().int(), created_by: z.string(), content: z.string() }),
    /** The ticket's contact (whom the reply concerns), null when it has none. */
    contact_id: z.number().int().nullable(),
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
} satisfies Record<string, z.ZodObject>;
export type TicketEventType = keyof typeof ticketEventData;
