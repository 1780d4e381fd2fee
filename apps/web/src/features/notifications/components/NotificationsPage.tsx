import { Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { useSignedInUser } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { notificationsQuery, PAGE_SIZE, useMarkAllRead, useMarkRead } from '../api/notifications-queries';
import { NotificationItems } from './NotificationItems';

export const NOTIFICATIONS_HEADING = {
  title: 'Notifications',
  description: 'What happened in your account, newest first. Choose what you are told on your profile.',
};

/** The page of the address (`?page=2`); anything else is the first. */
const pageOf = (value: string | null) => {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
};

/** Every notification of the signed-in user, in pages (issue 35). */
export function NotificationsPage() {
  const [search, setSearch] = useSearchParams();
  const page = pageOf(search.get('page'));
  const { timeZone } = useSignedInUser();
  const list = useQuery(notificationsQuery({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }));
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const pages = Math.max(1, Math.ceil((list.data?.total_count ?? 0) / PAGE_SIZE));
  const unread = list.data?.unread_count ?? 0;

  return (
    <Stack gap="xl">
      <PageHeader
        {...NOTIFICATIONS_HEADING}
        actions={
          <Button variant="light" disabled={unread === 0} loading={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
            Mark all read
          </Button>
        }
      />
      {list.isPending ? (
        <LoadingState label="Loading notifications" />
      ) : list.isError ? (
        <ErrorState
          title="Notifications could not be loaded"
          message={errorMessage(list.error, 'Please try again.')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.notifications.length === 0 ? (
        <EmptyState
          icon={IconBell}
          title="No notifications yet"
          message="Replies to your tickets, billing news and changes to your account will appear here."
        />
      ) : (
        <Paper withBorder radius="lg" p="sm">
          <Text size="sm" c="dimmed" px="xs" pb="xs" aria-live="polite">
            {unread === 0 ? 'All read' : `${unread} unread`}
          </Text>
          <NotificationItems
            notifications={list.data.notifications}
            timeZone={timeZone}
            onOpen={(notification) => notification.read_at === null && markRead.mutate(notification.id)}
            onMarkRead={(notification) => markRead.mutate(notification.id)}
          />
          {pages > 1 && (
            <Group justify="center" pt="md">
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={(next) => setSearch(next === 1 ? {} : { page: String(next) })}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            </Group>
          )}
        </Paper>
      )}
    </Stack>
  );
}
