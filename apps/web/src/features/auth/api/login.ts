import { authEndpoints, type AcceptedLoginResult, type AcceptedResultOf, type BodyOf, type SecondFactorInput, type TwoFactorChallenge } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

export type LoginCredentials = BodyOf<typeof authEndpoints.login>;
export type LoginAnswer = AcceptedResultOf<typeof authEndpoints.login>;

/** A sign-in whose password was right and that waits for a second factor (decision 0049): no session yet. */
export const isTwoFactorChallenge = (answer: LoginAnswer): answer is TwoFactorChallenge =>
  'two_factor_required' in answer && answer.two_factor_required === true;

export function useLoginMutation() {
  return useMutation<LoginAnswer, Error, LoginCredentials>({
    mutationFn: (credentials) => apiCall(authEndpoints.login, { body: credentials }),
  });
}

export function useSecondFactorMutation() {
  return useMutation<AcceptedLoginResult, Error, SecondFactorInput>({
    mutationFn: (input) => apiCall(authEndpoints.completeSecondFactor, { body: input }),
  });
}

/** A sign-in whose account requires two-step sign-in, of a user who has none yet: set it up now (decision 0049). */
export function useStartSignInEnrolment() {
  return useMutation({ mutationFn: (pendingToken: string) => apiCall(authEndpoints.startSignInEnrolment, { body: { pending_token: pendingToken } }) });
}

export function useConfirmSignInEnrolment() {
  return useMutation({
    mutationFn: (input: { pendingToken: string; code: string }) =>
      apiCall(authEndpoints.confirmSignInEnrolment, { body: { pending_token: input.pendingToken, code: input.code } }),
  });
}
