import { endpoints } from '@portal/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

export const appsQuery = (accessToken: string) =>
  queryOptions({
    queryKey: ['apps'],
    queryFn: ({ signal }) => apiCall(endpoints.listApps, { token: accessToken, signal }),
  });

/** A fresh one-time launch address for a token app (decision 0005); never cached. */
export function useLaunchApp(accessToken: string) {
  return useMutation({
    mutationFn: (appId: string) => apiCall(endpoints.launchApp, { params: { appId }, token: accessToken }),
  });
}
