import { TICKET_PAGE_LIMIT, TICKET_SORTS, TICKET_STATUS_FILTERS } from '@portal/contract';
import { DEFAULT_TICKET_FILTERS, type TicketFilters, type TicketSort, type TicketStatusFilter } from './ticket-display';

/**
 * Decision 0019: the tickets screen lives in its address. Filters, search, sort and page are query
 * parameters (`/tickets?status=closed&sort=priority&q=printer&page=2`), a ticket is
 * `/tickets/{id}` (with the list's parameters kept, so closing it returns to the same list).
 * The defaults are left out, so the default screen is the plain `/tickets`.
 */
export const TICKETS_PATH = '/tickets';
export const TICKET_PATH_PATTERN = `${TICKETS_PATH}/:ticketId`;

/** What the list shows: the filters and the page (1-based). */
export interface TicketListView extends TicketFilters {
  page: number;
}
export const DEFAULT_TICKET_VIEW: TicketListView = { ...DEFAULT_TICKET_FILTERS, page: 1 };

/** A status filter in the address: lower case with dashes (`in-progress`), and `all` for All Tickets (''). */
export const statusSlug = (status: TicketStatusFilter) => (status === '' ? 'all' : status.toLowerCase().replace(/ /g, '-'));
const STATUS_BY_SLUG = new Map<string, TicketStatusFilter>(TICKET_STATUS_FILTERS.map((status) => [statusSlug(status), status]));

/** Reads the view from a query string; anything unknown or malformed falls back to its default. */
export function viewFromSearch(search: string | URLSearchParams): TicketListView {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const status = STATUS_BY_SLUG.get((params.get('status') ?? '').trim().toLowerCase()) ?? DEFAULT_TICKET_VIEW.status;
  const sortParam = (params.get('sort') ?? '').trim().toLowerCase();
  const sort = (TICKET_SORTS as readonly string[]).includes(sortParam) ? (sortParam as TicketSort) : DEFAULT_TICKET_VIEW.sort;
  const search_ = (params.get('q') ?? '').trim().slice(0, 200);
  const pageParam = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageParam) && Number(pageParam) >= 1 ? Number(pageParam) : 1;
  return { status, sort, search: search_, page };
}

/** The query string of a view, defaults left out ('' for the default view). */
export function searchOfView(view: TicketListView): string {
  const params = new URLSearchParams();
  if (view.status !== DEFAULT_TICKET_VIEW.status) params.set('status', statusSlug(view.status));
  if (view.sort !== DEFAULT_TICKET_VIEW.sort) params.set('sort', view.sort);
  const search = view.search.trim();
  if (search !== '') params.set('q', search);
  if (view.page > 1) params.set('page', String(view.page));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

/** The offset of a page in the server's list (docs/decisions/0019). */
export const offsetOfPage = (page: number) => (page - 1) * TICKET_PAGE_LIMIT;
export const pageCount = (totalCount: number) => Math.max(1, Math.ceil(totalCount / TICKET_PAGE_LIMIT));

/** A ticket's address; `search` keeps the list's view behind it. */
export const ticketPath = (id: number, search = '') => `${TICKETS_PATH}/${id}${search}`;

/** The ticket id in `/tickets/{id}`, or null when it is not a positive whole number. */
export function ticketIdOf(param: string | undefined): number | null {
  if (!param || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
