import { Badge } from '@mantine/core';
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
