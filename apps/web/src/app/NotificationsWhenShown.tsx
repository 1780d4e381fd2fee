import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { usePreloadWhenIdle } from '../shared/ui/LoadedWhenOpened';

const loadNotifications = () => import('@mantine/notifications');
const Notifications = lazy(async () => ({ default: (await loadNotifications()).Notifications }));

/**
 * Mantine's toasts, mounted when the first one is shown rather than with the app (decision 0045): mounted at start, their
 * portal rendered again in the first commit's layout effects, a synchronous render of its own on every page's longest
 * task, for toasts most visits never show. `notifications.show()` only writes Mantine's store; whatever it holds when
 * this mounts is shown then. The code loads once the page is idle, so a toast seldom waits for it.
 */
export function NotificationsWhenShown() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  // Derived state, set during render: once wanted, the container stays, so later toasts animate in as usual.
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  usePreloadWhenIdle(loadNotifications);
  return wanted ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null;
}
