import { VisuallyHidden } from '@mantine/core';
import { formatDateTime } from '../../../shared/format';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { priorityColour, priorityLabel, statusColour } from '../ticket-display';

export function TicketStatusBadge({ status }: { status: string }) {
  return <StatusBadge colour={statusColour(status)}>{status}</StatusBadge>;
}

export function TicketPriorityBadge({ priority }: { priority: string }) {
  return (
    <StatusBadge variant="outline" colour={priorityColour(priority)}>
      {priorityLabel(priority)}
    </StatusBadge>
  );
}

/** A ticket past its due date and not closed, at a glance (docs/product.md §2); the date for those who ask. */
export function OverdueBadge({ dueDate, timeZone }: { dueDate: string; timeZone: string }) {
  const due = formatDateTime(dueDate, timeZone);
  return (
    <StatusBadge variant="filled" colour="red.9" title={`Was due ${due}`} data-testid="overdue-badge">
      Overdue
      <VisuallyHidden>, was due {due}</VisuallyHidden>
    </StatusBadge>
  );
}

/** Decision 0033: the provider's newest entry on an open ticket asks the customer something. */
export const WAITING_FOR_YOU = 'Waiting for your reply';
export function WaitingForYouBadge() {
  return (
    <StatusBadge variant="filled" colour="violet.8" data-testid="waiting-badge">
      {WAITING_FOR_YOU}
    </StatusBadge>
  );
}

/** The ticket number's colour: the brand's deep blue on light, its pale shade on dark (both pass AA). */
export const TICKET_NUMBER_INK = 'light-dark(var(--mantine-color-brand-8), var(--mantine-color-brand-2))';
