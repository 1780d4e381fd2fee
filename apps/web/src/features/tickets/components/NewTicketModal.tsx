import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { newTicketInput, TICKET_PRIORITIES, TICKET_RESPONSE_MAX_LENGTH, type Ticket } from '@portal/contract';
import { errorMessage } from '../../../shared/api';
import { zodFormValidator } from '../../../shared/forms/zod-form-validator';
import { useCreateTicket } from '../api/tickets-queries';
import { useAttachmentUploads } from '../attachment-uploads';
import { priorityLabel } from '../ticket-display';
import { AttachmentDropTarget, AttachmentPicker } from './AttachmentPicker';

export const CREATE_TICKET_ERROR = 'Failed to create ticket';

interface NewTicketValues {
  subject: string;
  description: string;
  priority: (typeof TICKET_PRIORITIES)[number];
}

/** A closed ticket's follow-up starts from it (docs/decisions/0018): its number and subject, and its priority. */
export function followUpValues(closed: Pick<Ticket, 'ticket_number' | 'subject' | 'priority'>): NewTicketValues {
  const priority = (TICKET_PRIORITIES as readonly string[]).includes(closed.priority) ? (closed.priority as NewTicketValues['priority']) : 'medium';
  return {
    subject: `Follow-up to ${closed.ticket_number}: ${closed.subject}`.slice(0, 200),
    description: `This follows up ${closed.ticket_number}, which is closed.\n\n`,
    priority,
  };
}

/** Beyond the spec (decisions 0007 and 0018): open a ticket, assigned to the signed-in user; or a follow-up of a closed one. */
export function NewTicketModal({
  opened,
  onClose,
  onCreated,
  followUpOf = null,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (ticket: Ticket) => void;
  followUpOf?: Pick<Ticket, 'ticket_number' | 'subject' | 'priority'> | null;
}) {
  const create = useCreateTicket();
  const form = useForm<NewTicketValues>({
    initialValues: followUpOf ? followUpValues(followUpOf) : { subject: '', description: '', priority: 'medium' },
    validate: zodFormValidator(newTicketInput),
  });
  const uploads = useAttachmentUploads();
  const close = () => {
    form.reset();
    create.reset();
    uploads.clear();
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={followUpOf ? 'Follow-up Ticket' : 'New Ticket'}
      size="lg"
      radius="lg"
      padding="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <AttachmentDropTarget uploads={uploads}>
        <form
          onSubmit={form.onSubmit((values) => {
            // Submit is disabled while a file is on its way; Enter in the subject must not slip past that.
            if (uploads.uploading) return;
            create.mutate(uploads.ids.length > 0 ? { ...values, attachment_ids: uploads.ids } : values, {
              onSuccess: (ticket) => {
                form.reset();
                uploads.clear();
                onCreated(ticket);
              },
            });
          })}
          noValidate
        >
          <Stack gap="md">
            {create.isError && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(create.error, CREATE_TICKET_ERROR)}
              </Alert>
            )}
            <TextInput
              label="Subject"
              placeholder="A short summary of the problem"
              required
              maxLength={200}
              data-autofocus
              {...form.getInputProps('subject')}
            />
            <Textarea
              label="Description"
              placeholder="What happened, since when, who is affected"
              required
              autosize
              minRows={4}
              maxRows={12}
              maxLength={TICKET_RESPONSE_MAX_LENGTH}
              {...form.getInputProps('description')}
            />
            <Select
              label="Priority"
              data={TICKET_PRIORITIES.map((priority) => ({ value: priority, label: priorityLabel(priority) }))}
              allowDeselect={false}
              {...form.getInputProps('priority')}
            />
            <AttachmentPicker uploads={uploads} disabled={create.isPending} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} disabled={uploads.uploading}>
                Open Ticket
              </Button>
            </Group>
          </Stack>
        </form>
      </AttachmentDropTarget>
    </Modal>
  );
}
