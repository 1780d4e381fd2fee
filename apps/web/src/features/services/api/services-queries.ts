import { endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

export const servicesQuery = (accessToken: string) =>
  queryOptions({
    queryKey: ['services'],
    queryFn: ({ signal }) => apiCall(endpoints.listServices, { token: accessToken, signal }),
  });
