import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { TwoFactorDisableInput } from '@portal/contract';
import { useState, type FormEvent } from 'react';

/**
 * Proof that it is the person, before a change to their second factor (decision 0049): the current password, or a
 * code from the authenticator app. The parent sends it and hands a field's refusal back through `fieldError`.
 */
export function TwoFactorProofForm({
  name,
  intro,
  submitLabel,
  danger = false,
  pending,
  fieldError,
  onFieldEdited,
  onCancel,
  onSubmit,
}: {
  name: string;
  intro: string;
  submitLabel: string;
  danger?: boolean;
  pending: boolean;
  fieldError: string | null;
  onFieldEdited: () => void;
  onCancel: () => void;
  onSubmit: (proof: TwoFactorDisableInput) => void;
}) {
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState('');
  const [missing, setMissing] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!value.trim()) return setMissing(withCode ? 'Enter the 6-digit code your app shows' : 'Enter your current password');
    onSubmit(withCode ? { code: value } : { current_password: value });
  }

  const field = {
    value,
    error: missing ?? fieldError,
    required: true,
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      setValue(event.currentTarget.value);
      setMissing(null);
      onFieldEdited();
    },
  };
  return (
    <form onSubmit={submit} noValidate aria-label={name}>
      <Stack gap="md">
        <Text size="sm">{intro}</Text>
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
            setMissing(null);
            onFieldEdited();
          }}
        >
          {withCode ? 'Use your password instead' : 'Use a code from your app instead'}
        </Anchor>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" color={danger ? 'red' : undefined} loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
