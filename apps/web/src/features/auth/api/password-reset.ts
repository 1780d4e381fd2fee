import { authEndpoints } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { apiCallWithMessage } from '../../../shared/api';

/** Spec §7: GET /crm/auth/reset-pw?username={email}; resolves to the server's message, if any. */
export function useRequestPasswordReset() {
  return useMutation<string | undefined, Error, { email: string }>({
    mutationFn: async ({ email }) => (await apiCallWithMessage(authEndpoints.requestPasswordReset, { query: { username: email } })).message,
  });
}

/** Spec §7: PATCH /crm/myprofile {password} with the reset token as bearer. */
export function useChangePasswordWithResetToken() {
  return useMutation<string | undefined, Error, { token: string; password: string }>({
    mutationFn: async ({ token, password }) => (await apiCallWithMessage(authEndpoints.changePasswordWithResetToken, { body: { password }, token })).message,
  });
}
