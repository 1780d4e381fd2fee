import { identityProviderEndpoints } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

/**
 * The identity provider of the account that serves an e-mail domain (decision 0051), or null when none; asked once per
 * domain and kept for the page's life.
 */
export function useIdentityProviderOf(domain: string | null) {
  return useQuery({
    queryKey: ['identity-provider', domain],
    queryFn: () => apiCall(identityProviderEndpoints.findIdentityProvider, { query: { domain: domain! } }),
    enabled: domain !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** The callback's one-time code for the sign-in's session. */
export function useCompleteIdentityProviderSignIn() {
  return useMutation({
    mutationFn: (code: string) => apiCall(identityProviderEndpoints.completeIdentityProviderSignIn, { body: { code } }),
  });
}
