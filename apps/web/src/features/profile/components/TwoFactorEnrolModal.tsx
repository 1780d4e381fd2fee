import { ActionIcon, Alert, Box, Button, Checkbox, Group, Loader, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { COPY_CONFIRMATION_MS, type TotpEnrolment } from '@portal/contract';
import { IconAlertCircle, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { portalConfig } from '../../../shared/config';
import { useConfirmTotpEnrolment, useStartTotpEnrolment } from '../api/security-queries';

export const ENROLMENT_FAILED = 'Two-step sign-in could not be set up. Please try again.';
export const CODE_REQUIRED = 'Enter the 6-digit code your app shows';
export const TWO_FACTOR_ON = 'Two-step sign-in is on.';

/** The recovery codes as a text file the browser saves (nothing leaves the browser). */
export function recoveryCodesFile(codes: readonly string[], email: string): Blob {
  const lines = [
    `${portalConfig.providerName} customer portal — recovery codes for ${email}`,
    '',
    'Each code signs you in once when you cannot use your authenticator app.',
    'Keep them somewhere safe, like a password manager.',
    '',
    ...codes,
    '',
  ];
  return new Blob([lines.join('\n')], { type: 'text/plain;charset=utf-8' });
}

function download(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

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
            <TextInput
              label="Code from the app"
              placeholder="123456"
              autoComplete="one-time-code"
              inputMode="numeric"
              pattern="[0-9 ]*"
              maxLength={7}
              required
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

function SecretView({ enrolment }: { enrolment: TotpEnrolment }) {
  const clipboard = useClipboard({ timeout: COPY_CONFIRMATION_MS });
  const copyLabel = clipboard.copied ? 'Secret copied' : 'Copy the secret';
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <Stack gap="xs" align="center">
      {/* White behind the code in both themes: scanners read dark modules on a light ground. */}
      <img
        src={enrolment.qr_code}
        alt="QR code to scan with your authenticator app"
        width={200}
        height={200}
        style={{ background: 'white', borderRadius: 4 }}
      />
      <Text size="sm" c="dimmed" ta="center">
        Can’t scan it? Type this secret into the app:
      </Text>
      <Group gap="xs" wrap="nowrap" maw="100%">
        <Text component="code" ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid="totp-secret">
          {grouped}
        </Text>
        <Tooltip label={copyLabel} withArrow>
          <ActionIcon variant="default" size={36} onClick={() => clipboard.copy(enrolment.secret)} aria-label={copyLabel}>
            {clipboard.copied ? <IconCheck size={18} aria-hidden="true" /> : <IconCopy size={18} aria-hidden="true" />}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}

function RecoveryCodesStep({
  codes,
  email,
  saved,
  onSaved,
  onDone,
}: {
  codes: string[];
  email: string;
  saved: boolean;
  onSaved: (saved: boolean) => void;
  onDone: () => void;
}) {
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconCheck aria-hidden="true" />} role="status">
        {TWO_FACTOR_ON} If you lose your phone, each of these codes signs you in once. They are shown only now.
      </Alert>
      <Box component="ul" aria-label="Recovery codes" m={0} p={0} ff="monospace" style={{ listStyle: 'none', columns: '2 9rem' }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden="true" />}
          onClick={() => download(recoveryCodesFile(codes, email), 'portal-recovery-codes.txt')}
        >
          Download
        </Button>
      </Group>
      <Checkbox label="I have saved them" checked={saved} onChange={(event) => onSaved(event.currentTarget.checked)} />
      <Group justify="flex-end">
        <Button onClick={onDone} disabled={!saved}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
