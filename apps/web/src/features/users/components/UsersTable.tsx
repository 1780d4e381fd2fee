import { ActionIcon, Badge, Group, Paper, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMailForward, IconPencil, IconShieldOff, IconTrash } from '@tabler/icons-react';
import type { AcceptedAccountUser } from '@portal/contract';
import { fullName, roleBadges } from '../user-display';
import { formatTimeZone } from '../../../shared/format';
import { ActionMenu } from '../../../shared/ui/ActionMenu';
import { UserLicenses } from './UserLicenses';

const BADGE_COLOURS: Record<string, string> = { Admin: 'red', Billing: 'teal', Technical: 'blue', User: 'gray' };

interface UsersTableProps {
  users: AcceptedAccountUser[];
  onEdit: (user: AcceptedAccountUser) => void;
  onResend: (user: AcceptedAccountUser) => void;
  onDelete: (user: AcceptedAccountUser) => void;
  /** Turn off the user's two-step sign-in (decision 0049). */
  onResetTwoFactor: (user: AcceptedAccountUser) => void;
}

/**
 * The users of one page (docs/product.md §2): User, Email, Roles, Licenses, Timezone, Actions — the spec's columns less
 * its row number, which said nothing, and with each user's licenses (docs/decisions/0034) — as a table on a wide
 * screen; below one (a phone, a tablet, a laptop with the sidebar open) one card per user, as the table would break
 * e-mail addresses or scroll sideways. Only the layout in use is rendered, not both with one hidden by the
 * stylesheet: each user's row is a fair amount of work for a phone's main thread (decision 0022).
 */
export function UsersTable(props: UsersTableProps) {
  const theme = useMantineTheme();
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.lg})`, false, { getInitialValueInEffect: false });
  return wide ? <UserRows {...props} /> : <UserCards {...props} />;
}

function UserCards({ users, ...actions }: UsersTableProps) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label="Users" style={{ listStyle: 'none' }}>
      {users.map((user) => (
        <Paper key={user.pk} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Text fw={600} size="sm">
                {fullName(user)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                <EmailAddress email={user.email} />
              </Text>
              <Text size="xs" c="dimmed">
                {formatTimeZone(user.time_zone)}
                {user.invitation_pending ? ' · Invited, has not signed in yet' : ''}
              </Text>
              <Group gap={4} wrap="nowrap" align="baseline">
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  Licenses:
                </Text>
                <UserLicenses user={user} size="xs" />
              </Group>
              <RoleBadges user={user} />
            </Stack>
            <RowActions user={user} {...actions} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function UserRows({ users, ...actions }: UsersTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>User</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Licenses</Table.Th>
            <Table.Th>Timezone</Table.Th>
            <Table.Th w={96}>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.pk}>
              <Table.Td>
                <Text fw={600} size="sm">
                  {fullName(user)}
                </Text>
                {user.invitation_pending && (
                  <Text size="xs" c="dimmed">
                    Invited · has not signed in yet
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'break-word' }}>
                  <EmailAddress email={user.email} />
                </Text>
              </Table.Td>
              <Table.Td>
                <RoleBadges user={user} />
              </Table.Td>
              <Table.Td>
                <UserLicenses user={user} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatTimeZone(user.time_zone)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActions user={user} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** An e-mail address that, when it must wrap, wraps after the '@' rather than anywhere in a word. */
function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function RoleBadges({ user }: { user: AcceptedAccountUser }) {
  return (
    <Group gap={4}>
      {roleBadges(user).map((role) => (
        <Badge key={role} variant="dot" color={BADGE_COLOURS[role]} radius="sm" tt="none">
          {role}
        </Badge>
      ))}
    </Group>
  );
}

type RowActionsProps = Omit<UsersTableProps, 'users'> & { user: AcceptedAccountUser };

/** The row's edit button and its more-actions menu: resend the invitation, reset two-step sign-in, delete. */
function RowActions({ user, onEdit, onResend, onDelete, onResetTwoFactor }: RowActionsProps) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={`Edit ${fullName(user)}`} onClick={() => onEdit(user)}>
        <IconPencil size={18} aria-hidden="true" />
      </ActionIcon>
      <ActionMenu
        label={`More actions for ${fullName(user)}`}
        items={[
          {
            label: 'Resend invitation',
            icon: <IconMailForward size={16} aria-hidden="true" />,
            disabled: !user.invitation_pending,
            onClick: () => onResend(user),
          },
          { label: 'Reset two-step sign-in', icon: <IconShieldOff size={16} aria-hidden="true" />, onClick: () => onResetTwoFactor(user) },
          { label: 'Delete user', color: 'red', icon: <IconTrash size={16} aria-hidden="true" />, onClick: () => onDelete(user) },
        ]}
      />
    </Group>
  );
}
