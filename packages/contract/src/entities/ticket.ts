import { z } from 'zod';
import {
  TICKET_PRIORITIES,
  TICKET_RESPONSE_MAX_LENGTH,
  TICKET_SORTS,
  TICKET_STATUSES,
  TICKET_STATUS_FILTERS,
  DEFAULT_TICKET_SORT,
  DEFAULT_TICKET_STATUS_FILTER,
  TICKET_PAGE_LIMIT,
  TICKET_MAX_OFFSET,
  CLOSED_TICKET_STATUSES,
  TICKET_CONVERSATION_PAGE,
  TICKET_NOTE_MAX_LENGTH,
} from '../constants.js';
import { timestamp, openEnum } from './common.js';
import { multiLineText, singleLineText } from './text.js';

/**
 * A file attached to a ticket's description or to an entry (docs/decisions/0047). `content_type` was decided from the
 * bytes; `inline` says the file is a raster image the portal shows from its inline path, `thumbnail` whether a small
 * picture of it is ready. Everything else is only ever a download.
 */
export const ticketAttachment = z.object({
  id: z.number().int(),
  file_name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  inline: z.boolean(),
  thumbnail: z.boolean(),
  created_date: timestamp,
});
export type TicketAttachment = z.infer<typeof ticketAttachment>;

export const conversationEntry = z.object({
  id: z.number().int(),
  created_by: z.string(),
  from_address: z.string(),
  created_date: timestamp,
  updated_date: timestamp,
  content: z.string(),
  is_internal: z.boolean(),
  // Beyond the spec, so optional (docs/decisions/0029).
  attachments: z.array(ticketAttachment).optional(),
});
export type ConversationEntry = z.infer<typeof conversationEntry>;

export const ticketSummary = z.object({
  id: z.number().int(),
  ticket_number: z.string(),
  subject: z.string(),
  status: openEnum(TICKET_STATUSES),
  priority: openEnum(TICKET_PRIORITIES),
  description: z.string(),
  created_date: timestamp,
  last_modified_date: timestamp,
  due_date: timestamp.nullable(),
  is_billable: z.boolean(),
  is_taxable: z.boolean(),
  time_rounded: z.number(),
});
export type TicketSummary = z.infer<typeof ticketSummary>;

/**
 * A closed ticket (Complete, Reviewed, Billed, Cancelled: the 'closed' filter of docs/product.md §9).
 * It takes no more replies (docs/decisions/0018) and is never overdue; server and screen both ask this.
 */
export function isClosedTicketStatus(status: string): boolean {
  return (CLOSED_TICKET_STATUSES as readonly string[]).includes(status);
}

/**
 * A ticket with the newest part of its conversation (docs/decisions/0027): at most
 * TICKET_CONVERSATION_PAGE entries, newest first; `conversation_has_more` says that older ones
 * exist, fetched through `GET /crm/nable-tickets/:id/conversation?before=<oldest id shown>`.
 */
/**
 * The customer marked the ticket resolved (docs/decisions/0047): the status stays the provider's, which hears of it;
 * the customer may take it back until `reopen_until`.
 */
export const customerResolution = z.object({
  resolved_date: timestamp,
  note: z.string().nullable(),
  reopen_until: timestamp,
});
export type CustomerResolution = z.infer<typeof customerResolution>;

/** "How did we do?": 1 to 5 and an optional comment, changeable until `changeable_until` (docs/decisions/0047). */
export const ticketRating = z.object({
  score: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  rated_date: timestamp,
  changeable_until: timestamp,
});
export type TicketRating = z.infer<typeof ticketRating>;

export const ticket = ticketSummary.extend({
  conversation: z.array(conversationEntry),
  conversation_has_more: z.boolean().default(false),
  // Beyond the spec (docs/decisions/0047), so optional: a server answering as the spec does leaves them out.
  resolved_by_customer: customerResolution.nullable().optional(),
  rating: ticketRating.nullable().optional(),
  /** The files of the ticket's own description (those of replies are on their entries). */
  attachments: z.array(ticketAttachment).optional(),
  /** The caller is asked "How did we do?" now: the work is done, they are its contact, and a rating may still be given or changed. */
  rating_asked: z.boolean().optional(),
});
export type Ticket = z.output<typeof ticket>;

export const conversationPageQuery = z.object({
  /** The oldest entry shown so far: the page holds the entries before it, newest first. */
  before: z.coerce
    .number({ error: 'before must be an entry id' })
    .int('before must be an entry id')
    .min(1, 'before must be an entry id')
    .max(2_147_483_647, 'before must be an entry id'),
  limit: z.coerce.number().int().min(1).max(TICKET_CONVERSATION_PAGE).default(TICKET_CONVERSATION_PAGE),
});

export const conversationPage = z.object({
  entries: z.array(conversationEntry),
  /** Entries older than the last of these remain. */
  has_more: z.boolean(),
});
export type ConversationPage = z.infer<typeof conversationPage>;

