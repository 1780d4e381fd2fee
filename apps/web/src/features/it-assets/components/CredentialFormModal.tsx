import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { credentialInput, type AcceptedCredential, type CredentialInput } from '@portal/contract';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { zodFormValidator } from '../../../shared/forms/zod-form-validator';
import { useCreateCredential, useUpdateCredential } from '../api/inventory-queries';
import { CREATE_FAILED, passwordStateOf } from '../inventory-display';

const EMPTY: CredentialInput = { title: '', username: '', password: '', url: '', notes: '' };

/**
 * 'Add New Credential' (docs/product.md §2, §5), and the same form to edit one in the vault.
 * Add is disabled while the title is empty or a save runs. A failed save keeps the form open and
 * says what failed — the spec's silent failure is a weakness we fixed (docs/decisions/0015).
 */
export function CredentialFormModal({ opened, onClose, editing }: { opened: boolean; onClose: () => void; editing?: AcceptedCredential | null }) {
  const create = useCreateCredential();
  const update = useUpdateCredential();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CredentialInput>({
    initialValues: editing
      ? { title: editing.service_name, username: editing.username ?? '', password: '', url: editing.website ?? '', notes: editing.notes ?? '' }
      : EMPTY,
    validate: zodFormValidator<CredentialInput>(credentialInput),
  });
  const saving = create.isPending || update.isPending;
  const hiddenPassword = editing ? passwordStateOf(editing).kind === 'hidden' : false;

  function close() {
    form.reset();
    setFailure(null);
    onClose();
  }

  async function save(values: CredentialInput) {
    setFailure(null);
    try {
      if (editing) {
        // An empty password field keeps the stored one; a hidden one is never sent.
        const { password, ...rest } = values;
        await update.mutateAsync({ id: editing.id, changes: { ...rest, ...(password && !hiddenPassword ? { password } : {}) } });
        notifications.show({ color: 'green', message: `${values.title} was updated.` });
      } else {
        await create.mutateAsync(values);
        notifications.show({ color: 'green', message: `${values.title} was added.` });
      }
      close();
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fields);
      setFailure(errorMessage(error, CREATE_FAILED));
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={editing ? `Edit ${editing.service_name}` : 'Add New Credential'} radius="lg" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={CREATE_FAILED} role="alert" styles={{ title: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' } }}>
              {failure}
            </Alert>
          )}
          <TextInput label="Service Name" required data-autofocus {...form.getInputProps('title')} />
          <TextInput label="Username" autoComplete="off" {...form.getInputProps('username')} />
          {hiddenPassword ? (
            <Text size="sm" c="dimmed">
              The password was hidden by an administrator of your provider and cannot be changed here.
            </Text>
          ) : (
            <PasswordInput
              label="Password"
              autoComplete="new-password"
              description={editing ? 'Leave empty to keep the stored password.' : undefined}
              {...form.getInputProps('password')}
            />
          )}
          <TextInput label="URL" type="url" placeholder="https://" {...form.getInputProps('url')} />
          <Textarea label="Notes" rows={3} {...form.getInputProps('notes')} />
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={form.values.title.trim() === '' || saving}>
              {editing ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
