import { Badge, Button, Divider, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { TICKET_RESPONSE_MAX_LENGTH, type Ticket } from '@portal/contract';
import { IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { formatDateTime } from '../../../shared/format';
import { ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { ticketDetailQuery, useRespondToTicket } from '../api/tickets-queries';
import { ConversationEntryCard } from './ConversationEntryCard';
import { badgeTextColour } from '../../../shared/ui/StatusBadge';
import { TicketPriorityBadge, TicketStatusBadge } from './TicketBadges';
import { TicketContent } from './TicketContent';
import classes from './TicketDetailModal.module.css';
import { Fact } from '../../../shared/ui/Fact';

/** Spec §8 defaults; the server's message wins when it has one. */
export const TICKET_DETAIL_ERROR = 'Failed to load ticket details';
export const RESPONSE_ERROR = 'Failed to create response';

interface TicketDetailModalProps {
  ticketId: number | null;
  onClose: () => void;
  timeZone: string;
}

export function TicketDetailModal({ ticketId, onClose, timeZone }: TicketDetailModalProps) {
  return (
    <Modal
      opened={ticketId !== null}
      onClose={onClose}
      size="xl"
      title="Ticket details"
      radius="lg"
      padding="lg"
      classNames={{ inner: classes.inner, content: classes.content }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {ticketId !== null && <TicketDetail key={ticketId} id={ticketId} timeZone={timeZone} />}
    </Modal>
  );
}

function TicketDetail({ id, timeZone }: { id: number; timeZone: string }) {
  const ticket = useQuery(ticketDetailQuery(id));
  if (ticket.isPending) {
    return (
      <LoadingState label="Loading the ticket">
        <Stack gap="md">
          <Skeleton height={28} width="70%" />
          <Skeleton height={90} />
          <Skeleton height={140} />
        </Stack>
      </LoadingState>
    );
  }
  if (ticket.isError) {
    return (
      <ErrorState
        title="Error Loading Ticket"
        message={errorMessage(ticket.error, TICKET_DETAIL_ERROR)}
        onRetry={() => void ticket.refetch()}
        retrying={ticket.isFetching}
      />
    );
  }
  return <TicketDetailBody ticket={ticket.data} timeZone={timeZone} />;
}

function TicketDetailBody({ ticket, timeZone }: { ticket: Ticket; timeZone: string }) {
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Text size="xs" fw={700} c="brand.8" ff="monospace">
          {ticket.ticket_number} · ID {ticket.id}
        </Text>
        <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
          {ticket.subject}
        </Title>
        <Group gap={6}>
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
          <Badge variant="light" color={ticket.is_billable ? 'teal' : 'gray'} c={badgeTextColour(ticket.is_billable ? 'teal' : 'gray')} radius="sm">
            {ticket.is_billable ? 'Billable' : 'Not billable'}
          </Badge>
          {ticket.is_taxable && (
            <Badge variant="light" color="grape" c={badgeTextColour('grape')} radius="sm">
              Taxable
            </Badge>
          )}
        </Group>
      </Stack>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="sm">
        <Fact label="Created" value={formatDateTime(ticket.created_date, timeZone)} />
        <Fact label="Last modified" value={formatDateTime(ticket.last_modified_date, timeZone)} />
        {ticket.due_date && <Fact label="Due date" value={formatDateTime(ticket.due_date, timeZone)} />}
        <Fact label="Time logged" value={`${ticket.time_rounded} ${ticket.time_rounded === 1 ? 'hour' : 'hours'}`} />
      </SimpleGrid>

      <Stack gap={6}>
        <Title order={3} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: 0.4 }}>
          Description
        </Title>
        <TicketContent text={ticket.description} />
      </Stack>

      <Divider />
      <ResponseForm ticketId={ticket.id} />

      <Stack gap="sm" component="section" aria-labelledby="conversation-heading">
        <Title order={3} fz="md" id="conversation-heading">
          Conversation ({ticket.conversation.length})
        </Title>
        {ticket.conversation.length === 0 ? (
          <Text size="sm" c="dimmed">
            No messages yet.
          </Text>
        ) : (
          <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {ticket.conversation.map((entry, index) => (
              <li key={entry.id}>
                <ConversationEntryCard entry={entry} latest={index === 0} timeZone={timeZone} />
              </li>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** Spec §5: trimmed; sending is disabled while the text is empty after trimming or a send is under way. */
function ResponseForm({ ticketId }: { ticketId: number }) {
  const [text, setText] = useState('');
  const respond = useRespondToTicket(ticketId);
  const sendable = text.trim() !== '' && !respond.isPending;
  return (
    <Stack
      gap="xs"
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        if (!sendable) return;
        respond.mutate(text, { onSuccess: () => setText('') });
      }}
    >
      <Textarea
        label="Add Response"
        placeholder="Write your reply to the support team"
        autosize
        minRows={3}
        maxRows={10}
        value={text}
        maxLength={TICKET_RESPONSE_MAX_LENGTH}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (respond.isError) respond.reset();
        }}
        error={respond.isError ? errorMessage(respond.error, RESPONSE_ERROR) : undefined}
      />
      <Group justify="flex-end">
        <Button type="submit" leftSection={<IconSend size={16} aria-hidden="true" />} disabled={!sendable} loading={respond.isPending}>
          Add Response
        </Button>
      </Group>
    </Stack>
  );
}

