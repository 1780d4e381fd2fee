import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import type { AcceptedLoginResult, TwoFactorChallenge } from '@portal/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { useSecondFactorMutation } from '../api/second-step';
import { FormFailure } from './AuthScreenParts';
import { OneTimeCodeInput } from '../../../shared/ui/OneTimeCodeInput';

export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_REQUIRED = 'Enter one of your recovery codes';
export const SECOND_STEP_FAILED = 'That did not work. Please try again.';
export const SIGN_IN_AGAIN = 'This sign-in has expired. Please sign in again.';

interface SecondFactorStepProps {
  challenge: TwoFactorChallenge;
  onSignedIn: (session: AcceptedLoginResult) => void;
  /** Back to the password, with why (the pending sign-in expired or was used up), or none when the person chose to. */
  onRestart: (message: string | null) => void;
}

/**
 * A sign-in's second step (decision 0049): the 6-digit code from the authenticator app, or one recovery code.
 * The code field is what phones and password managers fill in (`autocomplete="one-time-code"`, a numeric keypad).
 */
export function SecondFactorStep({ challenge, onSignedIn, onRestart }: SecondFactorStepProps) {
  const byCode = challenge.methods.includes('totp');
  const byPasskey = challenge.methods.includes('passkey');
  const [passkeyPending, setPasskeyPending] = useState(false);
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const complete = useSecondFactorMutation();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), [recovery]);

  // One of the person's passkeys (decision 0050); SimpleWebAuthn loads on the press.
  async function signInWithPasskey() {
    setFailure(null);
    setPasskeyPending(true);
    try {
      const passkeys = await import('../api/passkey-sign-in');
      try {
        onSignedIn(await passkeys.completeSecondFactorWithPasskey(challenge.pending_token));
      } catch (error) {
        const message = passkeys.passkeyFailure(error, SECOND_STEP_FAILED);
        if (error instanceof ApiError && error.status === 401 && message === SIGN_IN_AGAIN) onRestart(message);
        else setFailure(message);
      }
    } catch (error) {
      setFailure(errorMessage(error, SECOND_STEP_FAILED));
    }
    setPasskeyPending(false);
  }

  const switchMethod = () => {
    setRecovery((current) => !current);
    setValue('');
    setFieldError(null);
    setFailure(null);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = value.trim();
    if (!recovery && !/^\d{6}$/.test(typed.replace(/\s+/g, ''))) return setFieldError(CODE_REQUIRED);
    if (recovery && typed.replace(/[\s-]+/g, '').length !== 16) return setFieldError(RECOVERY_CODE_REQUIRED);
    setFailure(null);
    complete.mutate(
      recovery ? { pending_token: challenge.pending_token, recovery_code: typed } : { pending_token: challenge.pending_token, code: typed.replace(/\s+/g, '') },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          const field = error instanceof ApiError ? (error.fields?.code ?? error.fields?.recovery_code) : undefined;
          if (field) {
            setFieldError(field);
            setValue('');
            input.current?.focus();
          } else if (error instanceof ApiError && error.status === 401) onRestart(errorMessage(error, SIGN_IN_AGAIN));
          else setFailure(errorMessage(error, SECOND_STEP_FAILED));
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="second-factor-heading">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="second-factor-heading">
            Two-step verification
          </Title>
          <Text size="sm" c="dimmed">
            {!byCode
              ? 'Use your passkey to finish signing in.'
              : recovery
                ? 'Enter one of the recovery codes you saved when you set up two-step sign-in. Each code works once.'
                : 'Open your authenticator app and enter the 6-digit code it shows for this portal.'}
          </Text>
        </Stack>
        {failure && <FormFailure>{failure}</FormFailure>}
        {byPasskey && (
          <Button variant={byCode ? 'default' : 'filled'} size="md" fullWidth loading={passkeyPending} onClick={() => void signInWithPasskey()}>
            Use a passkey
          </Button>
        )}
        {!byCode ? null : recovery ? (
          <TextInput
            key="recovery"
            ref={input}
            label="Recovery code"
            placeholder="xxxx-xxxx-xxxx-xxxx"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            size="md"
            value={value}
            error={fieldError}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setFieldError(null);
            }}
          />
        ) : (
          <OneTimeCodeInput
            key="code"
            ref={input}
            label="Code from your authenticator app"
            size="md"
            value={value}
            error={fieldError}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setFieldError(null);
            }}
          />
        )}
        {byCode && (
          <Button type="submit" size="md" fullWidth loading={complete.isPending}>
            Verify and sign in
          </Button>
        )}
        <Stack gap={6} align="flex-start">
          {byCode && (
            <Anchor component="button" type="button" size="sm" fw={500} onClick={switchMethod}>
              {recovery ? 'Use a code from your authenticator app' : 'Use a recovery code'}
            </Anchor>
          )}
          <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)}>
            Sign in as someone else
          </Anchor>
        </Stack>
      </Stack>
    </form>
  );
}
