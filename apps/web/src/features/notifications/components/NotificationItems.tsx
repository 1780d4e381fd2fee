import { Anchor, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@portal/contract';
import { Link } from 'react-router';
import { formatDateTime, formatRelative } from '../../../shared/format';

interface NotificationItemsProps {
  notifications: Notification[];
  timeZone: string;
  /** Opening one marks it read. */
  onOpen: (notification: Notification) => void;
  onMarkRead: (notification: Notification) => void;
}

/** Notifications as a list: what, when, a link to the thing; the unread ones marked and with their own "Mark read". */
export function NotificationItems({ notifications, timeZone, onOpen, onMarkRead }: NotificationItemsProps) {
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
      {notifications.map((notification) => {
        const unread = notification.read_at === null;
        return (
          <li key={notification.id} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
            <Group wrap="nowrap" align="flex-start" gap="sm" py="sm" px="xs">
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={notification.link}
                  onClick={() => onOpen(notification)}
                  fw={unread ? 700 : 500}
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {unread && <VisuallyHidden>Unread: </VisuallyHidden>}
                  {notification.title}
                </Anchor>
                {notification.body && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {notification.body}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  <time dateTime={notification.created_at} title={formatDateTime(notification.created_at, timeZone)}>
                    {formatRelative(notification.created_at)}
                  </time>
                </Text>
              </Stack>
              {unread && (
                <Button variant="subtle" size="compact-xs" onClick={() => onMarkRead(notification)} aria-label={`Mark read: ${notification.title}`}>
                  Mark read
                </Button>
              )}
            </Group>
          </li>
        );
      })}
    </Stack>
  );
}
