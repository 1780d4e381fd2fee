import { servicesEndpoints, twoFactorEndpoints, USERS_PAGE_SIZE, usersEndpoints, type AccountUserStats, type ContactInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiCall, ApiError } from '../../../shared/api';
import { licenseOffersAmong, type LicenseOffer } from '../license-offers';
import { saveUser } from './save-user';

const USERS_KEY = ['users'] as const;

/**
 * The answer of a server that does not have one of our own calls (the counts, the licensable
 * services): the spec's portal API lacks them, and the screen then works from the spec's calls.
 */
const NOT_OFFERED_STATUSES = new Set([404, 405, 501]);
const isNotOffered = (error: unknown) => error instanceof ApiError && NOT_OFFERED_STATUSES.has(error.status);

/** One page of 10 (docs/product.md §9), searched on the server (docs/decisions/0013). */
export const usersPageQuery = (search: string, page: number) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'page', search, page],
    queryFn: ({ signal }) =>
      apiCall(usersEndpoints.listContacts, {
        signal,
        query: { limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE, ...(search ? { search } : {}) },
      }),
    placeholderData: keepPreviousData,
  });

/** The four cards and the number of matches, or null from a server without the call: the screen then counts the list (users-listing.ts). */
export const userStatsQuery = (search: string) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'stats', search],
    queryFn: async ({ signal }): Promise<AccountUserStats | null> => {
      try {
        return await apiCall(usersEndpoints.contactStats, { signal, query: search ? { search } : {} });
      } catch (error) {
        if (isNotOffered(error)) return null;
        throw error;
      }
    },
    placeholderData: keepPreviousData,
  });

/** The voice services offered as licenses: ours with seats counted, else (the spec's API) the itp_voice services of GET /crm/services. */
export const licensableServicesQuery = () =>
  queryOptions({
    queryKey: [...USERS_KEY, 'licensable-services'],
    queryFn: async ({ signal }): Promise<LicenseOffer[]> => {
      try {
        return await apiCall(usersEndpoints.listLicensableServices, { signal });
      } catch (error) {
        if (!isNotOffered(error)) throw error;
        return licenseOffersAmong(await apiCall(servicesEndpoints.listServices, { signal }));
      }
    },
  });

export const userLicensesQuery = (id: number) =>
  queryOptions({
    queryKey: [...USERS_KEY, 'licenses', id],
    queryFn: ({ signal }) => apiCall(usersEndpoints.listLicenses, { signal, params: { id } }),
  });

/** Every change to users or licenses refreshes the list, the cards and the seats. */
function useUsersMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: USERS_KEY }) });
}

export const useCreateUser = () => useUsersMutation((user: ContactInput) => apiCall(usersEndpoints.createContact, { body: { user } }));
/** Edit User's one Save: the profile and the licenses together (api/save-user.ts). */
export const useSaveUser = () => useUsersMutation(saveUser);
export const useDeleteUser = () => useUsersMutation((id: number) => apiCall(usersEndpoints.deleteContact, { params: { id } }));
export const useResetTwoFactor = () => useUsersMutation((id: number) => apiCall(twoFactorEndpoints.resetContactTwoFactor, { params: { id } }));
export const useResendInvitation = () => useUsersMutation((id: number) => apiCall(usersEndpoints.resendInvitation, { params: { id } }));
export const useAddLicense = () =>
  useUsersMutation(({ id, serviceId }: { id: number; serviceId: number }) =>
    apiCall(usersEndpoints.addLicense, { params: { id }, body: { service_id: serviceId } }),
  );

/**
 * The first page and the counts the users screen opens with (no search), fetched while its code is still on its way
 * (app/portal-sections.ts, decision 0022).
 */
export const prefetchUsersScreen = (client: QueryClient) =>
  Promise.all([client.prefetchQuery(usersPageQuery('', 1)), client.prefetchQuery(userStatsQuery(''))]);

const SIGN_IN_POLICY_KEY = ['sign-in-policy'] as const;
/** Whether every user of the account must sign in with a second factor (decision 0049). */
export const signInPolicyQuery = () =>
  queryOptions({ queryKey: SIGN_IN_POLICY_KEY, queryFn: ({ signal }) => apiCall(twoFactorEndpoints.getSignInPolicy, { signal }) });
export function useUpdateSignInPolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: boolean) => apiCall(twoFactorEndpoints.updateSignInPolicy, { body: { two_factor_required: required } }),
    onSuccess: (policy) => queryClient.setQueryData(SIGN_IN_POLICY_KEY, policy),
  });
}
