import { Anchor, Button, Group, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { useSignedInUser } from '../../../shared/session';
import { ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { notificationsQuery, PANEL_SIZE, useMarkAllRead, useMarkRead } from '../api/notifications-queries';
import { BellButton } from './BellButton';
import { NotificationItems } from './NotificationItems';

/**
 * The bell with its panel (issue 35): the newest notifications with "Mark all read" and a way to all of them. Loaded
 * when the bell is first used, or when the browser is idle (NotificationBell.tsx); it takes the light bell's place,
 * open, with the focus on its own bell.
 */
export function NotificationPanel() {
  const [opened, panel] = useDisclosure(true);
  const { timeZone } = useSignedInUser();
  const latest = useQuery(notificationsQuery({ limit: PANEL_SIZE, offset: 0 }));
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  const unread = latest.data?.unread_count ?? 0;

  return (
    <Popover opened={opened} onChange={panel.toggle} position="bottom-end" width="min(360px, calc(100vw - 16px))" shadow="md" withinPortal trapFocus>
      <Popover.Target>
        <BellButton unread={unread} opened={opened} onClick={panel.toggle} autoFocus />
      </Popover.Target>
      <Popover.Dropdown p="xs" aria-label="Notifications">
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
