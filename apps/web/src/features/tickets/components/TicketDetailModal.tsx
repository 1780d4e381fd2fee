import { Alert, Badge, Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { COPY_CONFIRMATION_MS, isClosedTicketStatus, TICKET_RESPONSE_MAX_LENGTH, type ConversationEntry, type Ticket } from '@portal/contract';
import { IconCheck, IconChevronDown, IconLink, IconLock, IconPlus, IconSend } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api';
import { formatDateTime } from '../../../shared/format';
import { ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { ticketDetailQuery, useEarlierConversation, useRespondToTicket } from '../api/tickets-queries';
import { ConversationEntryCard } from './ConversationEntryCard';
import { badgeTextColour } from '../../../shared/ui/StatusBadge';
import { OverdueBadge, TICKET_NUMBER_INK, TicketPriorityBadge, TicketStatusBadge } from './TicketBadges';
import { TicketContent } from './TicketContent';
import { RatingPrompt, ResolveControls } from './TicketCustomerClose';
import { TicketAttachments } from './TicketAttachments';
import { AttachmentDropTarget, AttachmentPicker } from './AttachmentPicker';
import { useAttachmentUploads } from '../attachment-uploads';
import classes from './TicketDetailModal.module.css';
import { Fact } from '../../../shared/ui/Fact';
import { ticketPath } from '../ticket-address';
import { isTicketOverdue } from '../ticket-display';

/** Spec §8 defaults; the server's message wins when it has one. */
export const TICKET_DETAIL_ERROR = 'Failed to load ticket details';
export const RESPONSE_ERROR = 'Failed to create response';
export const SHOW_EARLIER = 'Show earlier messages';
export const EARLIER_ERROR = 'Failed to load earlier messages';
/** docs/decisions/0018: a closed ticket takes no replies; the screen says so and offers a follow-up. */
export const CLOSED_TITLE = 'This ticket is closed';
export const CLOSED_MESSAGE =
  'Closed tickets no longer take replies. If the problem is back or you still need help, open a follow-up ticket and we will pick it up from there.';

interface TicketDetailModalProps {
  ticketId: number | null;
  onClose: () => void;
  timeZone: string;
  /** Opens a new ticket that follows up this closed one. */
  onFollowUp: (closed: Ticket) => void;
}

export function TicketDetailModal({ ticketId, onClose, timeZone, onFollowUp }: TicketDetailModalProps) {
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
      {ticketId !== null && <TicketDetail key={ticketId} id={ticketId} timeZone={timeZone} onFollowUp={onFollowUp} />}
    </Modal>
  );
}

function TicketDetail({ id, timeZone, onFollowUp }: { id: number; timeZone: string; onFollowUp: (closed: Ticket) => void }) {
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
  return <TicketDetailBody ticket={ticket.data} timeZone={timeZone} onFollowUp={onFollowUp} />;
}

function TicketDetailBody({ ticket, timeZone, onFollowUp }: { ticket: Ticket; timeZone: string; onFollowUp: (closed: Ticket) => void }) {
  const overdue = isTicketOverdue(ticket);
  const closed = isClosedTicketStatus(ticket.status);
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" fw={700} c={TICKET_NUMBER_INK} ff="monospace">
            {ticket.ticket_number} · ID {ticket.id}
          </Text>
          <CopyTicketLink id={ticket.id} />
        </Group>
        <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
          {ticket.subject}
        </Title>
        <Group gap={6}>
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
          {overdue && ticket.due_date && <OverdueBadge dueDate={ticket.due_date} timeZone={timeZone} />}
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
        {ticket.due_date && (
          <div data-testid="due-date" className={classes.dueDate} data-overdue={overdue || undefined}>
            <Fact label="Due date" value={`${formatDateTime(ticket.due_date, timeZone)}${overdue ? ' (overdue)' : ''}`} />
          </div>
        )}
        <Fact label="Time logged" value={`${ticket.time_rounded} ${ticket.time_rounded === 1 ? 'hour' : 'hours'}`} />
      </SimpleGrid>

      <Stack gap={6}>
        <Title order={3} fz="sm" tt="uppercase" c="dimmed" style={{ letterSpacing: 0.4 }}>
          Description
        </Title>
        <TicketContent text={ticket.description} />
        <TicketAttachments files={ticket.attachments} />
      </Stack>

      {/* The customer's side of the ticket's end (docs/decisions/0047). */}
      <ResolveControls ticket={ticket} timeZone={timeZone} />
      <RatingPrompt ticket={ticket} timeZone={timeZone} />

      <Conversation
        ticket={ticket}
        timeZone={timeZone}
        replyBox={closed ? <ClosedTicketNotice onFollowUp={() => onFollowUp(ticket)} /> : <ResponseForm ticketId={ticket.id} />}
      />
    </Stack>
  );
}

/**
 * The conversation, newest first. The detail carries the newest entries (docs/decisions/0027);
 * "Show earlier messages" fetches the ones before the oldest shown, page by page, until all are there.
 */
