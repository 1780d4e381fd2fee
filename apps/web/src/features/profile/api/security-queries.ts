import { securityEndpoints, twoFactorEndpoints, type PasswordChangeInput, type TwoFactorDisableInput } from '@portal/contract';
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

const TWO_FACTOR_KEY = ['my-two-factor'] as const;

/** Whether I sign in with a second factor (Profile → Security, decision 0049). */
export const myTwoFactorQuery = () =>
  queryOptions({ queryKey: TWO_FACTOR_KEY, queryFn: ({ signal }) => apiCall(twoFactorEndpoints.getMyTwoFactor, { signal }) });

function useTwoFactorMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, refresh = true) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => (refresh ? queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY }) : undefined) });
}

export const useStartTotpEnrolment = () => useTwoFactorMutation(() => apiCall(twoFactorEndpoints.startTotpEnrolment), false);
export const useConfirmTotpEnrolment = () => useTwoFactorMutation((code: string) => apiCall(twoFactorEndpoints.confirmTotpEnrolment, { body: { code } }));
export const useDisableTotp = () => useTwoFactorMutation((input: TwoFactorDisableInput) => apiCall(twoFactorEndpoints.disableTotp, { body: input }));
export const useRenewRecoveryCodes = () =>
  useTwoFactorMutation((input: TwoFactorDisableInput) => apiCall(twoFactorEndpoints.renewRecoveryCodes, { body: input }));
