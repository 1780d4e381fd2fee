import type { AcceptedListedTicket } from '@portal/contract';
import { IconEye } from '@tabler/icons-react';
import { Link, type To } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import { authorOf, descriptionPreview, isTicketOverdue } from '../ticket-display';
import { ticketPlainText } from '../ticket-plain-text';
import { OverdueBadge, TicketPriorityBadge, TicketStatusBadge, WaitingForYouBadge } from './TicketBadges';
import classes from './TicketRow.module.css';

interface TicketRowProps {
  ticket: AcceptedListedTicket;
  timeZone: string;
  /** The ticket's own address (decision 0019): a real link, so it can be opened in a new tab or copied. */
  detailsLink: To;
  detailsState?: unknown;
}

/**
 * Spec §2: number and subject, status and priority, the description's start, times, the id, View Details; and
 * (decision 0033) who raised it, who handles it, and whether it waits for the customer's reply, when the answer says.
 * The whole row opens the ticket: the View Details link is stretched over it (TicketRow.module.css), so a click
 * anywhere follows that one real link and keyboard users still reach it with Tab; nothing interactive is nested.
 * Plain elements styled by TicketRow.module.css, not Mantine components: a page draws a hundred rows, and Mantine's
 * trees for them were a fifth of the screen's main-thread work on a phone (decision 0022).
 */
export function TicketRow({ ticket, timeZone, detailsLink, detailsState }: TicketRowProps) {
  const headingId = `ticket-${ticket.id}`;
  const overdue = isTicketOverdue(ticket);
  const preview = descriptionPreview(ticketPlainText(ticket.description));
  return (
    <article aria-labelledby={headingId} className={classes.row} data-overdue={overdue || undefined}>
      <div className={classes.title}>
        <span className={classes.number} data-testid="ticket-number">
          {ticket.ticket_number}
        </span>
        <h2 id={headingId} className={classes.subject} title={ticket.subject}>
          {ticket.subject}
        </h2>
      </div>
      <div className={classes.badges}>
        <TicketStatusBadge status={ticket.status} />
        <TicketPriorityBadge priority={ticket.priority} />
        {ticket.waiting_for_customer === true && <WaitingForYouBadge />}
        {overdue && ticket.due_date && <OverdueBadge dueDate={ticket.due_date} timeZone={timeZone} />}
      </div>
      <p className={classes.description} title={preview}>
        {preview}
      </p>
      <People raisedBy={ticket.raised_by} handledBy={ticket.handled_by} />
      <div className={classes.times}>
        <span>
          Created <time dateTime={ticket.created_date}>{formatDateTime(ticket.created_date, timeZone)}</time>
        </span>
        <span>
          Updated <time dateTime={ticket.last_modified_date}>{formatDateTime(ticket.last_modified_date, timeZone)}</time>
        </span>
      </div>
      <div className={classes.action}>
        <Link to={detailsLink} state={detailsState} className={classes.details} aria-label={`View Details of ${ticket.ticket_number}`}>
          <IconEye size={14} aria-hidden="true" />
          View Details
        </Link>
        <span className={classes.id}>ID {ticket.id}</span>
      </div>
    </article>
  );
}

/** Who raised the ticket and who handles it; a name the answer lacks is left out, and the line with both. */
function People({ raisedBy, handledBy }: { raisedBy: string | null | undefined; handledBy: string | null | undefined }) {
  if (!raisedBy && !handledBy) return null;
  return (
    <p className={classes.people}>
      {raisedBy && (
        <span>
          Raised by <span className={classes.name}>{raisedBy}</span>
        </span>
      )}
      {handledBy && (
        <span>
          Handled by <span className={classes.name}>{authorOf(handledBy).name}</span>
        </span>
      )}
    </p>
  );
}