export const ticketListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(TICKET_PAGE_LIMIT).default(TICKET_PAGE_LIMIT),
  /** Beyond the spec (docs/decisions/0019): how many matching tickets to skip, for the screen's pages. */
  offset: z.coerce
    .number({ error: 'Offset must be a number' })
    .int('Offset must be a whole number')
    .min(0, 'Offset cannot be negative')
    .max(TICKET_MAX_OFFSET, `Offset must be at most ${TICKET_MAX_OFFSET}`)
    .default(0),
  /**
   * Beyond the spec (issue 36): the page after a previous page, by its `next_cursor`. The page then starts after that
   * page's last ticket, whatever arrived since; `offset` still says which page it is, for the count.
   */
  after: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,300}$/, 'after must be the next_cursor of a previous page of the same sort')
    .optional(),
  search: singleLineText('Search').trim().max(200, 'Search must be at most 200 characters').optional(),
  status: z.enum(TICKET_STATUS_FILTERS, { error: 'Unknown status filter' }).default(DEFAULT_TICKET_STATUS_FILTER),
  sort: z.enum(TICKET_SORTS, { error: 'Sort must be newest, oldest, updated or priority' }).default(DEFAULT_TICKET_SORT),
});

/**
 * A ticket as the list shows it (docs/decisions/0033): the summary, who raised it and who
 * handles it, and whether it waits for the customer's reply. Beyond the spec: optional in `accepts`.
 */
export const listedTicket = ticketSummary.extend({
  /** The ticket's contact (the customer's person it is assigned to); null when it has none. */
  raised_by: z.string().nullable(),
  /** The provider's person who last wrote in its conversation (as the customer sees it); null before anyone did. */
  handled_by: z.string().nullable(),
  /** Open, and the newest entry the customer sees is the provider's asking a question: the next move is the customer's. */
  waiting_for_customer: z.boolean(),
});
export type ListedTicket = z.infer<typeof listedTicket>;

export const ticketList = z.object({
  tickets: z.array(listedTicket),
  /** Matches in all; a lower bound when `total_count_capped` (docs/decisions/0027). */
  total_count: z.number().int(),
  /** More than `total_count` tickets match: counting stopped at the cap ("10,000+"). */
  total_count_capped: z.boolean().default(false),
  /** The caller is an administrator (docs/product.md §2: the 'Admin View' badge). */
  is_admin_view: z.boolean(),
  /**
   * Whose tickets the list holds: the whole account's (administrators and technical contacts,
   * docs/decisions/0031) or those assigned to the caller. The dashboard's `tickets_scope`, the same policy.
   */
  tickets_scope: z.enum(['account', 'assigned']),
  /** Beyond the spec (issue 36): where the next page starts (its `after`); null on a page that is not full. */
  next_cursor: z.string().nullable().optional(),
});
export type TicketList = z.output<typeof ticketList>;

/** The list as a client accepts it (docs/decisions/0029): the spec's fields; `tickets_scope` is this server's. */
export const acceptedListedTicket = listedTicket.partial({ raised_by: true, handled_by: true, waiting_for_customer: true });
export type AcceptedListedTicket = z.output<typeof acceptedListedTicket>;
export const acceptedTicketList = ticketList.partial({ tickets_scope: true }).extend({ tickets: z.array(acceptedListedTicket) });
export type AcceptedTicketList = z.output<typeof acceptedTicketList>;

/** Files uploaded beforehand (`POST /crm/ticket-attachments`) that a new ticket or a reply carries. */
const attachmentIds = z
  .array(z.number().int().min(1).max(2_147_483_647), { error: 'attachment_ids must be a list of attachment ids' })
  .max(100, 'At most 100 attachment ids')
  .optional();

export const ticketResponseInput = z.object({
  description: multiLineText('Response', 'description is required')
    .trim()
    .min(1, 'Response cannot be empty')
    .max(TICKET_RESPONSE_MAX_LENGTH, `Response must be at most ${TICKET_RESPONSE_MAX_LENGTH} characters`),
  attachment_ids: attachmentIds,
});

export type TicketResponseInput = z.infer<typeof ticketResponseInput>;

export const newTicketInput = z.object({
  subject: singleLineText('Subject', 'Subject is required').trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
  description: multiLineText('Description', 'Description is required')
    .trim()
    .min(1, 'Description is required')
    .max(TICKET_RESPONSE_MAX_LENGTH, `Description must be at most ${TICKET_RESPONSE_MAX_LENGTH} characters`),
  priority: z.enum(TICKET_PRIORITIES, { error: 'Priority must be urgent, high, medium or low' }).default('medium'),
  attachment_ids: attachmentIds,
});
export type NewTicketInput = z.input<typeof newTicketInput>;
export type TicketListQuery = z.input<typeof ticketListQuery>;

const note = (label: string) => multiLineText(label).trim().max(TICKET_NOTE_MAX_LENGTH, `${label} must be at most ${TICKET_NOTE_MAX_LENGTH} characters`);

/** Marking one's ticket resolved, with an optional note for the help desk. */
export const resolveTicketInput = z.object({ note: note('Note').optional() });

export const rateTicketInput = z.object({
  score: z
    .number({ error: 'Choose a rating from 1 to 5' })
    .int('Choose a rating from 1 to 5')
    .min(1, 'Choose a rating from 1 to 5')
    .max(5, 'Choose a rating from 1 to 5'),
  comment: note('Comment').optional(),
});
