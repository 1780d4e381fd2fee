import { servicesEndpoints } from '@portal/contract';
import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

export const appsQuery = () =>
  queryOptions({
    queryKey: ['apps'],
    queryFn: ({ signal }) => apiCall(servicesEndpoints.listApps, { signal }),
  });

/** A fresh one-time launch address for a token app (decision 0005); never cached. */
export function useLaunchApp() {
  return useMutation({
    mutationFn: (appId: string) => apiCall(servicesEndpoints.launchApp, { params: { appId } }),
  });
}

/** What the Apps screen opens with, fetched while its code is still on its way (app/portal-sections.ts, decision 0022). */
export const prefetchAppsScreen = (client: QueryClient) => client.prefetchQuery(appsQuery());
