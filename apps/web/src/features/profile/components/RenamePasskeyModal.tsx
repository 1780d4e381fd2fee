import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Passkey } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../shared/api';
import { useRenamePasskey } from '../api/passkey-queries';
import { PASSKEY_NAME_REQUIRED, PasskeyNameField } from './PasskeyNameField';

/** A passkey's name, changed: the one the person recognises it by here and when a sign-in asks which to use (decision 0050). */
export function RenamePasskeyModal({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  // Keyed by the passkey in PasskeysPart, so the field starts from each passkey's own name.
  const [name, setName] = useState(passkey?.name ?? '');
  const [error, setError] = useState<string | null>(null);
  const rename = useRenamePasskey();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!passkey) return;
    const trimmed = name.trim();
    if (!trimmed) return setError(PASSKEY_NAME_REQUIRED);
    if (trimmed === passkey.name) return onClose();
    rename.mutate(
      { id: passkey.id, name: trimmed },
      {
        onSuccess: (renamed) => {
          notifications.show({ color: 'green', message: `The passkey is now called “${renamed.name}”.` });
          onClose();
        },
      },
    );
  }

  return (
    <Modal opened={passkey !== null} onClose={onClose} title="Rename this passkey" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label="Rename this passkey">
        <Stack gap="md">
          <PasskeyNameField
            value={name}
            error={error}
            onChange={(value) => {
              setName(value);
              setError(null);
            }}
          />
          {rename.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(rename.error, 'The passkey could not be renamed. Please try again.')}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={rename.isPending}>
              Save name
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
