import { servicesEndpoints } from '@portal/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

export const servicesQuery = () =>
  queryOptions({
    queryKey: ['services'],
    queryFn: ({ signal }) => apiCall(servicesEndpoints.listServices, { signal }),
  });

/** What the services screen opens with, fetched while its code is still on its way (app/portal-sections.ts, decision 0022). */
export const prefetchServicesScreen = (client: QueryClient) => client.prefetchQuery(servicesQuery());
