import { inventoryEndpoints, type AcceptedCredential, type CredentialInput } from '@portal/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../shared/api';
import { credentialsMatching } from '../inventory-lists';

/** An id as an answer carries it: the spec gives ids no type (docs/decisions/0029). */
export type InventoryId = AcceptedCredential['id'];

const INVENTORY_KEY = ['inventory'] as const;
/** The Assets tab's page size: 24 cards fill a 2-, 3- or 4-column grid (docs/decisions/0016). */
export const ASSETS_PAGE_SIZE = 24;
/** docs/product.md §9: the Overview's Recent Assets. */
export const RECENT_ASSETS = 5;

/**
 * The query's latest answer was a failure. Unlike `isError` it stays so while the query is asked
 * again: TanStack Query turns a failed query that has no data back to pending when it refetches (a
 * new screen observing it, the window regaining focus), and a screen that chose its layout by
 * `isError` would flip with every such refetch.
 */
export const lastAnswerFailed = (query: { errorUpdatedAt: number; dataUpdatedAt: number }) => query.errorUpdatedAt > query.dataUpdatedAt;
/** The query has answered once, with data or a failure. */
export const hasAnswered = (query: { errorUpdatedAt: number; dataUpdatedAt: number }) => query.errorUpdatedAt > 0 || query.dataUpdatedAt > 0;

export const inventoryStatsQuery = (search = '') =>
  queryOptions({
    queryKey: [...INVENTORY_KEY, 'stats', search],
    queryFn: ({ signal }) => apiCall(inventoryEndpoints.assetStats, { signal, query: search ? { search } : {} }),
    placeholderData: keepPreviousData,
  });

export const assetsPageQuery = (search: string, page: number, size = ASSETS_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...INVENTORY_KEY, 'assets', search, page, size],
    queryFn: ({ signal }) =>
      apiCall(inventoryEndpoints.listAssets, { signal, query: { limit: size, offset: (page - 1) * size, ...(search ? { search } : {}) } }),
    placeholderData: keepPreviousData,
  });

/**
 * Every asset: the spec's GET /crm/assets, without limit or offset. Only for an API without this
 * server's counts, which pages nothing either (see useEveryAsset).
 */
const everyAssetQuery = () =>
  queryOptions({ queryKey: [...INVENTORY_KEY, 'assets', 'every'], queryFn: ({ signal }) => apiCall(inventoryEndpoints.listAssets, { signal }) });

/**
 * Every asset, for a screen that counts, searches and pages them itself because the API gave no
 * counts (`enabled` once the counts call failed): the spec's GET /crm/assets takes no limit and
 * answers every asset. The unsearched first page the screen opens with already holds them all unless
 * it is exactly full (shorter: the list ends there; longer: the API ignored the limit); only then
 * is the whole list asked for. That first page is the IT Asset Manager's to load: this only reads it
 * (a disabled observer never asks by itself; it follows the cache and can still be retried).
 */
export function useEveryAsset(enabled: boolean) {
  const firstPage = useQuery({ ...assetsPageQuery('', 1), enabled: false });
  const complete = firstPage.data !== undefined && firstPage.data.length !== ASSETS_PAGE_SIZE;
  const everything = useQuery({ ...everyAssetQuery(), enabled: enabled && firstPage.isSuccess && !complete });
  return firstPage.isSuccess && !complete ? everything : firstPage;
}

export const assetQuery = (id: InventoryId) =>
  queryOptions({ queryKey: [...INVENTORY_KEY, 'asset', id], queryFn: ({ signal }) => apiCall(inventoryEndpoints.getAsset, { signal, params: { id } }) });

export const vendorsQuery = () =>
  queryOptions({ queryKey: [...INVENTORY_KEY, 'vendors'], queryFn: ({ signal }) => apiCall(inventoryEndpoints.listVendors, { signal }) });

export const credentialsQuery = (search = '') =>
  queryOptions({
    queryKey: [...INVENTORY_KEY, 'credentials', search],
    queryFn: ({ signal }) => apiCall(inventoryEndpoints.listCredentials, { signal, query: search ? { search } : {} }),
    // An API that takes no search (the spec's) answers every credential: the same search runs here too.
    select: (credentials) => credentialsMatching(credentials, search),
    placeholderData: keepPreviousData,
  });

/** A password is fetched when shown or copied, never kept in the cache: each reveal is one audit record. */
export const revealPassword = (id: InventoryId, purpose: 'show' | 'copy') =>
  apiCall(inventoryEndpoints.revealCredentialPassword, { params: { id }, body: { purpose } });

function useVaultMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: INVENTORY_KEY }) });
}

/**
 * Docs/product.md §7: the answer is the new credential, appended to the list at once, before the
 * lists are reloaded (a searched list shows it only if it matches: its `select`).
 */
export function useCreateCredential() {
  const queryClient = useQueryClient();
  return useVaultMutation(async (input: CredentialInput) => {
    const created = await apiCall(inventoryEndpoints.createCredential, { body: input });
    queryClient.setQueriesData<AcceptedCredential[]>({ queryKey: [...INVENTORY_KEY, 'credentials'] }, (list) =>
      list && !list.some((credential) => credential.id === created.id) ? [...list, created] : list,
    );
    return created;
  });
}
export const useUpdateCredential = () =>
  useVaultMutation(({ id, changes }: { id: InventoryId; changes: Partial<CredentialInput> }) =>
    apiCall(inventoryEndpoints.updateCredential, { params: { id }, body: changes }),
  );
export const useDeleteCredential = () => useVaultMutation((id: InventoryId) => apiCall(inventoryEndpoints.deleteCredential, { params: { id } }));

/**
 * What the IT Asset Manager opens with, fetched while its code is still on its way (app/portal-sections.ts, decision 0022):
 * the credentials only for an administrator (a technical contact's screen has no vault, decision 0031).
 */
export const prefetchItAssetsScreen = (client: QueryClient, { withVault }: { withVault: boolean }) =>
  Promise.all([
    client.prefetchQuery(inventoryStatsQuery()),
    client.prefetchQuery(assetsPageQuery('', 1)),
    client.prefetchQuery(vendorsQuery()),
    withVault && client.prefetchQuery(credentialsQuery()),
  ]);

/** The credentials the vault opens with (no search), fetched while its code is still on its way. */
export const prefetchVaultScreen = (client: QueryClient) => client.prefetchQuery(credentialsQuery());
