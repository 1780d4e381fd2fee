import { Alert, Box, Button, Group, Loader, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { RecoveryCodesStep, SecretView } from '../../../shared/ui/TotpSetupParts';
import { useConfirmTotpEnrolment, useStartTotpEnrolment } from '../api/security-queries';
import { OneTimeCodeInput } from '../../../shared/ui/OneTimeCodeInput';

export const ENROLMENT_FAILED = 'Two-step sign-in could not be set up. Please try again.';
export const CODE_REQUIRED = 'Enter the 6-digit code your app shows';

/**
 * Setting up two-step sign-in (issue 37, decision 0049): scan the QR code (or type the secret), confirm with a code
 * from the app, then save the recovery codes, shown this once. Closing is only offered before the codes or once they
 * are saved.
 */
export function TwoFactorEnrolModal({ opened, onClose, email }: { opened: boolean; onClose: () => void; email: string }) {
  const start = useStartTotpEnrolment();
  const confirm = useConfirmTotpEnrolment();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const { mutate: begin, reset: resetStart } = start;

  useEffect(() => {
    if (opened) begin();
  }, [opened, begin]);

  const close = () => {
    if (codes && !saved) return;
    setCode('');
    setCodeError(null);
    setCodes(null);
    setSaved(false);
    resetStart();
    confirm.reset();
    onClose();
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) return setCodeError(CODE_REQUIRED);
    confirm.mutate(code, {
      onSuccess: ({ recovery_codes }) => setCodes(recovery_codes),
      onError: (error) => {
        const field = error instanceof ApiError ? error.fields?.code : undefined;
        if (field) setCodeError(field);
        else notifications.show({ color: 'red', message: errorMessage(error, ENROLMENT_FAILED) });
      },
    });
  }

  const showingCodes = codes !== null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={showingCodes ? 'Save your recovery codes' : 'Set up two-step sign-in'}
      centered
      size="md"
      withCloseButton={!showingCodes || saved}
      closeOnEscape={!showingCodes || saved}
      closeOnClickOutside={!showingCodes}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {showingCodes ? (
        <RecoveryCodesStep codes={codes} email={email} saved={saved} onSaved={setSaved} onDone={close} />
      ) : start.isError ? (
        <Stack gap="sm">
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
            {errorMessage(start.error, ENROLMENT_FAILED)}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => begin()}>
              Try again
            </Button>
          </Group>
        </Stack>
      ) : !start.data ? (
        <Group justify="center" py="lg">
          <Loader aria-label="Preparing your authenticator secret" />
        </Group>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Set up two-step sign-in">
          <Stack gap="md">
            <Box component="ol" m={0} pl="lg" fz="sm">
              <li>Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
              <li>Scan this QR code, or type the secret below.</li>
              <li>Enter the 6-digit code the app shows.</li>
            </Box>
            <SecretView enrolment={start.data} />
            <OneTimeCodeInput
              label="Code from the app"
              value={code}
              error={codeError}
              onChange={(event) => {
                setCode(event.currentTarget.value);
                setCodeError(null);
              }}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={confirm.isPending}>
                Turn on
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
