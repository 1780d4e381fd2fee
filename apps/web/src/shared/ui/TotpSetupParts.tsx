import { ActionIcon, Alert, Box, Button, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { COPY_CONFIRMATION_MS, type TotpEnrolment } from '@portal/contract';
import { IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { saveFile } from '../api/api-download';
import { portalConfig } from '../config';

/*
 * The parts of setting up an authenticator (decision 0049) that Profile → Security and the sign-in (an account that
 * requires two-step sign-in) share: the QR code with the secret in text, and the recovery codes to save.
 */

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

export function SecretView({ enrolment }: { enrolment: TotpEnrolment }) {
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

export function RecoveryCodesStep({
  codes,
  email,
  saved,
  onSaved,
  onDone,
  doneLabel = 'Done',
}: {
  codes: string[];
  email: string;
  saved: boolean;
  onSaved: (saved: boolean) => void;
  onDone: () => void;
  /** The last button's words ('Done', or 'Continue' at sign-in). */
  doneLabel?: string;
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
          onClick={() => saveFile({ blob: recoveryCodesFile(codes, email), filename: 'portal-recovery-codes.txt' })}
        >
          Download
        </Button>
      </Group>
      <Checkbox label="I have saved them" checked={saved} onChange={(event) => onSaved(event.currentTarget.checked)} />
      <Group justify="flex-end">
        <Button onClick={onDone} disabled={!saved}>
          {doneLabel}
        </Button>
      </Group>
    </Stack>
  );
}
