import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/**
 * A 6-digit code from an authenticator app (decision 0049): the phone's number pad, the browser's and password
 * managers' one-time-code filling, a space allowed where the app groups the digits (123 456).
 */
export const OneTimeCodeInput = forwardRef<HTMLInputElement, Omit<TextInputProps, 'autoComplete' | 'inputMode' | 'pattern' | 'maxLength'>>(
  function OneTimeCodeInput(props, ref) {
    return <TextInput ref={ref} placeholder="123456" autoComplete="one-time-code" inputMode="numeric" pattern="[0-9 ]*" maxLength={7} required {...props} />;
  },
);
