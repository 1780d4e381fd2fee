import {
  DEFAULT_TICKET_SORT,
  DEFAULT_TICKET_STATUS_FILTER,
  DEFAULT_TICKET_TIME_ZONE,
  isClosedTicketStatus,
  TICKET_DESCRIPTION_PREVIEW,
  type TicketSummary,
  type TICKET_SORTS,
  type TICKET_STATUS_FILTERS,
} from '@portal/contract';
import { formatDate, relativeTimeFormat } from '../../shared/format';

/**
 * The tickets screen's heading (spec §2). The title is also painted by the skeleton the server sends before the
 * app's scripts (decision 0022), which imports it from here, not from the page and its HTML sanitizer.
 */
export const TICKETS_TITLE = 'Support Tickets';
export const ADMIN_SUBTITLE = 'All tickets for your organization';
export const USER_SUBTITLE = 'Your assigned tickets';

export type TicketStatusFilter = (typeof TICKET_STATUS_FILTERS)[number];
export type TicketSort = (typeof TICKET_SORTS)[number];

export interface TicketFilters {
  search: string;
  status: TicketStatusFilter;
  sort: TicketSort;
}

export const DEFAULT_TICKET_FILTERS: TicketFilters = { search: '', status: DEFAULT_TICKET_STATUS_FILTER, sort: DEFAULT_TICKET_SORT };

/** Spec §9's filter options, in its order; '' is "All Tickets". */
export const STATUS_FILTER_OPTIONS: { value: TicketStatusFilter; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: '', label: 'All Tickets' },
  { value: 'New', label: 'New' },
  { value: 'Assigned', label: 'Assigned' },
  { value: 'Accepted', label: 'Accepted' },
  { value: 'In Progress', label: 'In Progress' },
  { value: 'On Hold', label: 'On Hold' },
  { value: 'closed', label: 'Closed' },
  { value: 'Complete', label: 'Complete' },
  { value: 'Cancelled', label: 'Cancelled' },
];

export const SORT_OPTIONS: { value: TicketSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'updated', label: 'Recently updated' },
  { value: 'priority', label: 'Priority' },
];

export const statusFilterLabel = (value: TicketStatusFilter) => STATUS_FILTER_OPTIONS.find((o) => o.value === value)?.label ?? value;
export const sortLabel = (value: TicketSort) => SORT_OPTIONS.find((o) => o.value === value)?.label ?? value;

export function hasNonDefaultFilter(filters: TicketFilters): boolean {
  return filters.search.trim() !== '' || filters.status !== DEFAULT_TICKET_FILTERS.status || filters.sort !== DEFAULT_TICKET_FILTERS.sort;
}

/** Spec §2/§9: the first 150 characters, then '...'. */
export function descriptionPreview(text: string): string {
  return text.length > TICKET_DESCRIPTION_PREVIEW ? `${text.slice(0, TICKET_DESCRIPTION_PREVIEW)}...` : text;
}

/** Spec §2: 'ITP' when the sender's address contains the provider's domain, otherwise 'Customer'. */
export function senderLabel(fromAddress: string, providerDomain: string): 'ITP' | 'Customer' {
  return providerDomain !== '' && fromAddress.toLowerCase().includes(providerDomain.toLowerCase()) ? 'ITP' : 'Customer';
}

export const PORTAL_SUFFIX = ' (Customer Portal)';
/** Spec §2: a created_by ending in ' (Customer Portal)' marks an entry written in the portal. */
export function authorOf(createdBy: string): { name: string; viaPortal: boolean } {
  return createdBy.endsWith(PORTAL_SUFFIX) ? { name: createdBy.slice(0, -PORTAL_SUFFIX.length), viaPortal: true } : { name: createdBy, viaPortal: false };
}

/** Spec §9: ticket times in the user's zone, America/New_York when none is set. */
export const ticketTimeZone = (timeZone: string | undefined) => (timeZone && timeZone.trim() !== '' ? timeZone : DEFAULT_TICKET_TIME_ZONE);

/** Text shades are the darkest of each colour, so every badge passes WCAG AA contrast. */
const STATUS_COLOURS: Record<string, string> = {
  New: 'blue',
  Assigned: 'indigo',
  Accepted: 'cyan',
  'In Progress': 'yellow',
  'On Hold': 'orange',
  Complete: 'green',
  Reviewed: 'teal',
  Billed: 'grape',
  Cancelled: 'gray',
  // Spec §4: badge styling also knows these.
  open: 'blue',
  'in progress': 'yellow',
  resolved: 'green',
  closed: 'gray',
};
export const statusColour = (status: string) => STATUS_COLOURS[status] ?? 'gray';

const PRIORITY_COLOURS: Record<string, string> = { urgent: 'red', high: 'orange', medium: 'blue', low: 'gray' };
export const priorityColour = (priority: string) => PRIORITY_COLOURS[priority] ?? 'gray';
export const priorityLabel = (priority: string) => priority.charAt(0).toUpperCase() + priority.slice(1);

/**
 * Past its due date and not closed (docs/product.md §2; a closed ticket is never overdue). Open statuses
 * include On Hold: waiting does not stop the clock the provider promised.
 */
export function isTicketOverdue(ticket: Pick<TicketSummary, 'due_date' | 'status'>, now: number = Date.now()): boolean {
  return ticket.due_date !== null && !isClosedTicketStatus(ticket.status) && Date.parse(ticket.due_date) < now;
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];
/** Older than this, a message shows its date instead of "n days ago". */
const RELATIVE_FOR_DAYS = 30;

/**
 * When a message was written, as people say it ("5 minutes ago", "2 hours ago",
 * "yesterday", "9 days ago"); after 30 days its date in the user's zone. The exact time goes in a title
 * (docs/product.md §2).
 */
export function conversationWhen(iso: string, timeZone: string, now: Date = new Date()): string {
  const seconds = (Date.parse(iso) - now.getTime()) / 1000;
  if (-seconds >= RELATIVE_FOR_DAYS * 86_400) return formatDate(iso, timeZone);
  const format = relativeTimeFormat();
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** A count the server capped (docs/decisions/0027) reads "10,000+"; an exact one as it is. */
export const formatTicketCount = (count: number, capped = false) => `${count.toLocaleString('en-US')}${capped ? '+' : ''}`;
