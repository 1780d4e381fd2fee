import { Button, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCreditCard, IconSearch, IconShieldCheck, IconTool, IconUserPlus, IconUsers } from '@tabler/icons-react';
import { TICKET_SEARCH_DEBOUNCE_MS, type AcceptedAccountUser } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { LoadedWhenOpened, usePreloadWhenIdle } from '../../../shared/ui/LoadedWhenOpened';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { StatCard } from '../../../shared/ui/StatCard';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { usersPageQuery, userStatsQuery, useResendInvitation } from '../api/users-queries';
import { UPDATE_FAILED } from '../user-display';
import { usersListing } from '../users-listing';
import { UsersPaginator } from './UsersPaginator';
import { UsersTable } from './UsersTable';
import { SignInPolicyPanel } from './SignInPolicyPanel';

// The three dialogs (forms, Stepper, Tabs, the license picker) load when first opened, or once the list is on the
// screen and the browser is idle: the list's first paint waits for none of them (decision 0022).
const loadAddUserModal = () => import('./AddUserModal');
const loadEditUserModal = () => import('./EditUserModal');
const loadDeleteUserModal = () => import('./DeleteUserModal');
const AddUserModal = lazy(async () => ({ default: (await loadAddUserModal()).AddUserModal }));
const EditUserModal = lazy(async () => ({ default: (await loadEditUserModal()).EditUserModal }));
const DeleteUserModal = lazy(async () => ({ default: (await loadDeleteUserModal()).DeleteUserModal }));
const ResetTwoFactorModal = lazy(async () => ({ default: (await import('./ResetTwoFactorModal')).ResetTwoFactorModal }));

/** Spec texts (docs/product.md §2, §8). */
/** The screen's heading, also painted by the skeleton the server sends before the app's scripts (decision 0022). */
export const USERS_HEADING = { title: 'Users', description: 'The people of your account, their roles and their voice licenses.' };
export const USERS_LOAD_FAILED = 'Failed to load users';
export const NO_MATCHES = 'No users found matching your search.';
export const NO_USERS = 'No users found.';

/** Users (Admin / Users): the account's users, their roles and licenses, for administrators. */
export function UsersPage() {
  const [searchText, setSearchText] = useState('');
  const [search] = useDebouncedValue(searchText.trim(), searchText.trim() ? TICKET_SEARCH_DEBOUNCE_MS : 0);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AcceptedAccountUser | null>(null);
  const [deleting, setDeleting] = useState<AcceptedAccountUser | null>(null);
  const [resettingTwoFactor, setResettingTwoFactor] = useState<AcceptedAccountUser | null>(null);
  const users = useQuery(usersPageQuery(search, page));
  const stats = useQuery(userStatsQuery(search));
  const resend = useResendInvitation();
  usePreloadWhenIdle(loadAddUserModal, loadEditUserModal, loadDeleteUserModal);
  const listing = users.data && usersListing(users.data, stats.data, search, page);

  const resendTo = (user: AcceptedAccountUser) =>
    resend.mutate(user.pk, {
      onSuccess: () => notifications.show({ color: 'green', message: `A new invitation is on its way to ${user.email}.` }),
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, UPDATE_FAILED) }),
    });

  const figure = (value: number | undefined) => (value === undefined ? '–' : value.toLocaleString('en-US'));
  const failed = users.isError || stats.isError;
  const failure = users.error ?? stats.error;

  return (
    <Stack gap="xl">
      <PageHeader
        {...USERS_HEADING}
        actions={
          <Button leftSection={<IconUserPlus size={18} aria-hidden="true" />} onClick={() => setAdding(true)}>
            Add User
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" component="section" aria-label="Summary">
        <StatCard label="Total Users" value={figure(listing?.counts?.total)} icon={IconUsers} />
        <StatCard label="Admins" value={figure(listing?.counts?.admins)} icon={IconShieldCheck} colour="red" />
        <StatCard label="Billing Access" value={figure(listing?.counts?.billing)} icon={IconCreditCard} colour="teal" />
        <StatCard label="Technical" value={figure(listing?.counts?.technical)} icon={IconTool} colour="blue" />
      </SimpleGrid>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <TextInput
            placeholder="Search users..."
            aria-label="Search users"
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              setPage(1);
            }}
            maw={420}
          />
          {failed ? (
            <ErrorState
              title="Error Loading Users"
              message={failure instanceof ApiError && failure.fromServer ? failure.message : USERS_LOAD_FAILED}
              onRetry={() => void Promise.all([users.refetch(), stats.refetch()])}
              retrying={users.isFetching}
            />
          ) : !listing ? (
            <LoadingState label="Loading users" />
          ) : listing.rows.length === 0 ? (
            <EmptyState
              icon={IconUsers}
              title={search ? NO_MATCHES : NO_USERS}
              message={search ? 'Try another name or e-mail address.' : 'Add the first user of your account.'}
            />
          ) : (
            <>
              <UsersTable users={listing.rows} onEdit={setEditing} onResend={resendTo} onDelete={setDeleting} onResetTwoFactor={setResettingTwoFactor} />
              <UsersPaginator page={page} pages={listing.pages} onChange={setPage} />
            </>
          )}
        </Stack>
      </Paper>
      <SignInPolicyPanel />
      <LoadedWhenOpened opened={adding}>
        <AddUserModal opened={adding} onClose={() => setAdding(false)} />
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={editing !== null}>
        <EditUserModal user={editing} onClose={() => setEditing(null)} />
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={deleting !== null}>
        <DeleteUserModal user={deleting} onClose={() => setDeleting(null)} />
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={resettingTwoFactor !== null}>
        <ResetTwoFactorModal user={resettingTwoFactor} onClose={() => setResettingTwoFactor(null)} />
      </LoadedWhenOpened>
    </Stack>
  );
}
