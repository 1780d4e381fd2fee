import type { LiveMessage } from '@portal/contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { NOTIFICATIONS_KEY } from '../features/notifications/api/notifications-queries';
import { followLiveUpdates } from '../shared/api';

/** The tickets feature's queries all start with this key (tickets-queries.ts). */
const TICKETS_KEY = ['tickets'] as const;

/**
 * What the live stream changes on screen (decision 0046): a notification refreshes the bell and /notifications; a
 * ticket update refetches the open ticket and the list, so a reply made anywhere appears without a reload; after a
 * reconnect or a `resync`, both, since updates may have been missed.
 */
export function applyLiveMessage(queryClient: QueryClient, message: LiveMessage, reconnected: boolean) {
  switch (message.type) {
    case 'notification':
      return queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    case 'ticket':
      return queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
    case 'ready':
      if (!reconnected) return undefined;
      return Promise.all([queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }), queryClient.invalidateQueries({ queryKey: TICKETS_KEY })]);
    case 'resync':
      return Promise.all([queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }), queryClient.invalidateQueries({ queryKey: TICKETS_KEY })]);
    case 'end':
      return undefined;
  }
}

/** Keeps the signed-in user's live stream open while the shell is shown (one per tab). Renders nothing. */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    let readyBefore = false;
    void followLiveUpdates((message) => {
      void applyLiveMessage(queryClient, message, readyBefore);
      if (message.type === 'ready') readyBefore = true;
    }, stop.signal);
    return () => stop.abort();
  }, [queryClient]);
  return null;
}
