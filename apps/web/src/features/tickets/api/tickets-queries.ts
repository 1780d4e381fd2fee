import { endpoints, TICKET_PAGE_LIMIT, ticketResponseInput, type NewTicketInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';
import type { TicketFilters } from '../ticket-display';

const TICKETS_KEY = ['tickets'] as const;

/** Spec §7: limit always 100, search trimmed and only when given, status and sort. */
export const ticketListQuery = (filters: TicketFilters) =>
  queryOptions({
    queryKey: [...TICKETS_KEY, 'list', filters],
    queryFn: ({ signal }) => {
      const search = filters.search.trim();
      return apiCall(endpoints.listTickets, {
        signal,
        query: { limit: TICKET_PAGE_LIMIT, status: filters.status, sort: filters.sort, ...(search ? { search } : {}) },
      });
    },
    // The current rows stay while the next filter loads, so the list does not flash empty.
    placeholderData: keepPreviousData,
  });

export const ticketDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...TICKETS_KEY, 'detail', id],
    queryFn: ({ signal }) => apiCall(endpoints.getTicket, { signal, params: { id } }),
  });

export function useRespondToTicket(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // Spec: the text is trimmed before sending; the contract's schema does the trimming, for both sides.
    mutationFn: (text: string) => apiCall(endpoints.respondToTicket, { params: { id }, body: ticketResponseInput.parse({ description: text }) }),
    // Spec §4: after a response is sent, the ticket is reloaded (and the list's "updated" order moves).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TICKETS_KEY }),
  });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewTicketInput) => apiCall(endpoints.createTicket, { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...TICKETS_KEY, 'list'] }),
  });
}
