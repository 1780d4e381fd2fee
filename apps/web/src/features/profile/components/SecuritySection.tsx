import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDevices, IconKey, IconLogout, IconShieldLock } from '@tabler/icons-react';
import type { SignInSession } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { formatDateTime, formatRelative } from '../../../shared/format';
import { useSession, useSignedInUser } from '../../../shared/session';
import { LoadedWhenOpened } from '../../../shared/ui/LoadedWhenOpened';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { WHOLE_VALUE } from '../../../shared/ui/whole-value';
import { myPasskeysQuery } from '../api/passkey-queries';
import { mySessionsQuery, myTwoFactorQuery, useEndOtherSessions, useEndSession } from '../api/security-queries';
import { PasskeysPart } from './PasskeysPart';
import { SecurityListLine } from './SecurityListLine';

const ChangePasswordModal = lazy(async () => ({ default: (await import('./ChangePasswordModal')).ChangePasswordModal }));
const TwoFactorEnrolModal = lazy(async () => ({ default: (await import('./TwoFactorEnrolModal')).TwoFactorEnrolModal }));
const TurnOffTwoFactorModal = lazy(async () => ({ default: (await import('./TurnOffTwoFactorModal')).TurnOffTwoFactorModal }));
const NewRecoveryCodesModal = lazy(async () => ({ default: (await import('./NewRecoveryCodesModal')).NewRecoveryCodesModal }));
const NOT_OFFERED = new Set([404, 405, 501]);
export const SESSIONS_LOAD_FAILED = 'Failed to load where you are signed in';

