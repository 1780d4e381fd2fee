import { notificationsEndpoints } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

/** Every notifications query starts with this key; the live stream invalidates it when one arrives (decision 0046). */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
/** The bell's panel shows this many of the newest. */
export const PANEL_SIZE = 8;
/** A page of /notifications. */
export const PAGE_SIZE = 20;

export const notificationsQuery = (page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, page],
    queryFn: ({ signal }) => apiCall(notificationsEndpoints.listNotifications, { signal, query: page }),
    placeholderData: keepPreviousData,
  });

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(notificationsEndpoints.markNotificationRead, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(notificationsEndpoints.markAllNotificationsRead),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}
