import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';

export const CONFIRM_PASSWORD_TITLE = 'Confirm it is you';
export const CONFIRM_PASSWORD_TEXT = 'Your email address is the username you sign in with. Enter your current password to change it.';

/**
 * The extra step before the sign-in e-mail changes (docs/decisions/0012): the current password,
 * checked by the server with the save itself. The form and texts of the profile stay the spec's.
 */
export function ConfirmPasswordModal({
  opened,
  saving,
  error,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  saving: boolean;
  /** The server's word on the password (wrong, throttled), shown under the field. */
  error: string | undefined;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setMissing(true);
    onConfirm(password);
  }

  function close() {
    setPassword('');
    setMissing(false);
    onCancel();
  }

  return (
    <Modal opened={opened} onClose={close} title={CONFIRM_PASSWORD_TITLE} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label="Confirm your password">
        <Stack gap="md">
          <Text size="sm">{CONFIRM_PASSWORD_TEXT}</Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            data-autofocus
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setMissing(false);
            }}
            error={missing ? 'Please enter your current password' : error}
            disabled={saving}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Confirm and save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
