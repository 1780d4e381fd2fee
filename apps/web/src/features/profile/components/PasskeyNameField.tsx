import { TextInput } from '@mantine/core';
import { PASSKEY_NAME_MAX } from '@portal/contract';

export const PASSKEY_NAME_REQUIRED = 'Give the passkey a name';

/** A passkey's name, as adding and renaming one ask for it: typing clears the error shown. */
export function PasskeyNameField({
  value,
  error,
  placeholder,
  onChange,
}: {
  value: string;
  error: string | null;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      label="Name"
      placeholder={placeholder}
      required
      maxLength={PASSKEY_NAME_MAX}
      value={value}
      error={error}
      data-autofocus
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
