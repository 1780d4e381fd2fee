import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MIN_PASSWORD_LENGTH } from '@portal/contract';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { useChangePassword } from '../api/security-queries';

export const PASSWORD_CHANGED = 'Your password has been changed. Your other browsers are signed out.';
export const PASSWORDS_DIFFER = 'The two new passwords are not the same';

type Field = 'current_password' | 'new_password' | 'repeat';

/**
 * Change my password while signed in (issue 37): the current one, and a new one twice. The server checks the current
 * one (a wrong one counts as a failed sign-in) and the new one by the rules of a reset, and ends my other sign-ins.
 */
export function ChangePasswordModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [values, setValues] = useState({ current_password: '', new_password: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const change = useChangePassword();

  const set = (field: Field) => (event: { currentTarget: HTMLInputElement }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const close = () => {
    setValues({ current_password: '', new_password: '', repeat: '' });
    setErrors({});
    change.reset();
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {
      ...(values.current_password ? {} : { current_password: 'Enter your current password' }),
      ...(values.new_password ? {} : { new_password: 'Enter a new password' }),
      ...(values.repeat === values.new_password ? {} : { repeat: PASSWORDS_DIFFER }),
    };
    if (Object.keys(missing).length > 0) return setErrors(missing);
    change.mutate(
      { current_password: values.current_password, new_password: values.new_password },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: PASSWORD_CHANGED });
          close();
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : undefined;
          if (fields && Object.keys(fields).length > 0) setErrors(fields);
          else notifications.show({ color: 'red', message: errorMessage(error, 'Your password could not be changed. Please try again.') });
        },
      },
    );
  }

  return (
    <Modal opened={opened} onClose={close} title="Change your password" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label="Change your password">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            At least {MIN_PASSWORD_LENGTH} characters that are hard to guess: a few unrelated words work well. Your other browsers will be signed out.
          </Text>
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            data-autofocus
            value={values.current_password}
            onChange={set('current_password')}
            error={errors.current_password}
            disabled={change.isPending}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            value={values.new_password}
            onChange={set('new_password')}
            error={errors.new_password}
            disabled={change.isPending}
          />
          <PasswordInput
            label="New password, again"
            autoComplete="new-password"
            required
            value={values.repeat}
            onChange={set('repeat')}
            error={errors.repeat}
            disabled={change.isPending}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={change.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
