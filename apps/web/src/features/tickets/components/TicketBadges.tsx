import { Badge } from '@mantine/core';
import { priorityColour, priorityLabel, statusColour } from '../ticket-display';

/**
 * Mantine's darkest shades of several colours are still below 4.5:1 on their own light tint
 * (green.9 on green.1 is 3.8:1), so those badges get a deeper text colour of their own.
 */
const DEEP_TEXT: Record<string, string> = {
  yellow: '#6e4a00',
  orange: '#8f2f0a',
  green: '#1e6b2e',
  teal: '#075e47',
  cyan: '#08505c',
  red: '#9b1c1c',
};
export const badgeTextColour = (colour: string) => DEEP_TEXT[colour] ?? `${colour}.9`;

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
