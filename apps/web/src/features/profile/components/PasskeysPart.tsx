import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconFingerprint } from '@tabler/icons-react';
import type { Passkey } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { formatDateTime, formatRelative } from '../../../shared/format';
import { useSignedInUser } from '../../../shared/session';
import { LoadedWhenOpened } from '../../../shared/ui/LoadedWhenOpened';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { WHOLE_VALUE } from '../../../shared/ui/whole-value';
import { myPasskeysQuery } from '../api/passkey-queries';
import { SecurityListLine } from './SecurityListLine';

const AddPasskeyModal = lazy(async () => ({ default: (await import('./AddPasskeyModal')).AddPasskeyModal }));
const RemovePasskeyModal = lazy(async () => ({ default: (await import('./RemovePasskeyModal')).RemovePasskeyModal }));
const RenamePasskeyModal = lazy(async () => ({ default: (await import('./RenamePasskeyModal')).RenamePasskeyModal }));
const NOT_OFFERED = new Set([404, 405, 501]);
export const PASSKEYS_LOAD_FAILED = 'Failed to load your passkeys';

/** Passkeys (decision 0050): each named, when added and last used; added, renamed and removed here, not while signed in for support. */
export function PasskeysPart({ changeable }: { changeable: boolean }) {
  const passkeys = useQuery(myPasskeysQuery());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const [renaming, setRenaming] = useState<Passkey | null>(null);
  // A portal API as the spec describes it has no passkeys (decision 0029): the part is left out.
  if (passkeys.error instanceof ApiError && NOT_OFFERED.has(passkeys.error.status)) return null;
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 240px' }}>
          <Title order={3} fz="md">
            Passkeys
          </Title>
          <Text size="sm" c="dimmed">
            Sign in with your fingerprint, face or device PIN, without your password, or use a passkey as your second step.
          </Text>
        </Stack>
        {changeable && (
          <Button variant="default" leftSection={<IconFingerprint size={18} aria-hidden="true" />} onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        )}
      </Group>
      {passkeys.isError ? (
        <ErrorState
          title="Error Loading Your Passkeys"
          message={errorMessage(passkeys.error, PASSKEYS_LOAD_FAILED)}
          onRetry={() => void passkeys.refetch()}
          retrying={passkeys.isFetching}
        />
      ) : !passkeys.data ? (
        <LoadingState label="Loading your passkeys" />
      ) : passkeys.data.length === 0 ? (
        <EmptyState icon={IconFingerprint} title="No passkeys" message="You have not added a passkey yet." />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} aria-label="Your passkeys" style={{ listStyle: 'none' }}>
          {passkeys.data.map((passkey) => (
            <PasskeyLine
              key={passkey.id}
              passkey={passkey}
              onRename={changeable ? () => setRenaming(passkey) : undefined}
              onRemove={changeable ? () => setRemoving(passkey) : undefined}
            />
          ))}
        </Stack>
      )}
      <LoadedWhenOpened opened={adding}>
        <AddPasskeyModal opened={adding} onClose={() => setAdding(false)} />
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={renaming !== null}>
        <RenamePasskeyModal key={renaming?.id} passkey={renaming} onClose={() => setRenaming(null)} />
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={removing !== null}>
        <RemovePasskeyModal passkey={removing} onClose={() => setRemoving(null)} />
      </LoadedWhenOpened>
    </Stack>
  );
}

function PasskeyLine({ passkey, onRename, onRemove }: { passkey: Passkey; onRename?: () => void; onRemove?: () => void }) {
  const { timeZone } = useSignedInUser();
  return (
    <SecurityListLine
      action={
        onRename && onRemove ? (
          <Group gap={4} wrap="nowrap">
            <Button variant="subtle" size="compact-sm" onClick={onRename} aria-label={`Rename the passkey ${passkey.name}`}>
              Rename
            </Button>
            <Button variant="subtle" color="red" size="compact-sm" onClick={onRemove} aria-label={`Remove the passkey ${passkey.name}`}>
              Remove
            </Button>
          </Group>
        ) : undefined
      }
    >
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {passkey.name}
      </Text>
      <Text size="xs" c="dimmed">
        added{' '}
        <time dateTime={passkey.created_at} className={WHOLE_VALUE}>
          {formatDateTime(passkey.created_at, timeZone)}
        </time>
        {' · '}
        {passkey.last_used_at ? (
          <>
            last used{' '}
            <time dateTime={passkey.last_used_at} className={WHOLE_VALUE} title={formatDateTime(passkey.last_used_at, timeZone)}>
              {formatRelative(passkey.last_used_at)}
            </time>
          </>
        ) : (
          'never used'
        )}
      </Text>
    </SecurityListLine>
  );
}
