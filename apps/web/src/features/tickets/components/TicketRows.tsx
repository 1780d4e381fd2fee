import type { AcceptedListedTicket } from '@portal/contract';
import { memo } from 'react';
import { useRowsInSlices } from '../../../shared/ui/use-rows-in-slices';
import { ticketPath } from '../ticket-address';
import { TicketRow } from './TicketRow';

interface TicketRowsProps {
  tickets: readonly AcceptedListedTicket[];
  timeZone: string;
  /** The list's query string, kept in each row's details link so closing a ticket returns to this list. */
  search: string;
  /** History state of a ticket opened from the list (a stable object, so the rows are not redrawn for it). */
  detailsState: object;
}

/** A page of up to 100 tickets: the first rows at once, the rest in slices (useRowsInSlices). */
export function TicketRows(props: TicketRowsProps) {
  return <Rows {...props} tickets={useRowsInSlices(props.tickets)} />;
}

const Rows = memo(function Rows({ tickets, timeZone, search, detailsState }: TicketRowsProps) {
  return tickets.map((ticket) => (
    <TicketRow key={ticket.id} ticket={ticket} timeZone={timeZone} detailsLink={{ pathname: ticketPath(ticket.id), search }} detailsState={detailsState} />
  ));
});