/** Profile → Security (issue 37): my password, and the browsers where I am signed in, each of which I can sign out. */
export function SecuritySection() {
  const [changing, setChanging] = useState(false);
  const { impersonatedBy } = useSession();
  const sessions = useQuery(mySessionsQuery());
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((session) => !session.current) ?? [];
  // A portal API as the spec describes it has none of this (decision 0029): the section is left out.
  if (sessions.error instanceof ApiError && NOT_OFFERED.has(sessions.error.status)) return null;

  const failed = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error, 'That did not work. Please try again.') });
  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: ({ signed_out }) =>
        notifications.show({ color: 'green', message: signed_out === 1 ? 'One other browser is signed out.' : `${signed_out} other browsers are signed out.` }),
      onError: failed,
    });

  return (
    <Paper component="section" aria-labelledby="security-heading" withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 260px' }}>
            <Title order={2} fz="lg" id="security-heading">
              Security
            </Title>
            <Text size="sm" c="dimmed">
              Your password, two-step sign-in, passkeys, and the browsers where you are signed in.
            </Text>
          </Stack>
          {/* The provider's staff signed in for support change neither (the server refuses them too). */}
          {!impersonatedBy && (
            <Button variant="default" leftSection={<IconKey size={18} aria-hidden="true" />} onClick={() => setChanging(true)}>
              Change password
            </Button>
          )}
        </Group>
        {impersonatedBy && (
          <Text size="sm" c="dimmed">
            You are signed in for support by {impersonatedBy}: the password, two-step sign-in and passkeys are the user’s own to change.
          </Text>
        )}
        <TwoFactorPart changeable={!impersonatedBy} />
        <PasskeysPart changeable={!impersonatedBy} />
        <Title order={3} fz="md">
          Where you are signed in
        </Title>
        {sessions.isError ? (
          <ErrorState
            title="Error Loading Your Sign-ins"
            message={sessions.error instanceof ApiError && sessions.error.fromServer ? sessions.error.message : SESSIONS_LOAD_FAILED}
            onRetry={() => void sessions.refetch()}
            retrying={sessions.isFetching}
          />
        ) : !sessions.data ? (
          <LoadingState label="Loading where you are signed in" />
        ) : sessions.data.length === 0 ? (
          <EmptyState icon={IconDevices} title="No sign-ins" message="Sign in again to see this browser here." />
        ) : (
          <>
            <Stack gap="xs" component="ul" p={0} m={0} aria-label="Where you are signed in" style={{ listStyle: 'none' }}>
              {sessions.data.map((session) => (
                <SessionLine
                  key={session.id}
                  session={session}
                  ending={endOne.isPending && endOne.variables === session.id}
                  onEnd={() =>
                    endOne.mutate(session.id, {
                      onSuccess: () => notifications.show({ color: 'green', message: `${session.browser ?? 'That browser'} is signed out.` }),
                      onError: failed,
                    })
                  }
                />
              ))}
            </Stack>
            {others.length > 0 && (
              <Group justify="flex-end">
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconLogout size={18} aria-hidden="true" />}
                  loading={endOthers.isPending}
                  onClick={signOutOthers}
                >
                  Sign out everywhere else
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
      <LoadedWhenOpened opened={changing}>
        <ChangePasswordModal opened={changing} onClose={() => setChanging(false)} />
      </LoadedWhenOpened>
    </Paper>
  );
}

/** Two-step sign-in (decision 0049): on or off, and the way to change it. Left out where the API has no such calls. */
function TwoFactorPart({ changeable }: { changeable: boolean }) {
  const status = useQuery(myTwoFactorQuery());
  // A passkey is a second factor too (decision 0050): the password alone does not sign in then.
  const hasPasskey = (useQuery(myPasskeysQuery()).data?.length ?? 0) > 0;
  const { email, timeZone } = useSignedInUser();
  const [enrolling, setEnrolling] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [renewing, setRenewing] = useState(false);
  if (status.error instanceof ApiError && NOT_OFFERED.has(status.error.status)) return null;
  const on = status.data?.totp === true;
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        Two-step sign-in
      </Title>
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm" style={{ flex: '1 1 240px' }}>
          {status.isError ? (
            errorMessage(status.error, 'Failed to load your two-step sign-in')
          ) : !status.data ? (
            'Loading…'
          ) : on ? (
            <>
              <StatusBadge colour="teal">On</StatusBadge> Signing in asks for a code from your authenticator app
              {status.data.enabled_at && (
                <>
                  {' '}
                  since{' '}
                  <time dateTime={status.data.enabled_at} className={WHOLE_VALUE}>
                    {formatDateTime(status.data.enabled_at, timeZone)}
                  </time>
                </>
              )}
              . {status.data.recovery_codes_left === 1 ? 'One recovery code is' : `${status.data.recovery_codes_left} recovery codes are`} left.
            </>
          ) : hasPasskey ? (
            'Not set up with an authenticator app: after your password, signing in asks for one of your passkeys. An app’s codes would be another way in.'
          ) : (
            'Off. Add a code from an authenticator app to your password, so that a stolen password alone cannot sign in as you.'
          )}
        </Text>
        {status.data && changeable && (
          <Group gap="sm">
            {on && (
              <Button variant="default" onClick={() => setRenewing(true)}>
                New recovery codes
              </Button>
            )}
            <Button
              variant={on ? 'light' : 'default'}
              color={on ? 'red' : undefined}
              leftSection={<IconShieldLock size={18} aria-hidden="true" />}
              onClick={() => (on ? setTurningOff(true) : setEnrolling(true))}
            >
              {on ? 'Turn off' : 'Set up two-step sign-in'}
            </Button>
          </Group>
        )}
      </Group>
      <LoadedWhenOpened opened={enrolling}>
        <TwoFactorEnrolModal opened={enrolling} onClose={() => setEnrolling(false)} email={email} />
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={turningOff}>
        <TurnOffTwoFactorModal opened={turningOff} onClose={() => setTurningOff(false)} />
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={renewing}>
        <NewRecoveryCodesModal opened={renewing} onClose={() => setRenewing(false)} email={email} />
      </LoadedWhenOpened>
    </Stack>
  );
}

function SessionLine({ session, ending, onEnd }: { session: SignInSession; ending: boolean; onEnd: () => void }) {
  const { timeZone } = useSignedInUser();
  const browser = session.browser ?? 'An unknown browser';
  return (
    <SecurityListLine
      action={
        !session.current && (
          <Button variant="subtle" color="red" size="compact-sm" loading={ending} onClick={onEnd} aria-label={`Sign out ${browser}`}>
            Sign out
          </Button>
        )
      }
    >
      <Text size="sm" fw={600}>
        {browser} {session.current && <StatusBadge colour="teal">This browser</StatusBadge>}
      </Text>
      <Text size="xs" c="dimmed">
        {session.ip ? `${session.ip} · ` : ''}
        last active{' '}
        <time dateTime={session.last_seen_at} className={WHOLE_VALUE} title={formatDateTime(session.last_seen_at, timeZone)}>
          {formatRelative(session.last_seen_at)}
        </time>
        {' · signed in '}
        <time dateTime={session.started_at} className={WHOLE_VALUE}>
          {formatDateTime(session.started_at, timeZone)}
        </time>
        {session.impersonated_by && ` · by ${session.impersonated_by} for support`}
      </Text>
    </SecurityListLine>
  );
}
