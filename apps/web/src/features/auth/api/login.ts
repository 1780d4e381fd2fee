import { authEndpoints, type AcceptedResultOf, type BodyOf, type TwoFactorChallenge } from '@portal/contract';
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
