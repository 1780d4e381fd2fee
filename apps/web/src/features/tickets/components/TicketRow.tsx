import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TicketSummary } from '@portal/contract';
import { IconEye } from '@tabler/icons-react';
import { formatDateTime } from '../../../shared/format';
import { descriptionPreview } from '../ticket-display';
import { ticketPlainText } from '../ticket-html';
import { TicketPriorityBadge, TicketStatusBadge } from './TicketBadges';

/** Spec §2: number and subject, status and priority, the description's start, times, the id, View Details. */
export function TicketRow({ ticket, timeZone, onOpen }: { ticket: TicketSummary; timeZone: string; onOpen: (id: number) => void }) {
  const headingId = `ticket-${ticket.id}`;
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} miw={0} style={{ flex: '1 1 260px' }}>
            <Text size="xs" fw={700} c="brand.8" ff="monospace" data-testid="ticket-number">
              {ticket.ticket_number}
            </Text>
            <Title order={3} fz="md" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {ticket.subject}
            </Title>
          </Stack>
          <Group gap={6}>
            <TicketStatusBadge status={ticket.status} />
            <TicketPriorityBadge priority={ticket.priority} />
          </Group>
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {descriptionPreview(ticketPlainText(ticket.description))}
        </Text>
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Group gap="lg" wrap="wrap" style={{ rowGap: 2 }}>
            <Text size="xs" c="dimmed">
              Created <time dateTime={ticket.created_date}>{formatDateTime(ticket.created_date, timeZone)}</time>
            </Text>
            <Text size="xs" c="dimmed">
              Updated <time dateTime={ticket.last_modified_date}>{formatDateTime(ticket.last_modified_date, timeZone)}</time>
            </Text>
            <Text size="xs" c="dimmed">
              ID {ticket.id}
            </Text>
          </Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEye size={14} aria-hidden="true" />}
            onClick={() => onOpen(ticket.id)}
            aria-label={`View Details of ${ticket.ticket_number}`}
          >
            View Details
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
