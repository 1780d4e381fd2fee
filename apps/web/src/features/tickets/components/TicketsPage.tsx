import { Badge, Button, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { TICKET_SEARCH_DEBOUNCE_MS } from '@portal/contract';
import { IconLifebuoy, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { useSignedInUser } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { ticketListQuery } from '../api/tickets-queries';
import { DEFAULT_TICKET_FILTERS, hasNonDefaultFilter, ticketTimeZone, type TicketFilters } from '../ticket-display';
import { NewTicketModal } from './NewTicketModal';
import { TicketDetailModal } from './TicketDetailModal';
import { TicketFilterBar } from './TicketFilterBar';
import { TicketRow } from './TicketRow';

/** Spec §2, §8 and §9, Support Tickets. */
export const TICKETS_TITLE = 'Support Tickets';
export const ADMIN_SUBTITLE = 'All tickets for your organization';
export const USER_SUBTITLE = 'Your assigned tickets';
export const TICKETS_ERROR = 'Failed to load tickets';
export const EMPTY_TITLE = 'No tickets found';
export const EMPTY_FILTERED = 'Try adjusting your search criteria or filters.';
export const EMPTY_NONE = 'No support tickets are currently available.';

export function TicketsPage() {
  const { timeZone, flags } = useSignedInUser();
  const zone = ticketTimeZone(timeZone);
  const [filters, setFilters] = useState<TicketFilters>(DEFAULT_TICKET_FILTERS);
  const [searchText, setSearchText] = useState('');
  const [openTicketId, setOpenTicketId] = useState<number | null>(null);
  const [newTicketOpened, newTicket] = useDisclosure(false);

  // Spec §5: the search runs 500 ms after typing stops while there is text, at once when cleared.
  useEffect(() => {
    const search = searchText.trim();
    if (search === '') {
      setFilters((current) => (current.search === '' ? current : { ...current, search: '' }));
      return;
    }
    const timer = setTimeout(() => setFilters((current) => ({ ...current, search })), TICKET_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const tickets = useQuery(ticketListQuery(filters));
  // The badge shows the server's view once known, and the signed-in flags until then.
  const adminView = tickets.data?.is_admin_view ?? flags.admin_group;

  return (
    <Stack gap="lg">
      <PageHeader
        title={TICKETS_TITLE}
        description={adminView ? ADMIN_SUBTITLE : USER_SUBTITLE}
        badges={
          <>
            {tickets.isSuccess && (
              <Badge variant="light" size="lg" radius="sm">
                {tickets.data.total_count} total
              </Badge>
            )}
            {adminView && (
              <Badge variant="filled" size="lg" radius="sm">
                Admin View
              </Badge>
            )}
          </>
        }
        actions={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={newTicket.open}>
            New Ticket
          </Button>
        }
      />

      <TicketFilterBar
        searchText={searchText}
        onSearchTextChange={setSearchText}
        filters={filters}
        onChange={setFilters}
        onRefresh={() => void tickets.refetch()}
        refreshing={tickets.isFetching && !tickets.isPending}
      />

      {tickets.isPending ? (
        <LoadingState label="Loading your tickets">
          <Stack gap="md">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={150} radius="lg" />
            ))}
          </Stack>
        </LoadingState>
      ) : tickets.isError ? (
        // Spec §8: the list is emptied and the message shown, with a way to retry.
        <ErrorState title="Error Loading Tickets" message={errorMessage(tickets.error, TICKETS_ERROR)} onRetry={() => void tickets.refetch()} retrying={tickets.isFetching} />
      ) : tickets.data.tickets.length === 0 ? (
        <EmptyState icon={IconLifebuoy} title={EMPTY_TITLE} message={hasNonDefaultFilter(filters) ? EMPTY_FILTERED : EMPTY_NONE} />
      ) : (
        <Stack gap="sm" component="section" aria-label="Tickets" aria-busy={tickets.isPlaceholderData} style={{ opacity: tickets.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}>
          {tickets.data.tickets.map((ticket) => (
            <TicketRow key={ticket.id} ticket={ticket} timeZone={zone} onOpen={setOpenTicketId} />
          ))}
        </Stack>
      )}

      <TicketDetailModal ticketId={openTicketId} onClose={() => setOpenTicketId(null)} timeZone={zone} />
      <NewTicketModal
        opened={newTicketOpened}
        onClose={newTicket.close}
       
        onCreated={(ticket) => {
          newTicket.close();
          setOpenTicketId(ticket.id);
        }}
      />
    </Stack>
  );
}
