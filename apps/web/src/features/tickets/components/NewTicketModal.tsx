import { Alert, Button, Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { newTicketInput, TICKET_PRIORITIES, TICKET_RESPONSE_MAX_LENGTH, type Ticket } from '@portal/contract';
import { errorMessage } from '../../../shared/api';
import { zodFormValidator } from '../../../shared/forms/zod-form-validator';
import { useCreateTicket } from '../api/tickets-queries';
import { priorityLabel } from '../ticket-display';

export const CREATE_TICKET_ERROR = 'Failed to create ticket';

interface NewTicketValues {
  subject: string;
  description: string;
  priority: (typeof TICKET_PRIORITIES)[number];
}

/** Beyond the spec (issue 5): open a ticket, assigned to the signed-in user. */
export function NewTicketModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (ticket: Ticket) => void }) {
  const create = useCreateTicket();
  const form = useForm<NewTicketValues>({
    initialValues: { subject: '', description: '', priority: 'medium' },
    validate: zodFormValidator(newTicketInput),
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="New Ticket" size="lg" radius="lg" padding="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form
        onSubmit={form.onSubmit((values) =>
          create.mutate(values, {
            onSuccess: (ticket) => {
              form.reset();
              onCreated(ticket);
            },
          }),
        )}
        noValidate
      >
        <Stack gap="md">
          {create.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(create.error, CREATE_TICKET_ERROR)}
            </Alert>
          )}
          <TextInput label="Subject" placeholder="A short summary of the problem" required maxLength={200} data-autofocus {...form.getInputProps('subject')} />
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
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Open Ticket
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
