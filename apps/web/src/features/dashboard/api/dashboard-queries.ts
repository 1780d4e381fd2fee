import { endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['dashboard'],
    queryFn: ({ signal }) => apiCall(endpoints.getDashboard, { signal }),
  });
