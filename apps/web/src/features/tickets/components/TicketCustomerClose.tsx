import { Alert, Button, Group, Rating, Stack, Text, Textarea } from '@mantine/core';
import { isClosedTicketStatus, TICKET_NOTE_MAX_LENGTH, type Ticket } from '@portal/contract';
import { IconCircleCheck, IconRotate } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { formatDateTime } from '../../../shared/format';
import { useRateTicket, useReopenTicket, useResolveTicket } from '../api/tickets-queries';

export const RESOLVE_ERROR = 'The ticket could not be marked resolved';
export const REOPEN_ERROR = 'The ticket could not be reopened';
export const RATING_ERROR = 'Your rating could not be saved';
export const RATING_QUESTION = 'How did we do?';

/**
 * The customer's own close (docs/decisions/0047): "Mark as resolved" with an optional note while the ticket is open,
 * then a notice with "Reopen" until the days allowed run out. The status stays the help desk's to move.
 */
export function ResolveControls({ ticket, timeZone }: { ticket: Ticket; timeZone: string }) {
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const resolve = useResolveTicket(ticket.id);
  const reopen = useReopenTicket(ticket.id);
  const resolved = ticket.resolved_by_customer;

  if (resolved) {
    const canReopen = Date.now() < Date.parse(resolved.reopen_until);
    return (
      <Alert variant="light" color="teal" radius="md" title="You marked this ticket resolved" icon={<IconCircleCheck size={18} aria-hidden="true" />}>
        <Stack gap="xs" align="flex-start">
          {resolved.note && <Text size="sm">Your note: {resolved.note}</Text>}
          {canReopen && (
            <>
              <Text size="sm">Not fixed after all? You can reopen it until {formatDateTime(resolved.reopen_until, timeZone)}.</Text>
              {reopen.isError && (
                <Text size="sm" c="red.8" role="alert">
                  {errorMessage(reopen.error, REOPEN_ERROR)}
                </Text>
              )}
              <Button
                size="sm"
                variant="default"
                leftSection={<IconRotate size={16} aria-hidden="true" />}
                loading={reopen.isPending}
                onClick={() => reopen.mutate()}
              >
                Reopen ticket
              </Button>
            </>
          )}
        </Stack>
      </Alert>
    );
  }
  // A closed ticket is the help desk's to have closed; an answer without the field is a server that has no such mark.
  if (isClosedTicketStatus(ticket.status) || resolved === undefined) return null;
  if (!asking) {
    return (
      <Group>
        <Button size="sm" variant="default" leftSection={<IconCircleCheck size={16} aria-hidden="true" />} onClick={() => setAsking(true)}>
          Mark as resolved
        </Button>
      </Group>
    );
  }
  return (
    <Stack
      gap="xs"
      component="form"
      aria-label="Mark as resolved"
      onSubmit={(event) => {
        event.preventDefault();
        resolve.mutate(note, { onSuccess: () => setAsking(false) });
      }}
    >
      <Textarea
        label="Anything the help desk should know? (optional)"
        autosize
        minRows={2}
        maxLength={TICKET_NOTE_MAX_LENGTH}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={resolve.isError ? errorMessage(resolve.error, RESOLVE_ERROR) : undefined}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="sm" onClick={() => setAsking(false)}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={resolve.isPending}>
          Mark as resolved
        </Button>
      </Group>
    </Stack>
  );
}

/** "How did we do?" on a completed ticket: 1 to 5 and a comment, once, changeable until the date the server gives. */
export function RatingPrompt({ ticket, timeZone }: { ticket: Ticket; timeZone: string }) {
  const given = ticket.rating ?? null;
  const [editing, setEditing] = useState(false);
  const [score, setScore] = useState(given?.score ?? 0);
  const [comment, setComment] = useState(given?.comment ?? '');
  const rate = useRateTicket(ticket.id);
  if (!ticket.rating_asked && !given) return null;

  if (given && !editing) {
    return (
      // Whoever may read the ticket sees its rating (an administrator too), so it is "Rating", not "Your rating". The
      // stars are a picture of the words beside them: hidden from screen readers (a label on their plain <div> is not
      // allowed, axe's aria-prohibited-attr).
      <Stack gap={4} component="section" aria-label="Rating">
        <Group gap="xs">
          <Text size="sm" fw={600}>
            Rating:
          </Text>
          <Rating value={given.score} readOnly aria-hidden="true" />
          <Text size="sm">{given.score} out of 5</Text>
        </Group>
        {given.comment && <Text size="sm">“{given.comment}”</Text>}
        {ticket.rating_asked && (
          <Group gap="xs">
            <Text size="xs" c="dimmed">
              You can change it until {formatDateTime(given.changeable_until, timeZone)}.
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => setEditing(true)}>
              Change rating
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <Stack
      gap="xs"
      component="form"
      aria-label={RATING_QUESTION}
      onSubmit={(event) => {
        event.preventDefault();
        if (score < 1) return;
        rate.mutate({ score, comment }, { onSuccess: () => setEditing(false) });
      }}
    >
      <Text fw={600} id="rating-question">
        {RATING_QUESTION}
      </Text>
      <Group gap="xs" role="radiogroup" aria-labelledby="rating-question">
        {[1, 2, 3, 4, 5].map((value) => (
          <Button
            key={value}
            size="sm"
            variant={score === value ? 'filled' : 'default'}
            role="radio"
            aria-checked={score === value}
            aria-label={`${value} out of 5`}
            onClick={() => setScore(value)}
          >
            {value}
          </Button>
        ))}
      </Group>
      <Textarea
        label="Comment (optional)"
        autosize
        minRows={2}
        maxLength={TICKET_NOTE_MAX_LENGTH}
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        error={rate.isError ? errorMessage(rate.error, RATING_ERROR) : undefined}
      />
      <Group justify="flex-end">
        <Button type="submit" size="sm" disabled={score < 1} loading={rate.isPending}>
          Send rating
        </Button>
      </Group>
    </Stack>
  );
}
