import { endpoints } from '@portal/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

export const servicesQuery = () =>
  queryOptions({
    queryKey: ['services'],
    queryFn: ({ signal }) => apiCall(endpoints.listServices, { signal }),
  });
