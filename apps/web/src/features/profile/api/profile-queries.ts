import {
  notificationsEndpoints,
  PROFILE_TIME_ZONES,
  profileEndpoints,
  servicesEndpoints,
  type MyProfileInput,
  type NotificationPreferences,
} from '@portal/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiCall, apiCallWithMessage } from '../../../shared/api';

/** The spec's list, shown at once while the server's copy loads (it rarely changes). */
const PROFILE_TIME_ZONE_OPTIONS = PROFILE_TIME_ZONES.map((zone) => ({ value: zone, label: zone }));

export const timezonesQuery = () =>
  queryOptions({
    queryKey: ['timezones'],
    queryFn: ({ signal }) => apiCall(servicesEndpoints.listTimezones, { signal }),
    placeholderData: PROFILE_TIME_ZONE_OPTIONS,
    staleTime: 60 * 60 * 1000,
  });

export function useUpdateProfile() {
  return useMutation({
    mutationFn: (profile: MyProfileInput) => apiCall(profileEndpoints.updateMyProfile, { body: profile }),
  });
}

/** The signed-in user's notification choices (issue 35). */
export const notificationPreferencesQuery = () =>
  queryOptions({
    queryKey: ['notification-preferences'],
    queryFn: ({ signal }) => apiCall(notificationsEndpoints.getMyNotificationPreferences, { signal }),
  });

export function useSaveNotificationPreferences() {
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) => apiCallWithMessage(notificationsEndpoints.updateMyNotificationPreferences, { body: preferences }),
  });
}

/** The account's default choices, for users who have not chosen (administrators only). */
export const accountNotificationDefaultsQuery = () =>
  queryOptions({
    queryKey: ['notification-defaults'],
    queryFn: ({ signal }) => apiCall(notificationsEndpoints.getAccountNotificationDefaults, { signal }),
  });

export function useSaveAccountNotificationDefaults() {
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) => apiCallWithMessage(notificationsEndpoints.updateAccountNotificationDefaults, { body: preferences }),
  });
}
