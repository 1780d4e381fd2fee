import { ActionIcon, Anchor, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { useSignedInUser } from '../../../shared/session';
import { ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { notificationsQuery, PANEL_SIZE, useMarkAllRead, useMarkRead } from '../api/notifications-queries';
import { NotificationItems } from './NotificationItems';

/** The count as the bell shows it: past 99 it stops counting. */
export const unreadBadge = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The header's bell (issue 35): the unread count, and a panel of the newest notifications with "Mark all read" and a
 * way to all of them. The live stream keeps the count current (app/LiveUpdates.tsx invalidates the query).
 */
export function NotificationBell() {
  const [opened, panel] = useDisclosure(false);
  const { timeZone } = useSignedInUser();
  const latest = useQuery(notificationsQuery({ limit: PANEL_SIZE, offset: 0 }));
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const unread = latest.data?.unread_count ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  return (
    <Popover opened={opened} onChange={panel.toggle} position="bottom-end" width="min(360px, calc(100vw - 16px))" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <Indicator label={unreadBadge(unread)} size={18} disabled={unread === 0} offset={4} color="red.8">
          <ActionIcon variant="subtle" color="gray" size="lg" onClick={panel.toggle} aria-label={label} aria-expanded={opened} aria-haspopup="dialog">
            <IconBell size={20} aria-hidden="true" />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Stack gap="xs">
          <Group justify="space-between" px="xs">
            <Text fw={700} size="sm">
              Notifications
            </Text>
            <Button variant="subtle" size="compact-xs" disabled={unread === 0} loading={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
              Mark all read
            </Button>
          </Group>
          {latest.isPending ? (
            <LoadingState label="Loading notifications" />
          ) : latest.isError ? (
            <ErrorState
              title="Notifications could not be loaded"
              message={errorMessage(latest.error, 'Please try again.')}
              onRetry={() => void latest.refetch()}
              retrying={latest.isFetching}
            />
          ) : latest.data.notifications.length === 0 ? (
            <Text size="sm" c="dimmed" px="xs" py="md" ta="center">
              Nothing new. Replies to your tickets, billing news and account changes appear here.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420}>
              <NotificationItems
                notifications={latest.data.notifications}
                timeZone={timeZone}
                onOpen={(notification) => {
                  panel.close();
                  if (notification.read_at === null) markRead.mutate(notification.id);
                }}
                onMarkRead={(notification) => markRead.mutate(notification.id)}
              />
            </ScrollArea.Autosize>
          )}
          <Anchor component={Link} to="/notifications" onClick={panel.close} size="sm" ta="center" py={4}>
            See all notifications
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
