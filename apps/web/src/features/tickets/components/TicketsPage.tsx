import { Badge, Button, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { TICKET_PAGE_LIMIT, TICKET_SEARCH_DEBOUNCE_MS, type Ticket } from '@portal/contract';
import { IconLifebuoy, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { matchPath, Navigate, useLocation, useMatch, useNavigate } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { useSignedInUser } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { LoadedWhenOpened, usePreloadWhenIdle } from '../../../shared/ui/LoadedWhenOpened';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { ticketDetailQuery, ticketListQuery } from '../api/tickets-queries';
import { pageCount, searchOfView, TICKET_PATH_PATTERN, ticketIdOf, ticketPath, TICKETS_PATH, viewFromSearch, type TicketListView } from '../ticket-address';
import { ADMIN_SUBTITLE, formatTicketCount, hasNonDefaultFilter, TICKETS_TITLE, ticketTimeZone, USER_SUBTITLE, type TicketFilters } from '../ticket-display';
import { TicketFilterBar } from './TicketFilterBar';
import { TicketRows } from './TicketRows';
import { formatTimeZone } from '../../../shared/format';

// The two dialogs (the form, and the detail with its sanitizer and conversation) load when first opened, or once the
// list is on the screen and the browser is idle: the list's first paint waits for neither (decision 0022).
const loadNewTicketModal = () => import('./NewTicketModal');
const loadTicketDetailModal = () => import('./TicketDetailModal');
const NewTicketModal = lazy(async () => ({ default: (await loadNewTicketModal()).NewTicketModal }));
const TicketDetailModal = lazy(async () => ({ default: (await loadTicketDetailModal()).TicketDetailModal }));

/** Spec §2, §8 and §9, Support Tickets (the heading: ticket-display.ts). */
export const TICKETS_ERROR = 'Failed to load tickets';
export const EMPTY_TITLE = 'No tickets found';
export const EMPTY_FILTERED = 'Try adjusting your search criteria or filters.';
export const EMPTY_NONE = 'No support tickets are currently available.';

/** Set on the history entry of a ticket opened from the list, so closing it goes back instead of forward. */
interface OpenedFromList {
  fromList: true;
}
const FROM_LIST: OpenedFromList = { fromList: true };
const openedFromList = (state: unknown): boolean => typeof state === 'object' && state !== null && (state as Partial<OpenedFromList>).fromList === true;

export function TicketsPage() {
  const { timeZone, flags } = useSignedInUser();
  const zone = ticketTimeZone(timeZone);
  const location = useLocation();
  const navigate = useNavigate();
  const ticketMatch = useMatch(TICKET_PATH_PATTERN);
  const openTicketId = ticketIdOf(ticketMatch?.params.ticketId);
  const [newTicketOpened, newTicket] = useDisclosure(false);
  /** The closed ticket a new one follows up (docs/decisions/0018), or null for a fresh one. */
  const [followUpOf, setFollowUpOf] = useState<Ticket | null>(null);
  const listTop = useRef<HTMLDivElement>(null);
  usePreloadWhenIdle(loadTicketDetailModal, loadNewTicketModal);
  // A ticket's address opened directly: its detail is fetched beside the dialog's code, not once that has arrived.
  const queryClient = useQueryClient();
  useEffect(() => {
    // prefetchQuery never rejects: a failure is the dialog's own query's to report.
    if (openTicketId !== null) void queryClient.prefetchQuery(ticketDetailQuery(openTicketId));
  }, [openTicketId, queryClient]);

  // Decision 0019: the view (filters, search, sort, page) is the address's query; the address is the truth.
  const view = useMemo(() => viewFromSearch(location.search), [location.search]);
  // The router shows a navigation a moment later (a transition); a second change made before
  // then must build on the first, not on what is still on screen, or it would undo it.
  const latestSearch = useRef(location.search);
  useEffect(() => {
    latestSearch.current = location.search;
  }, [location.search]);
  const openTicketRef = useRef(openTicketId);
  useEffect(() => {
    openTicketRef.current = openTicketId;
  }, [openTicketId]);

  const showView = useCallback(
    (changes: Partial<TicketListView>) => {
      const current = viewFromSearch(latestSearch.current);
      const search = searchOfView({ ...current, ...changes });
      if (search === searchOfView(current)) return;
      latestSearch.current = search;
      navigate({ pathname: TICKETS_PATH, search });
    },
    [navigate],
  );
  /** Any change of filter, search or sort starts again at the first page. */
  const showFilters = useCallback((changes: Partial<TicketFilters>) => showView({ ...changes, page: 1 }), [showView]);

  // What the search box shows; the address follows it after the debounce, and it follows the
  // address when that changes on its own (back, forward, a chip removed, a link opened).
  const [searchText, setSearchText] = useState(view.search);
  useEffect(() => {
    setSearchText((text) => (text.trim() === view.search ? text : view.search));
  }, [view.search]);
  // Spec §5: the search runs 500 ms after typing stops while there is text, at once when cleared.
  // Not while a ticket is open over the list: that would close it; it runs when the ticket closes.
  useEffect(() => {
    const search = searchText.trim();
    if (search === view.search || openTicketId !== null) return;
    const commit = () => {
      // The router renders a navigation after the address changes (a transition, late on a busy
      // phone): a ticket clicked just before the debounce ends is already in the address, though not
      // yet on screen, and the search must not navigate it away (seen in CI under load).
      const ticketInAddress = matchPath(TICKET_PATH_PATTERN, window.location.pathname) !== null;
      if (openTicketRef.current === null && !ticketInAddress) showFilters({ search });
    };
    if (search === '') {
      commit();
      return;
    }
    const timer = setTimeout(commit, TICKET_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, view.search, showFilters, openTicketId]);

  const tickets = useQuery(ticketListQuery(view));
  // The badge and subtitle show the server's view once known, and the signed-in flags until then. A technical contact
  // sees the whole account's tickets too (decision 0031), without the Admin View badge; an API that does not say
  // whose tickets it listed (the spec's) is read by its admin view, as the spec does.
  const adminView = tickets.data?.is_admin_view ?? flags.admin_group;
  const accountTickets = tickets.data
    ? (tickets.data.tickets_scope ?? (tickets.data.is_admin_view ? 'account' : 'assigned')) === 'account'
    : flags.admin_group || flags.technical_group;
  const pages = tickets.data ? pageCount(tickets.data.total_count) : 1;
  const firstShown = (view.page - 1) * TICKET_PAGE_LIMIT + 1;

  const closeTicket = () => {
    if (openedFromList(location.state)) navigate(-1);
    else navigate({ pathname: TICKETS_PATH, search: location.search }, { replace: true });
  };

  // An address that is no ticket (/tickets/abc) is the list; a page past the end (after tickets
  // closed elsewhere) is the last page.
  if (ticketMatch && openTicketId === null) return <Navigate to={{ pathname: TICKETS_PATH, search: location.search }} replace />;
  if (tickets.isSuccess && !tickets.isPlaceholderData && view.page > pages)
    return <Navigate to={{ pathname: location.pathname, search: searchOfView({ ...view, page: pages }) }} replace />;

  return (
    <Stack gap="lg">
      <PageHeader
        title={TICKETS_TITLE}
        description={accountTickets ? ADMIN_SUBTITLE : USER_SUBTITLE}
        badges={
          <>
            {tickets.isSuccess && (
              <Badge variant="light" size="lg" radius="sm">
                {tickets.data.total_count_capped ? formatTicketCount(tickets.data.total_count, true) : tickets.data.total_count} total
              </Badge>
            )}
            {/* The count's place, kept while it loads: on a phone the badges wrap under the title, and a count
                arriving later would push the whole screen down (layout shift, decision 0022). */}
            {tickets.isPending && <Skeleton height={26} width={96} radius="sm" />}
            {adminView && (
              <Badge variant="filled" size="lg" radius="sm">
                Admin View
              </Badge>
            )}
          </>
        }
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => {
              setFollowUpOf(null);
              newTicket.open();
            }}
          >
            New Ticket
          </Button>
        }
      />

      <TicketFilterBar
        searchText={searchText}
        onSearchTextChange={setSearchText}
        filters={view}
        onChange={showFilters}
        onRefresh={() => void tickets.refetch()}
        refreshing={tickets.isFetching && !tickets.isPending}
      />

      {/* The list's own box, where a new page scrolls to (not an empty marker, which took a gap of its own). */}
      <div ref={listTop} style={{ scrollMarginTop: 80 }}>
        {tickets.isPending ? (
          <LoadingState label="Loading your tickets">
            <Stack gap={6}>
              {[0, 1, 2, 3, 4, 5].map((key) => (
                <Skeleton key={key} height={64} radius="md" />
              ))}
            </Stack>
          </LoadingState>
        ) : tickets.isError ? (
          // Spec §8: the list is emptied and the message shown, with a way to retry.
          <ErrorState
            title="Error Loading Tickets"
            message={errorMessage(tickets.error, TICKETS_ERROR)}
            onRetry={() => void tickets.refetch()}
            retrying={tickets.isFetching}
          />
        ) : tickets.data.tickets.length === 0 ? (
          <EmptyState icon={IconLifebuoy} title={EMPTY_TITLE} message={hasNonDefaultFilter(view) ? EMPTY_FILTERED : EMPTY_NONE} />
        ) : (
          <Stack gap="sm">
            <Stack
              gap={6}
              component="section"
              aria-label="Tickets"
              aria-busy={tickets.isPlaceholderData}
              style={{ opacity: tickets.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
            >
              <TicketRows tickets={tickets.data.tickets} timeZone={zone} search={location.search} detailsState={FROM_LIST} />
            </Stack>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="ticket-range">
                Showing {firstShown.toLocaleString('en-US')}–{(firstShown + tickets.data.tickets.length - 1).toLocaleString('en-US')} of{' '}
                {formatTicketCount(tickets.data.total_count, tickets.data.total_count_capped)}
              </Text>
              <Text size="sm" c="dimmed">
                Times in {formatTimeZone(zone)}
              </Text>
              {pages > 1 && (
                <nav aria-label="Ticket pages">
                  <Pagination
                    total={pages}
                    value={Math.min(view.page, pages)}
                    onChange={(page) => {
                      showView({ page });
                      listTop.current?.scrollIntoView({ block: 'start' });
                    }}
                    siblings={1}
                    boundaries={1}
                    size="sm"
                    getControlProps={(control) => ({
                      'aria-label': `${control === 'previous' ? 'Previous' : control === 'next' ? 'Next' : control === 'first' ? 'First' : 'Last'} page`,
                    })}
                    getItemProps={(page) => ({ 'aria-label': `Page ${page}`, 'aria-current': page === view.page ? 'page' : undefined })}
                  />
                </nav>
              )}
            </Group>
          </Stack>
        )}
      </div>

      <LoadedWhenOpened opened={openTicketId !== null}>
        <TicketDetailModal
          ticketId={openTicketId}
          onClose={closeTicket}
          timeZone={zone}
          onFollowUp={(closed) => {
            setFollowUpOf(closed);
            closeTicket();
            newTicket.open();
          }}
        />
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={newTicketOpened}>
        <NewTicketModal
          key={followUpOf?.id ?? 'new'}
          opened={newTicketOpened}
          onClose={newTicket.close}
          followUpOf={followUpOf}
          onCreated={(ticket) => {
            newTicket.close();
            setFollowUpOf(null);
            navigate({ pathname: ticketPath(ticket.id), search: location.search }, { state: FROM_LIST });
          }}
        />
      </LoadedWhenOpened>
    </Stack>
  );
}
