import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { MIN_PASSWORD_LENGTH, PASSWORD_CHANGE_REDIRECT_MS } from '@portal/contract';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../../shared/api';
import { portalConfig } from '../../../shared/config';
import { useTextTypedBeforeHydration } from '../../../shared/forms/use-text-typed-before-hydration';
import { useChangePasswordWithResetToken } from '../api/password-reset';
import { AuthScreen, BackToSignInLink, FormFailure, PasswordField } from './AuthScreenParts';

/** docs/product.md §5 and §8, word for word. */
export const CHANGE_PASSWORD_MESSAGES = {
  mismatch: 'Passwords do not match.',
  tooShort: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  invalidToken: 'Invalid reset token. Please request a new password reset.',
  missingToken: 'Invalid or missing reset token. Please request a new password reset.',
  failed: 'Failed to change password. The reset link may have expired. Please request a new one.',
  passwordRequired: 'Please enter a new password.',
  confirmRequired: 'Please confirm your new password.',
} as const;

interface ChangePasswordValues {
  password: string;
  confirmPassword: string;
}

/** docs/product.md §2 /page-change-password and §4 Password reset: form, submitting, success, redirect after 3 s. */
export function ChangePasswordPage() {
  const [searchParams] = useSearchParams();
  // Read once: the token belongs to the link that opened the page.
  const [token] = useState(() => searchParams.get('token'));
  const [changed, setChanged] = useState<{ message?: string } | null>(null);
  const title = !token ? 'Invalid Reset Link' : changed ? 'Password Changed Successfully' : 'Choose a new password';
  useDocumentTitle(`${title} · ${portalConfig.providerName}`);

  if (!token) return <InvalidResetLink />;
  if (changed) return <PasswordChanged message={changed.message} />;
  return <ChangePasswordForm token={token} onChanged={setChanged} />;
}

function ChangePasswordForm({ token, onChanged }: { token: string; onChanged: (result: { message?: string }) => void }) {
  const change = useChangePasswordWithResetToken();
  const [failure, setFailure] = useState<{ message: string; linkExpired: boolean } | null>(null);
  const form = useForm<ChangePasswordValues>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: {
      password: (password) => {
        if (!password) return CHANGE_PASSWORD_MESSAGES.passwordRequired;
        if (password.length < MIN_PASSWORD_LENGTH) return CHANGE_PASSWORD_MESSAGES.tooShort;
        return null;
      },
      confirmPassword: (confirmPassword, values) => {
        if (!confirmPassword) return CHANGE_PASSWORD_MESSAGES.confirmRequired;
        if (confirmPassword !== values.password) return CHANGE_PASSWORD_MESSAGES.mismatch;
        return null;
      },
    },
  });
  useTextTypedBeforeHydration(form);

  const submit = form.onSubmit(({ password }) => {
    if (!token.trim()) {
      setFailure({ message: CHANGE_PASSWORD_MESSAGES.invalidToken, linkExpired: true });
      return;
    }
    setFailure(null);
    change.mutate(
      { token, password },
      {
        onSuccess: (message) => onChanged({ message }),
        onError: (error) => {
          const fieldMessage = error instanceof ApiError ? error.fields.password : undefined;
          if (fieldMessage) {
            // The server refused this password (e.g. too common): say so at the field.
            form.setFieldError('password', fieldMessage);
            return;
          }
          setFailure({
            message: errorMessage(error, CHANGE_PASSWORD_MESSAGES.failed),
            linkExpired: !(error instanceof ApiError) || error.status === 401 || !error.fromServer,
          });
        },
      },
    );
  });

  return (
    <AuthScreen title="Choose a new password" description="Pick a password you do not use anywhere else. After the change, sign in with it.">
      <form onSubmit={submit} noValidate aria-label="Change password">
        <Stack gap="md">
          {failure && (
            <FormFailure>
              <Stack gap={4}>
                <Text size="sm">{failure.message}</Text>
                {failure.linkExpired && (
                  <Anchor component={Link} to="/forgot-password" size="sm" fw={600}>
                    Request a new reset link
                  </Anchor>
                )}
              </Stack>
            </FormFailure>
          )}
          <PasswordField
            label="New password"
            description={`At least ${MIN_PASSWORD_LENGTH} characters.`}
            autoComplete="new-password"
            disabled={change.isPending}
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label="Confirm new password"
            autoComplete="new-password"
            disabled={change.isPending}
            key={form.key('confirmPassword')}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" size="md" fullWidth loading={change.isPending}>
            Change Password
          </Button>
        </Stack>
      </form>
    </AuthScreen>
  );
}

function PasswordChanged({ message }: { message?: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), PASSWORD_CHANGE_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthScreen
      footer={
        <Button component={Link} to="/login" replace size="md" fullWidth>
          Sign in now
        </Button>
      }
      title="Password Changed Successfully"
      icon={<IconCircleCheck size={30} />}
      iconColor="teal"
      description={
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {message ?? 'Your password has been changed. Please sign in with your new password.'}
          </Text>
          <Text size="sm" c="dimmed" role="status">
            Taking you to the sign-in page in {PASSWORD_CHANGE_REDIRECT_MS / 1000} seconds…
          </Text>
        </Stack>
      }
    />
  );
}

function InvalidResetLink() {
  return (
    <AuthScreen
      footer={
        <Stack gap="md">
          <Button component={Link} to="/forgot-password" size="md" fullWidth>
            Request a new reset link
          </Button>
          <BackToSignInLink />
        </Stack>
      }
      title="Invalid Reset Link"
      icon={<IconLinkOff size={28} />}
      iconColor="red"
      description={
        <Text size="sm" c="dimmed" role="alert">
          {CHANGE_PASSWORD_MESSAGES.missingToken}
        </Text>
      }
    />
  );
}
