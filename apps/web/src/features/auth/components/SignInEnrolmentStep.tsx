import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { AcceptedLoginResult, TwoFactorChallenge } from '@portal/contract';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { RecoveryCodesStep, SecretView } from '../../../shared/ui/TotpSetupParts';
import { useConfirmSignInEnrolment, useStartSignInEnrolment } from '../api/second-step';
import { SIGN_IN_AGAIN } from './SecondFactorStep';
import { OneTimeCodeInput } from '../../../shared/ui/OneTimeCodeInput';

const SETUP_FAILED = 'Two-step sign-in could not be set up. Please try again.';

interface SignInEnrolmentStepProps {
  challenge: TwoFactorChallenge;
  email: string;
  onSignedIn: (session: AcceptedLoginResult) => void;
  onRestart: (message: string | null) => void;
}

/**
 * The account requires two-step sign-in and this user has none (decision 0049): right after the password, before
 * anything else, they set up an authenticator and save their recovery codes; then they are signed in.
 */
export function SignInEnrolmentStep({ challenge, email, onSignedIn, onRestart }: SignInEnrolmentStepProps) {
  const start = useStartSignInEnrolment();
  const confirm = useConfirmSignInEnrolment();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const { mutate: begin } = start;
  useEffect(() => begin(challenge.pending_token), [begin, challenge.pending_token]);

  const expired = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 409);
  function submit(event: FormEvent) {
    event.preventDefault();
    const typed = code.replace(/\s+/g, '');
    if (!/^\d{6}$/.test(typed)) return setCodeError('Enter the 6-digit code your app shows');
    confirm.mutate(
      { pendingToken: challenge.pending_token, code: typed },
      {
        onError: (error) => {
          const field = error instanceof ApiError ? error.fields?.code : undefined;
          if (field) setCodeError(field);
          else if (expired(error)) onRestart(errorMessage(error, SIGN_IN_AGAIN));
        },
      },
    );
  }

  if (confirm.data) {
    const session = confirm.data;
    return (
      <Stack gap="md">
        <Title order={2} fz="lg">
          Save your recovery codes
        </Title>
        <RecoveryCodesStep
          codes={session.recovery_codes}
          email={email}
          saved={saved}
          onSaved={setSaved}
          onDone={() => onSignedIn(session)}
          doneLabel="Continue"
        />
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="enrolment-heading">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="enrolment-heading">
            Set up two-step sign-in
          </Title>
          <Text size="sm" c="dimmed">
            Your company requires a code from an authenticator app as well as your password. Scan the QR code with the app (or type the secret), then enter the
            6-digit code it shows.
          </Text>
        </Stack>
        {start.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {errorMessage(start.error, SETUP_FAILED)}
          </Alert>
        ) : !start.data ? (
          <Group justify="center" py="lg">
            <Loader aria-label="Preparing your authenticator secret" />
          </Group>
        ) : (
          <>
            <SecretView enrolment={start.data} />
            {confirm.isError && !codeError && !expired(confirm.error) && (
              <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
                {errorMessage(confirm.error, SETUP_FAILED)}
              </Alert>
            )}
            <OneTimeCodeInput
              label="Code from the app"
              size="md"
              value={code}
              error={codeError}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setCodeError(null);
              }}
            />
            <Button type="submit" size="md" fullWidth loading={confirm.isPending}>
              Turn on and sign in
            </Button>
          </>
        )}
        <Anchor component="button" type="button" size="sm" onClick={() => onRestart(null)} style={{ alignSelf: 'flex-start' }}>
          Sign in as someone else
        </Anchor>
      </Stack>
    </form>
  );
}
