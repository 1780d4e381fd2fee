import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { authEndpoints } from '@portal/contract';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { portalConfig } from '../../../shared/config';
import { useTextTypedBeforeHydration } from '../../../shared/forms/use-text-typed-before-hydration';
import { zodFormValidator } from '../../../shared/forms/zod-form-validator';
import { useRequestPasswordReset } from '../api/password-reset';
import { AuthScreen, FormFailure } from './AuthScreenParts';

/** Spec §8: the server's message, or this when there is none. */
export const FORGOT_PASSWORD_FAILED_MESSAGE = 'Failed to send reset email. Please try again.';

interface ForgotPasswordValues {
  email: string;
}

/** Spec §2 /forgot-password and §4: form, then sent. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState<{ email: string; message?: string } | null>(null);
  useDocumentTitle(`${sent ? 'Check your email' : 'Reset your password'} · ${portalConfig.providerName}`);

  if (sent) return <ResetLinkSent email={sent.email} message={sent.message} />;
  return <ForgotPasswordForm onSent={setSent} />;
}

function ForgotPasswordForm({ onSent }: { onSent: (sent: { email: string; message?: string }) => void }) {
  const request = useRequestPasswordReset();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordValues>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: zodFormValidator<ForgotPasswordValues>(authEndpoints.requestPasswordResetPost.body),
  });
  useTextTypedBeforeHydration(form);

  const submit = form.onSubmit(({ email }) => {
    setFailure(null);
    const address = email.trim();
    request.mutate(
      { email: address },
      {
        onSuccess: (message) => onSent({ email: address, message }),
        onError: (error) => {
          if (error instanceof ApiError && error.fields.username) form.setFieldError('email', error.fields.username);
          setFailure(errorMessage(error, FORGOT_PASSWORD_FAILED_MESSAGE));
        },
      },
    );
  });

  return (
    <AuthScreen title="Reset your password" description="Enter the email address of your account and we will send you a link to choose a new password.">
      <form onSubmit={submit} noValidate aria-label="Reset your password">
        <Stack gap="md">
          {failure && <FormFailure>{failure}</FormFailure>}
          <TextInput
            type="email"
            label="Email"
            placeholder="you@company.com"
            autoComplete="email"
            required
            size="md"
            disabled={request.isPending}
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            Send Reset Link
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}

function ResetLinkSent({ email, message }: { email: string; message?: string }) {
  return (
    <AuthScreen
      title="Check your email"
      icon={<IconMailCheck size={28} />}
      iconColor="teal"
      description={
        <Stack gap="xs">
          <Text size="sm" c="dimmed" role="status">
            {message ?? `If an account exists for that address, we have sent it a link to reset the password.`}
          </Text>
          <Text size="sm">
            Requested for{' '}
            <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
              {email}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            Not there after a few minutes? Look in your spam folder, or contact {portalConfig.supportEmail}.
          </Text>
        </Stack>
      }
    ></AuthScreen>
  );
}
