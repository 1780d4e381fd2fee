/**
 * The tickets capability's public entry (decision 0041): its commands and queries, for the customer routes, the
 * provider API, the dashboard and the event consumers. The tickets and ticket_entries tables are this module's.
 */
export { createTicketService, type TicketService, PORTAL_AUTHOR_SUFFIX, CLOSED_TICKET_TAKES_NO_REPLIES } from './tickets.service.js';
export { createTicketSync, type TicketSync, type PushedTicket, type PushedEntry, type SyncedTicketRow, type SyncedEntryRow } from './ticket-sync.js';
export { ticketReplyMail } from './tickets.mails.js';
export { ticketScopeOf, ticketsScopeName, type TicketScope } from './tickets.policy.js';
export { countOpenTickets, recentReplies, recentTickets, ticketTrend } from './ticket-figures.repository.js';
export { ticketContactOf } from './tickets.repository.js';
export { ratingFigures, listRatings, type RatingFilter, type RatingRow } from './ticket-feedback.repository.js';
export { createTicketAttachments, fileTooLarge, THUMBNAIL_QUEUE, tooManyFiles, type TicketAttachments } from './attachments.js';
export { createPostgresAttachmentStorage } from './attachment-chunks.repository.js';
export { sweepAbandonedUploads, sweepOrphanedBytes } from './attachments.repository.js';
