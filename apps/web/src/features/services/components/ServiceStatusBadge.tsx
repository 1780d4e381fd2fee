import { Badge } from '@mantine/core';
import type { ServiceDisplayState } from '@portal/contract';

/** A coloured dot beside dark text: Mantine's light badges put colour.6-9 text on a tint, which fails WCAG AA contrast. */
const COLOURS: Record<ServiceDisplayState, string> = {
  Active: 'green',
  Provisioning: 'blue',
  Inactive: 'gray',
  Suspended: 'red',
  Unknown: 'yellow',
};

export function ServiceStatusBadge({ state }: { state: ServiceDisplayState }) {
  return (
    <Badge variant="dot" color={COLOURS[state]} size="lg" radius="sm" tt="none" style={{ flexShrink: 0 }}>
      {state}
    </Badge>
  );
}
