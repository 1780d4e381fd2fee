import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { passkeyFailure } from '../../../shared/passkeys/ceremony';
import { useAddPasskey } from '../api/passkey-queries';
import { PASSKEY_NAME_REQUIRED, PasskeyNameField } from './PasskeyNameField';

/** Adding a passkey (decision 0050): a name the person will recognise, then the browser's own prompt. */
export function AddPasskeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddPasskey();

  const close = () => {
    setName('');
    setError(null);
    setFailure(null);
    add.reset();
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(PASSKEY_NAME_REQUIRED);
    setFailure(null);
    add.mutate(trimmed, {
      onSuccess: (added) => {
        notifications.show({ color: 'green', message: `The passkey “${added.name}” was added.` });
        close();
      },
      onError: (problem) => setFailure(passkeyFailure(problem, 'The passkey could not be added. Please try again.')),
    });
  }

  return (
    <Modal opened={opened} onClose={close} title="Add a passkey" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label="Add a passkey">
        <Stack gap="md">
          <Text size="sm">
            A passkey signs you in with your fingerprint, face or device PIN instead of your password. Name it after the device or password manager that keeps
            it.
          </Text>
          <PasskeyNameField
            value={name}
            error={error}
            placeholder="Work laptop"
            onChange={(value) => {
              setName(value);
              setError(null);
            }}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Continue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
