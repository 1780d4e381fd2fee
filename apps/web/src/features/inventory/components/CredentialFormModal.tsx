import { Alert, Autocomplete, Button, Group, Modal, PasswordInput, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CREDENTIAL_CATEGORY_MAX, credentialInput, type AcceptedCredential, type CredentialInput } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { zodFormValidator } from '../../../shared/forms/zod-form-validator';
import { credentialsQuery, useCreateCredential, useUpdateCredential } from '../api/inventory-queries';
import { calendarDayOf, CREATE_FAILED, passwordStateOf } from '../inventory-display';

const EMPTY: CredentialInput = { title: '', username: '', password: '', url: '', notes: '', category: '', expires: '' };
/** Categories offered before the vault has any of its own; any other may be typed. */
const USUAL_CATEGORIES = ['Cloud', 'Email', 'Finance', 'Network', 'Server', 'Web'];

/** The categories to offer: the vault's own (from the list on screen, never asked for here) and the usual ones. */
function useCategorySuggestions(): string[] {
  const listed = useQuery({ ...credentialsQuery(), enabled: false }).data ?? [];
  const own = listed.map((credential) => credential.category?.trim()).filter((category): category is string => Boolean(category));
  return [...new Set([...own, ...USUAL_CATEGORIES])].sort((a, b) => a.localeCompare(b));
}

/**
 * 'Add New Credential' (docs/product.md §2, §5), and the same form to edit one in the vault. Beyond the spec's
 * form (decision 0033) it sets the category and the expiry date that the cards show; a new credential's empty ones are
 * not sent, so an API that knows only the spec's fields gets exactly those.
 * Add is disabled while the title is empty or a save runs. A failed save keeps the form open and
 * says what failed — the spec's silent failure is a weakness we fixed (docs/decisions/0015).
 */
export function CredentialFormModal({ opened, onClose, editing }: { opened: boolean; onClose: () => void; editing?: AcceptedCredential | null }) {
  const create = useCreateCredential();
  const update = useUpdateCredential();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CredentialInput>({
    initialValues: editing
      ? {
          title: editing.service_name,
          username: editing.username ?? '',
          password: '',
          url: editing.website ?? '',
          notes: editing.notes ?? '',
          category: editing.category ?? '',
          expires: calendarDayOf(editing.expires) ?? '',
        }
      : EMPTY,
    validate: zodFormValidator<CredentialInput>(credentialInput),
  });
  const categories = useCategorySuggestions();
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
        const { category, expires, ...spec } = values;
        await create.mutateAsync({ ...spec, ...(category ? { category } : {}), ...(expires ? { expires } : {}) });
        notifications.show({ color: 'green', message: `${values.title} was added.` });
      }
      close();
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(error.fields);
      setFailure(errorMessage(error, CREATE_FAILED));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={editing ? `Edit ${editing.service_name}` : 'Add New Credential'}
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden="true" />}
              title={CREATE_FAILED}
              role="alert"
              styles={{ title: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' } }}
            >
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
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Autocomplete
              label="Category"
              placeholder="e.g. Network"
              data={categories}
              maxLength={CREDENTIAL_CATEGORY_MAX}
              {...form.getInputProps('category')}
            />
            <TextInput
              label="Expires"
              type="date"
              description="Leave empty if it never expires."
              {...form.getInputProps('expires')}
              value={form.values.expires ?? ''}
            />
          </SimpleGrid>
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
