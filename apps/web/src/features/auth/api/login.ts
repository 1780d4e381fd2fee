import { authEndpoints, type BodyOf, type AcceptedLoginResult } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

export type LoginCredentials = BodyOf<typeof authEndpoints.login>;

export function useLoginMutation() {
  return useMutation<AcceptedLoginResult, Error, LoginCredentials>({
    mutationFn: (credentials) => apiCall(authEndpoints.login, { body: credentials }),
  });
}
