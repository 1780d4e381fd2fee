import { inventoryEndpoints, type CredentialInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';

const INVENTORY_KEY = ['inventory'] as const;
/** The Assets tab's page size: 24 cards fill a 2-, 3- or 4-column grid (docs/decisions/0016). */
export const ASSETS_PAGE_SIZE = 24;
/** docs/product.md §9: the Overview's Recent Assets. */
export const RECENT_ASSETS = 5;

export const inventoryStatsQuery = (search = '') =>
  queryOptions({
    queryKey: [...INVENTORY_KEY, 'stats', search],
    queryFn: ({ signal }) => apiCall(inventoryEndpoints.assetStats, { signal, query: search ? { search } : {} }),
    placeholderData: keepPreviousData,
  });

export const assetsPageQuery = (search: string, page: number, size = ASSETS_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...INVENTORY_KEY, 'assets', search, page, size],
    queryFn: ({ signal }) => apiCall(inventoryEndpoints.listAssets, { signal, query: { limit: size, offset: (page - 1) * size, ...(search ? { search } : {}) } }),
    placeholderData: keepPreviousData,
  });

export const assetQuery = (id: number) => queryOptions({ queryKey: [...INVENTORY_KEY, 'asset', id], queryFn: ({ signal }) => apiCall(inventoryEndpoints.getAsset, { signal, params: { id } }) });

export const vendorsQuery = () => queryOptions({ queryKey: [...INVENTORY_KEY, 'vendors'], queryFn: ({ signal }) => apiCall(inventoryEndpoints.listVendors, { signal }) });

export const credentialsQuery = (search = '') =>
  queryOptions({
    queryKey: [...INVENTORY_KEY, 'credentials', search],
    queryFn: ({ signal }) => apiCall(inventoryEndpoints.listCredentials, { signal, query: search ? { search } : {} }),
    placeholderData: keepPreviousData,
  });

/** A password is fetched when shown or copied, never kept in the cache: each reveal is one audit record. */
export const revealPassword = (id: number, purpose: 'show' | 'copy') => apiCall(inventoryEndpoints.revealCredentialPassword, { params: { id }, body: { purpose } });

function useVaultMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: INVENTORY_KEY }) });
}

export const useCreateCredential = () => useVaultMutation((input: CredentialInput) => apiCall(inventoryEndpoints.createCredential, { body: input }));
export const useUpdateCredential = () =>
  useVaultMutation(({ id, changes }: { id: number; changes: Partial<CredentialInput> }) => apiCall(inventoryEndpoints.updateCredential, { params: { id }, body: changes }));
export const useDeleteCredential = () => useVaultMutation((id: number) => apiCall(inventoryEndpoints.deleteCredential, { params: { id } }));

/** What the IT Asset Manager opens with, fetched while its code is still on its way (app/portal-sections.ts, issue 16). */
export const prefetchItAssetsScreen = (client: QueryClient) =>
  Promise.all([client.prefetchQuery(inventoryStatsQuery()), client.prefetchQuery(assetsPageQuery('', 1)), client.prefetchQuery(vendorsQuery()), client.prefetchQuery(credentialsQuery())]);

/** The credentials the vault opens with (no search), fetched while its code is still on its way. */
export const prefetchVaultScreen = (client: QueryClient) => client.prefetchQuery(credentialsQuery());
