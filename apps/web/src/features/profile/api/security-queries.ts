import { securityEndpoints, type PasswordChangeInput } from '@portal/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

const SESSIONS_KEY = ['my-sessions'] as const;

/** Where I am signed in (Profile → Security). */
export const mySessionsQuery = () => queryOptions({ queryKey: SESSIONS_KEY, queryFn: ({ signal }) => apiCall(securityEndpoints.listMySessions, { signal }) });

function useSessionsMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }) });
}

export const useEndSession = () => useSessionsMutation((id: string) => apiCall(securityEndpoints.endMySession, { params: { id } }));
export const useEndOtherSessions = () => useSessionsMutation(() => apiCall(securityEndpoints.endMyOtherSessions));
export const useChangePassword = () => useSessionsMutation((input: PasswordChangeInput) => apiCall(securityEndpoints.changeMyPassword, { body: input }));
