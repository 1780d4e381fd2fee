import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconExternalLink, IconEye, IconEyeOff, IconLockAccess } from '@tabler/icons-react';
import type { AcceptedCredential } from '@portal/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '../../../shared/api';
import { badgeTextColour } from '../../../shared/ui/StatusBadge';
import { useSignedInUser } from '../../../shared/session';
import { revealPassword } from '../api/inventory-queries';
import { assetDate, PASSWORD_MASK, PASSWORD_SHOWN_FOR_MS, passwordStateOf, shortDateIn, todayIn } from '../inventory-display';
import { CopyValueButton } from './CopyValueButton';
import { ExpiryBadge } from './ExpiryBadge';

export const PASSWORD_HIDDEN = 'Password hidden by administrator';
export const REVEAL_FAILED = 'The password could not be read';

const Label = ({ children }: { children: ReactNode }) => (
  <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
    {children}
  </Text>
);

/**
 * One stored credential (docs/product.md §2): the password stays masked until shown, and masks itself again
 * 30 seconds after (decision 0033). This server's answer leaves the password out: it is read from the server each
 * time it is shown or copied, so the audit log knows every reveal (docs/decisions/0015). Copy needs no Show
 * first: it reads the password through the same recorded call and puts it on the clipboard without ever
 * drawing it (docs/decisions/0033). An answer that carries it (the spec's) is shown and copied from the
 * answer, without a call. The expiry is flagged when it has passed or comes soon, by the user's today.
 */
export function CredentialCard({ credential, actions, showNotes = false }: { credential: AcceptedCredential; actions?: ReactNode; showNotes?: boolean }) {
  const { timeZone } = useSignedInUser();
  const password = passwordStateOf(credential);
  const [shown, setShown] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  useEffect(() => {
    if (shown === null) return;
    const timer = setTimeout(() => setShown(null), PASSWORD_SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  const fail = (error: unknown) => notifications.show({ color: 'red', title: REVEAL_FAILED, message: errorMessage(error, REVEAL_FAILED) });

  async function toggle() {
    if (shown !== null) return setShown(null);
    if (password.kind === 'carried') return setShown(password.password);
    setRevealing(true);
    try {
      setShown((await revealPassword(credential.id, 'show')).password);
    } catch (error) {
      fail(error);
    } finally {
      setRevealing(false);
    }
  }

  async function passwordToCopy() {
    return password.kind === 'carried' ? password.password : (await revealPassword(credential.id, 'copy')).password;
  }

  return (
    <Paper withBorder radius="lg" p="md" h="100%" component="article" aria-label={credential.service_name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {credential.service_name}
            </Text>
            {credential.category && (
              <Badge variant="light" color="gray" radius="sm" c={badgeTextColour('gray')} style={{ minWidth: 'max-content' }}>
                {credential.category}
              </Badge>
            )}
          </Stack>
          {actions}
        </Group>

        <div>
          <Label>Username</Label>
          <Group gap={4} wrap="nowrap">
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {credential.username ?? '—'}
            </Text>
            {credential.username && <CopyValueButton label={`Copy the username of ${credential.service_name}`} value={() => credential.username} />}
          </Group>
        </div>

        <div>
          <Label>Password</Label>
          {password.kind === 'hidden' ? (
            <Group gap={6} wrap="nowrap">
              <IconLockAccess size={16} aria-hidden="true" />
              <Text size="sm" c="dimmed" fs="italic">
                {PASSWORD_HIDDEN}
              </Text>
            </Group>
          ) : password.kind === 'none' ? (
            <Text size="sm" c="dimmed">
              No password stored
            </Text>
          ) : (
            <Group gap={4} wrap="nowrap">
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', minWidth: 0 }} aria-live="polite">
                {shown ?? PASSWORD_MASK}
              </Text>
              <Tooltip label={shown === null ? 'Show password' : 'Hide password'} withArrow>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  loading={revealing}
                  onClick={() => void toggle()}
                  aria-label={`${shown === null ? 'Show' : 'Hide'} the password of ${credential.service_name}`}
                  aria-pressed={shown !== null}
                >
                  {shown === null ? <IconEye size={16} aria-hidden="true" /> : <IconEyeOff size={16} aria-hidden="true" />}
                </ActionIcon>
              </Tooltip>
              <CopyValueButton label={`Copy the password of ${credential.service_name}`} value={passwordToCopy} onError={fail} />
            </Group>
          )}
        </div>

        {credential.website && (
          <Anchor href={credential.website} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            <Group gap={4} wrap="nowrap" component="span">
              {credential.website}
              <IconExternalLink size={14} aria-hidden="true" />
            </Group>
          </Anchor>
        )}

        {showNotes && credential.notes && (
          <div>
            <Label>Notes</Label>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {credential.notes}
            </Text>
          </div>
        )}

        <Group gap="lg" wrap="wrap">
          <div>
            <Label>Last Updated</Label>
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {shortDateIn(credential.last_updated, timeZone)}
            </Text>
          </div>
          <div>
            <Label>Expires</Label>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {assetDate(credential.expires, 'Never')}
              </Text>
              <ExpiryBadge date={credential.expires} today={todayIn(timeZone)} />
            </Group>
          </div>
        </Group>
      </Stack>
    </Paper>
  );
}
