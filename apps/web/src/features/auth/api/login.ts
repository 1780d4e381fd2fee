import { endpoints, type BodyOf, type LoginResult } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

export type LoginCredentials = BodyOf<typeof endpoints.login>;

export function useLoginMutation() {
  return useMutation<LoginResult, Error, LoginCredentials>({
    mutationFn: (credentials) => apiCall(endpoints.login, { body: credentials }),
  });
}
