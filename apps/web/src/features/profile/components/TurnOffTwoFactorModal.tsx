import { Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { useDisableTotp } from '../api/security-queries';

export const TWO_FACTOR_OFF = 'Two-step sign-in is off.';

/** Turning two-step sign-in off (decision 0049): with the current password, or a code from the app. */
export function TurnOffTwoFactorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const disable = useDisableTotp();

  const close = () => {
    setValue('');
    setError(null);
    setWithCode(false);
    disable.reset();
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) return setError(withCode ? 'Enter the 6-digit code your app shows' : 'Enter your current password');
    disable.mutate(withCode ? { code: value } : { current_password: value }, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: TWO_FACTOR_OFF });
        close();
      },
      onError: (failure) => {
        const field = failure instanceof ApiError ? (failure.fields?.code ?? failure.fields?.current_password) : undefined;
        if (field) setError(field);
        else notifications.show({ color: 'red', message: errorMessage(failure, 'Two-step sign-in could not be turned off. Please try again.') });
      },
    });
  }

  const field = {
    value,
    error,
    required: true,
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      setValue(event.currentTarget.value);
      setError(null);
    },
  };
  return (
    <Modal opened={opened} onClose={close} title="Turn off two-step sign-in" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate aria-label="Turn off two-step sign-in">
        <Stack gap="md">
          <Text size="sm">Signing in will ask for your password only, and your recovery codes will stop working.</Text>
          {withCode ? (
            <TextInput key="code" label="Code from your authenticator app" autoComplete="one-time-code" inputMode="numeric" maxLength={7} {...field} />
          ) : (
            <PasswordInput key="password" label="Current password" autoComplete="current-password" {...field} />
          )}
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setWithCode((current) => !current);
              setValue('');
              setError(null);
            }}
          >
            {withCode ? 'Use your password instead' : 'Use a code from your app instead'}
          </Anchor>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              Turn off
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
