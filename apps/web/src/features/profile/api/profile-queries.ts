import { PROFILE_TIME_ZONES, profileEndpoints, servicesEndpoints, type MyProfileInput } from '@portal/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

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
