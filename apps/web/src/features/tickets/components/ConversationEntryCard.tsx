import { Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import type { ConversationEntry } from '@portal/contract';
import { portalConfig } from '../../../shared/config';
import { formatDateTime } from '../../../shared/format';
import { authorOf, conversationWhen, senderLabel } from '../ticket-display';
import { badgeTextColour } from '../../../shared/ui/StatusBadge';
import { TicketContent } from './TicketContent';
import { TicketAttachments } from './TicketAttachments';

/** What 'ITP' means, for whoever does not know the provider's short name (docs/product.md §2). */
export const itpExplanation = (providerName: string = portalConfig.providerName) => `ITP: ${providerName}, your support provider`;

/**
 * One message: who wrote it (their name, and ITP or Customer by the provider's e-mail domain),
 * how long ago (the exact time on hover), Internal and Latest badges, the text.
 */
export function ConversationEntryCard({ entry, latest, timeZone, now }: { entry: ConversationEntry; latest: boolean; timeZone: string; now?: Date }) {
  const side = senderLabel(entry.from_address, portalConfig.providerEmailDomain);
  const author = authorOf(entry.created_by);
  const exact = formatDateTime(entry.created_date, timeZone);
  return (
    <Paper
      component="article"
      aria-label={`${side} message from ${author.name}`}
      withBorder
      radius="md"
      p="md"
      bg={
        entry.is_internal
          ? 'light-dark(var(--mantine-color-yellow-0), rgba(250, 176, 5, 0.12))'
          : side === 'ITP'
            ? 'light-dark(var(--mantine-color-brand-0), rgba(37, 99, 214, 0.16))'
            : undefined
      }
      data-testid="conversation-entry"
    >
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Group gap={6} wrap="wrap" miw={0}>
            {side === 'ITP' ? (
              <Tooltip label={itpExplanation()} withArrow openDelay={150}>
                <Badge variant="filled" color="brand" radius="sm" title={itpExplanation()}>
                  ITP
                </Badge>
              </Tooltip>
            ) : (
              <Badge variant="filled" color="teal.9" radius="sm">
                Customer
              </Badge>
            )}
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="entry-author">
              {author.name}
            </Text>
            {side === 'ITP' && (
              <Text size="xs" c="dimmed">
                {portalConfig.providerName}
              </Text>
            )}
            {author.viaPortal && (
              <Text size="xs" c="dimmed">
                via Customer Portal
              </Text>
            )}
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
          </Group>
          <Text size="xs" c="dimmed">
            <time dateTime={entry.created_date} title={exact} data-testid="entry-time">
              {conversationWhen(entry.created_date, timeZone, now)}
            </time>
          </Text>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {entry.from_address}
        </Text>
        <TicketContent text={entry.content} />
        <TicketAttachments files={entry.attachments} />
      </Stack>
    </Paper>
  );
}
