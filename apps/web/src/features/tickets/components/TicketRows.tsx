import type { TicketSummary } from '@portal/contract';
import { memo, useDeferredValue } from 'react';
import { ticketPath } from '../ticket-address';
import { TicketRow } from './TicketRow';

/** Rows drawn at once when a list first appears: more than a phone's screen holds. */
export const FIRST_ROWS = 12;

interface TicketRowsProps {
  tickets: TicketSummary[];
  timeZone: string;
  /** The list's query string, kept in each row's details link so closing a ticket returns to this list. */
  search: string;
  /** History state of a ticket opened from the list (a stable object, so the rows are not redrawn for it). */
  detailsState: object;
}

/**
 * A page of up to 100 tickets is a lot of work for a phone's main thread (issue 16: the longest task
 * of the tickets screen). The first rows are drawn at once; the whole page follows as a deferred
 * render, which React does in slices between which the browser can paint and answer the user. A new
 * page renders the same way while the previous one stays on the screen.
 */
export function TicketRows(props: TicketRowsProps) {
  const { tickets } = props;
  const shown = useDeferredValue(tickets, tickets.length > FIRST_ROWS ? tickets.slice(0, FIRST_ROWS) : tickets);
  return <Rows {...props} tickets={shown} />;
}

const Rows = memo(function Rows({ tickets, timeZone, search, detailsState }: TicketRowsProps) {
  return tickets.map((ticket) => <TicketRow key={ticket.id} ticket={ticket} timeZone={timeZone} detailsLink={{ pathname: ticketPath(ticket.id), search }} detailsState={detailsState} />);
});