function Conversation({ ticket, timeZone, replyBox }: { ticket: Ticket; timeZone: string; replyBox: ReactNode }) {
  const [loaded, setLoaded] = useState<{ after: ConversationEntry[]; entries: ConversationEntry[]; hasMore: boolean } | null>(null);
  const loadEarlier = useEarlierConversation(ticket.id);
  // Earlier pages follow the newest entries they were fetched after; once the ticket is reloaded with
  // other newest entries (a new reply shifts them), it starts again from those.
  const earlier = loaded && loaded.after === ticket.conversation ? loaded : { entries: [], hasMore: ticket.conversation_has_more };
  const entries = earlier.entries.length === 0 ? ticket.conversation : [...ticket.conversation, ...earlier.entries];
  const oldest = entries.at(-1);
  return (
    <Stack gap="sm" component="section" aria-labelledby="conversation-heading">
      <Title order={3} fz="md" id="conversation-heading">
        Conversation ({entries.length}
        {earlier.hasMore ? '+' : ''})
      </Title>
      {/* The reply box sits on top of the conversation, right above the newest entry (docs/product.md §2). */}
      {replyBox}
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          No messages yet.
        </Text>
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {entries.map((entry, index) => (
            <li key={entry.id}>
              <ConversationEntryCard entry={entry} latest={index === 0} timeZone={timeZone} />
            </li>
          ))}
        </Stack>
      )}
      {earlier.hasMore && oldest && (
        <Stack gap={6} align="center">
          {loadEarlier.isError && (
            <Text size="sm" c="red.8" role="alert">
              {errorMessage(loadEarlier.error, EARLIER_ERROR)}
            </Text>
          )}
          <Button
            variant="default"
            size="sm"
            leftSection={<IconChevronDown size={16} aria-hidden="true" />}
            loading={loadEarlier.isPending}
            onClick={() =>
              loadEarlier.mutate(oldest.id, {
                onSuccess: (page) => setLoaded({ after: ticket.conversation, entries: [...earlier.entries, ...page.entries], hasMore: page.has_more }),
              })
            }
          >
            {SHOW_EARLIER}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

function ClosedTicketNotice({ onFollowUp }: { onFollowUp: () => void }) {
  return (
    <Alert
      variant="light"
      color="gray"
      radius="md"
      title={CLOSED_TITLE}
      icon={<IconLock size={18} aria-hidden="true" />}
      styles={{ title: { color: 'light-dark(var(--mantine-color-dark-7), var(--mantine-color-dark-0))' } }}
      data-testid="closed-ticket-notice"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{CLOSED_MESSAGE}</Text>
        <Button size="sm" variant="default" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onFollowUp}>
          Open a follow-up ticket
        </Button>
      </Stack>
    </Alert>
  );
}

/** The ticket's own address (decision 0019), ready to paste into an e-mail or a chat. */
function CopyTicketLink({ id }: { id: number }) {
  const { copied, copy } = useClipboard({ timeout: COPY_CONFIRMATION_MS });
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={copied ? <IconCheck size={14} aria-hidden="true" /> : <IconLink size={14} aria-hidden="true" />}
      onClick={() => copy(`${window.location.origin}${ticketPath(id)}`)}
    >
      {copied ? 'Link copied' : 'Copy link'}
    </Button>
  );
}

/**
 * Spec §5: trimmed; sending is disabled while the text is empty after trimming or a send is under way.
 * Disabling the focused button drops the focus to the page; once the send is done (or failed, with its
 * message on the box) the focus is back in the reply box, inside the ticket (decision 0033).
 */
function ResponseForm({ ticketId }: { ticketId: number }) {
  const [text, setText] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  const respond = useRespondToTicket(ticketId);
  const uploads = useAttachmentUploads();
  // Files are sent with the reply by id (decision 0047): not while one is still on its way.
  const sendable = text.trim() !== '' && !respond.isPending && !uploads.uploading;
  return (
    <AttachmentDropTarget uploads={uploads}>
      <Stack
        gap="xs"
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!sendable) return;
          respond.mutate(
            { text, attachmentIds: uploads.ids },
            {
              onSuccess: () => {
                setText('');
                uploads.clear();
              },
              onSettled: () => box.current?.focus(),
            },
          );
        }}
      >
        <Textarea
          ref={box}
          label="Add Response"
          placeholder="Write your reply to the support team"
          autosize
          minRows={2}
          maxRows={10}
          value={text}
          maxLength={TICKET_RESPONSE_MAX_LENGTH}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (respond.isError) respond.reset();
          }}
          error={respond.isError ? errorMessage(respond.error, RESPONSE_ERROR) : undefined}
        />
        <AttachmentPicker uploads={uploads} disabled={respond.isPending} />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden="true" />} disabled={!sendable} loading={respond.isPending}>
            Add Response
          </Button>
        </Group>
      </Stack>
    </AttachmentDropTarget>
  );
}
