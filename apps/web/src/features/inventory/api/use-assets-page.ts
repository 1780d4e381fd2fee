import type { AcceptedAsset } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { assetsMatching } from '../inventory-lists';
import { ASSETS_PAGE_SIZE, assetsPageQuery, inventoryStatsQuery, lastAnswerFailed, useEveryAsset } from './inventory-queries';

export interface AssetsPage {
  /** The page's assets; undefined until the first answer. */
  assets: AcceptedAsset[] | undefined;
  /** How many assets match the search, over every page. */
  matching: number;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * One page of the Assets tab. This server searches and pages (docs/decisions/0016) and says how many
 * match through its counts call. An API without that call (the spec's) answers every asset whatever
 * it is asked: the tab then searches and pages them itself (docs/decisions/0029). The counts the
 * screen opened with tell which it is talking to.
 */
export function useAssetsPage(search: string, page: number): AssetsPage {
  const onTheClient = lastAnswerFailed(useQuery(inventoryStatsQuery()));
  const stats = useQuery({ ...inventoryStatsQuery(search), enabled: !onTheClient });
  const serverPage = useQuery({ ...assetsPageQuery(search, page), enabled: !onTheClient });
  const everyAsset = useEveryAsset(onTheClient);

  if (!onTheClient) return { ...stateOf(serverPage), assets: serverPage.data, matching: stats.data?.matching_assets ?? 0 };
  const matching = everyAsset.data && assetsMatching(everyAsset.data, search);
  const start = (page - 1) * ASSETS_PAGE_SIZE;
  return { ...stateOf(everyAsset), assets: matching?.slice(start, start + ASSETS_PAGE_SIZE), matching: matching?.length ?? 0 };
}

const stateOf = (query: Pick<AssetsPage, 'isPending' | 'isError' | 'isFetching' | 'error' | 'refetch'>) => ({
  isPending: query.isPending,
  isError: query.isError,
  isFetching: query.isFetching,
  error: query.error,
  refetch: query.refetch,
});
