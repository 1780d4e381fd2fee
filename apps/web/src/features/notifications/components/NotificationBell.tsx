import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { notificationsQuery, PANEL_SIZE } from '../api/notifications-queries';
import { BellButton } from './BellButton';

const loadPanel = () => import('./NotificationPanel');
const NotificationPanel = lazy(async () => ({ default: (await loadPanel()).NotificationPanel }));

/**
 * The header's bell (issue 35): the unread count at once, and the panel of the newest notifications once the bell is
 * used: its code (Popover and its positioning, ~15 KB compressed) loads on the first click, not when the page is idle,
 * where compiling it was 180 ms of a phone's main thread on every screen (bench:main-thread, /apps 630 → 452 ms). The live stream keeps the count current
 * (app/LiveUpdates.tsx invalidates the query both share).
 */
export function NotificationBell() {
  const [used, setUsed] = useState(false);
  const latest = useQuery(notificationsQuery({ limit: PANEL_SIZE, offset: 0 }));
  const light = <BellButton unread={latest.data?.unread_count ?? 0} opened={false} onClick={() => setUsed(true)} />;
  if (!used) return light;
  return (
    <Suspense fallback={light}>
      <NotificationPanel />
    </Suspense>
  );
}
