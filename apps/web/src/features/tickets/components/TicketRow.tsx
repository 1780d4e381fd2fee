import { Button, Paper, Text, Title } from '@mantine/core';
import type { TicketSummary } from '@portal/contract';
import { IconEye } from '@tabler/icons-react';
import { Link, type To } from 'react-router';
import { formatDateTime } from '../../../shared/format';
import { descriptionPreview, isTicketOverdue } from '../ticket-display';
import { ticketPlainText } from '../ticket-html';
import { OverdueBadge, TICKET_NUMBER_INK, TicketPriorityBadge, TicketStatusBadge } from './TicketBadges';
import classes from './TicketRow.module.css';

interface TicketRowProps {
  ticket: TicketSummary;
  timeZone: string;
  /** The ticket's own address (issue 15): a real link, so it can be opened in a new tab or copied. */
  detailsLink: To;
  detailsState?: unknown;
}

/** Spec §2: number and subject, status and priority, the description's start, times, the id, View Details. */
export function TicketRow({ ticket, timeZone, detailsLink, detailsState }: TicketRowProps) {
  const headingId = `ticket-${ticket.id}`;
  const overdue = isTicketOverdue(ticket);
  const preview = descriptionPreview(ticketPlainText(ticket.description));
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="md" className={classes.row} data-overdue={overdue || undefined}>
      <div className={classes.title}>
        <Text span size="xs" fw={700} c={TICKET_NUMBER_INK} ff="monospace" className={classes.number} data-testid="ticket-number">
          {ticket.ticket_number}
        </Text>
        <Title order={2} id={headingId} className={classes.subject} title={ticket.subject}>
          {ticket.subject}
        </Title>
      </div>
      <div className={classes.badges}>
        <TicketStatusBadge status={ticket.status} />
        <TicketPriorityBadge priority={ticket.priority} />
        {overdue && ticket.due_date && <OverdueBadge dueDate={ticket.due_date} timeZone={timeZone} />}
      </div>
      <Text size="sm" c="dimmed" className={classes.description} title={preview}>
        {preview}
      </Text>
      <div className={classes.times}>
        <Text size="xs" c="dimmed">
          Created <time dateTime={ticket.created_date}>{formatDateTime(ticket.created_date, timeZone)}</time>
        </Text>
        <Text size="xs" c="dimmed">
          Updated <time dateTime={ticket.last_modified_date}>{formatDateTime(ticket.last_modified_date, timeZone)}</time>
        </Text>
      </div>
      <div className={classes.action}>
        <Button
          component={Link}
          to={detailsLink}
          state={detailsState}
          size="xs"
          variant="light"
          leftSection={<IconEye size={14} aria-hidden="true" />}
          aria-label={`View Details of ${ticket.ticket_number}`}
        >
          View Details
        </Button>
        <Text size="xs" c="dimmed">
          ID {ticket.id}
        </Text>
      </div>
    </Paper>
  );
}
