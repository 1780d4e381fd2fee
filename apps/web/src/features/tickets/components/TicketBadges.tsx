import { Badge, VisuallyHidden } from '@mantine/core';
import { formatDateTime } from '../../../shared/format';
import { badgeTextColour } from '../../../shared/ui/StatusBadge';
import { priorityColour, priorityLabel, statusColour } from '../ticket-display';


export function TicketStatusBadge({ status }: { status: string }) {
  const colour = statusColour(status);
  return (
    <Badge variant="light" color={colour} c={badgeTextColour(colour)} radius="sm" style={{ flexShrink: 0 }}>
      {status}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: string }) {
  const colour = priorityColour(priority);
  return (
    <Badge variant="outline" color={colour} c={badgeTextColour(colour)} radius="sm" style={{ flexShrink: 0 }}>
      {priorityLabel(priority)}
    </Badge>
  );
}

/** Issue 15: a ticket past its due date and not closed, at a glance; the date for those who ask. */
export function OverdueBadge({ dueDate, timeZone }: { dueDate: string; timeZone: string }) {
  const due = formatDateTime(dueDate, timeZone);
  return (
    <Badge variant="filled" color="red.9" radius="sm" title={`Was due ${due}`} style={{ flexShrink: 0 }} data-testid="overdue-badge">
      Overdue
      <VisuallyHidden>, was due {due}</VisuallyHidden>
    </Badge>
  );
}

/** The ticket number's colour: the brand's deep blue on light, its pale shade on dark (both pass AA). */
export const TICKET_NUMBER_INK = 'light-dark(var(--mantine-color-brand-8), var(--mantine-color-brand-2))';
