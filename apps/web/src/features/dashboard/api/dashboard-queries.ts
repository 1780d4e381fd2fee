import { dashboardEndpoints } from '@portal/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => apiCall(dashboardEndpoints.getDashboard, { signal }),
  });

/** What the dashboard opens with, fetched while its code is still on its way (app/portal-sections.ts, decision 0022). */
export const prefetchDashboardScreen = (client: QueryClient) => client.prefetchQuery(dashboardQuery());
