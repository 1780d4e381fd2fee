import type { LiveMessage } from '@portal/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATIONS_KEY } from '../features/notifications/api/notifications-queries';

// The stream's reader and its messages' schemas load when the stream opens, not with the shell (its first load).
const loadLiveStream = () => import('../shared/api/live-stream');

/** The tickets feature's queries all start with this key (tickets-queries.ts). */
const TICKETS_KEY = ['tickets'] as const;

/**
 * What the live stream changes on screen (decision 0046): a notification refreshes the bell and /notifications; a
 * ticket update refetches the open ticket and the list, so a reply made anywhere appears without a reload; when the
 * stream (re)opens (`ready`: it opens a while after the page, LIVE_START_AFTER_LOAD_MS) or after a `resync`, both,
 * since updates may have been missed.
 */
export function applyLiveMessage(queryClient: QueryClient, message: LiveMessage) {
  switch (message.type) {
    case 'notification':
      return queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    case 'ticket':
      return queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
    case 'ready':
    case 'resync':
      return Promise.all([queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }), queryClient.invalidateQueries({ queryKey: TICKETS_KEY })]);
    case 'end':
      return undefined;
  }
}

/**
 * How long after the page has loaded the stream opens. A stream is a request that never ends: opened with the page,
 * it would hold every "the network is quiet" test (Lighthouse's end of load, a test's `networkidle`) open for good,
 * and its first answer would add work to the page's busiest seconds on a phone. The screens' own data is fresh then;
 * what changed in between arrives with the stream's first `ready` (a catch-up, as after a reconnect).
 */
export const LIVE_START_AFTER_LOAD_MS = 5_000;

/** Keeps the signed-in user's live stream open while the shell is shown (one per tab). Renders nothing. */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    const open = () =>
      void loadLiveStream().then(
        ({ followLiveUpdates }) => followLiveUpdates((message) => void applyLiveMessage(queryClient, message), stop.signal),
        // Its code could not be fetched (offline, a new release): the screens still fetch as they always have.
        () => undefined,
      );
    const timer = whenLoaded(() => window.setTimeout(open, LIVE_START_AFTER_LOAD_MS));
    return () => {
      timer.cancel();
      stop.abort();
    };
  }, [queryClient]);
  return null;
}

/** Runs `start` once the page has loaded (at once if it has); `cancel` stops what has not run yet. */
function whenLoaded(start: () => number): { cancel: () => void } {
  let timer: number | undefined;
  const run = () => {
    timer = start();
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
  return {
    cancel: () => {
      window.removeEventListener('load', run);
      if (timer !== undefined) window.clearTimeout(timer);
    },
  };
}
