import { signInStepsEndpoints, type AcceptedLoginResult, type SecondFactorInput } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

/* The calls of a sign-in's steps after the password (decision 0049): only the lazily loaded steps import them. */

export function useSecondFactorMutation() {
  return useMutation<AcceptedLoginResult, Error, SecondFactorInput>({
    mutationFn: (input) => apiCall(signInStepsEndpoints.completeSecondFactor, { body: input }),
  });
}

/** A sign-in whose account requires two-step sign-in, of a user who has none yet: set it up now (decision 0049). */
export function useStartSignInEnrolment() {
  return useMutation({ mutationFn: (pendingToken: string) => apiCall(signInStepsEndpoints.startSignInEnrolment, { body: { pending_token: pendingToken } }) });
}

export function useConfirmSignInEnrolment() {
  return useMutation({
    mutationFn: (input: { pendingToken: string; code: string }) =>
      apiCall(signInStepsEndpoints.confirmSignInEnrolment, { body: { pending_token: input.pendingToken, code: input.code } }),
  });
}
