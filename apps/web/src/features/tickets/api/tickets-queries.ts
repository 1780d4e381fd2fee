import { rateTicketInput, resolveTicketInput, TICKET_PAGE_LIMIT, ticketResponseInput, ticketsEndpoints, type NewTicketInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';
import { offsetOfPage, viewFromSearch, type TicketListView } from '../ticket-address';

const TICKETS_KEY = ['tickets'] as const;

/**
 * Where each page of a list starts, as the server said (`next_cursor`, issue 36): a page reached from the one before
 * it starts after that page's last ticket, so tickets arriving meanwhile neither repeat nor hide one. A page opened
 * from its address alone (a reload, a link) has no cursor and is read by its offset.
 */
const pageStarts = new Map<string, Map<number, string>>();
const filtersKey = (view: TicketListView) => JSON.stringify([view.status, view.sort, view.search.trim()]);

/**
 * Spec §7: limit always 100, search trimmed and only when given, status and sort. Later pages add
 * `offset` (docs/decisions/0019) and, when known, `after`; the first page's request is exactly the spec's.
 */
export const ticketListQuery = (view: TicketListView) =>
  queryOptions({
    queryKey: [...TICKETS_KEY, 'list', view],
    queryFn: async ({ signal }) => {
      const search = view.search.trim();
      const offset = offsetOfPage(view.page);
      // Each search typed is a list of its own; the memory of them is bounded, a forgotten one reads by offset.
      if (pageStarts.size > 50) pageStarts.clear();
      const starts = pageStarts.get(filtersKey(view)) ?? new Map<number, string>();
      pageStarts.set(filtersKey(view), starts);
      const after = view.page > 1 ? starts.get(view.page) : undefined;
      const list = await apiCall(ticketsEndpoints.listTickets, {
        signal,
        query: {
          limit: TICKET_PAGE_LIMIT,
          status: view.status,
          sort: view.sort,
          ...(search ? { search } : {}),
          ...(offset > 0 ? { offset } : {}),
          ...(after ? { after } : {}),
        },
      });
      if (list.next_cursor) starts.set(view.page + 1, list.next_cursor);
      return list;
    },
    // The current rows stay while the next filter loads, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });

export const ticketDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...TICKETS_KEY, 'detail', id],
    queryFn: ({ signal }) => apiCall(ticketsEndpoints.getTicket, { signal, params: { id } }),
  });

/** Docs/decisions/0027: the conversation's entries before `before` (the oldest shown), newest first. */
export function useEarlierConversation(id: number) {
  return useMutation({
    mutationFn: (before: number) => apiCall(ticketsEndpoints.listTicketConversation, { params: { id }, query: { before } }),
  });
}

export function useRespondToTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Spec: the text is trimmed before sending; the contract's schema does the trimming, for both sides.
    mutationFn: ({ text, attachmentIds = [] }: { text: string; attachmentIds?: readonly number[] }) =>
      apiCall(ticketsEndpoints.respondToTicket, {
        params: { id },
        // The spec's body when there are no files (decision 0047's `attachment_ids` only when there are).
        body: ticketResponseInput.parse({ description: text, ...(attachmentIds.length > 0 ? { attachment_ids: attachmentIds } : {}) }),
      }),
    // Spec §4: after a response is sent, the ticket is reloaded (and the list's "updated" order moves).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}

/** The customer's own close and rating (docs/decisions/0047): each answers the ticket, which then reloads everywhere. */
export function useResolveTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => apiCall(ticketsEndpoints.resolveTicket, { params: { id }, body: resolveTicketInput.parse(note.trim() ? { note } : {}) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}

export function useReopenTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(ticketsEndpoints.reopenTicket, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}

export function useRateTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { score: number; comment: string }) =>
      apiCall(ticketsEndpoints.rateTicket, {
        params: { id },
        body: rateTicketInput.parse({ score: input.score, ...(input.comment.trim() ? { comment: input.comment } : {}) }),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewTicketInput) => apiCall(ticketsEndpoints.createTicket, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...TICKETS_KEY, 'list'] }),
  });
}

/** The list the tickets screen opens with at the address's query, fetched while its code is still on its way (app/portal-sections.ts, decision 0022). */
export const prefetchTicketsScreen = (client: QueryClient, search: string) => client.prefetchQuery(ticketListQuery(viewFromSearch(search)));
