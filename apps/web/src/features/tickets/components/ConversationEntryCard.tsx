import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { ConversationEntry } from '@portal/contract';
import { portalConfig } from '../../../shared/config';
import { formatDateTime } from '../../../shared/format';
import { authorOf, senderLabel } from '../ticket-display';
import { badgeTextColour } from '../../../shared/ui/StatusBadge';
import { TicketContent } from './TicketContent';

/** One message: who (ITP or Customer, by the provider's e-mail domain), when, Internal and Latest badges, the text. */
export function ConversationEntryCard({ entry, latest, timeZone }: { entry: ConversationEntry; latest: boolean; timeZone: string }) {
  const side = senderLabel(entry.from_address, portalConfig.providerEmailDomain);
  const author = authorOf(entry.created_by);
  return (
    <Paper
      component="article"
      aria-label={`${side} message from ${author.name}`}
      withBorder
      radius="md"
      p="md"
      bg={entry.is_internal ? 'yellow.0' : side === 'ITP' ? 'brand.0' : undefined}
      data-testid="conversation-entry"
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Group gap={6} wrap="wrap">
            <Badge variant="filled" color={side === 'ITP' ? 'brand' : 'teal.9'} radius="sm">
              {side}
            </Badge>
            {entry.is_internal && (
              <Badge variant="light" color="yellow" c={badgeTextColour('yellow')} radius="sm">
                Internal
              </Badge>
            )}
            {latest && (
              <Badge variant="outline" color="brand" radius="sm">
                Latest
              </Badge>
            )}
            <Text size="sm" fw={600}>
              {author.name}
            </Text>
            {author.viaPortal && (
              <Text size="xs" c="dimmed">
                via Customer Portal
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            <time dateTime={entry.created_date}>{formatDateTime(entry.created_date, timeZone)}</time>
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.from_address}
        </Text>
        <TicketContent text={entry.content} />
      </Stack>
    </Paper>
  );
}
