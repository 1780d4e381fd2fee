import { Group, Pagination, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDevices, IconSearch } from '@tabler/icons-react';
import type { AcceptedAsset } from '@portal/contract';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { ASSETS_PAGE_SIZE } from '../api/inventory-queries';
import { useAssetsPage } from '../api/use-assets-page';
import { AssetCard } from './AssetCard';

/** 'Search assets...' and a card per asset, a page of 24 at a time (docs/decisions/0016; use-assets-page.ts). */
export function AssetsTab({ onOpen }: { onOpen: (asset: AcceptedAsset) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const assetsPage = useAssetsPage(debounced, page);
  const { assets, matching } = assetsPage;
  const pages = Math.max(1, Math.ceil(matching / ASSETS_PAGE_SIZE));

  return (
    <Stack gap="md">
      <TextInput
        placeholder="Search assets..."
        aria-label="Search assets"
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
        maw={420}
      />
      {assetsPage.isPending ? (
        <LoadingState label="Loading assets">
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} height={180} radius="lg" />
            ))}
          </SimpleGrid>
        </LoadingState>
      ) : assetsPage.isError ? (
        <ErrorState
          title="Failed to load assets"
          message={errorMessage(assetsPage.error, 'Failed to load assets')}
          onRetry={() => void assetsPage.refetch()}
          retrying={assetsPage.isFetching}
        />
      ) : !assets || assets.length === 0 ? (
        <EmptyState
          icon={IconDevices}
          title={debounced ? 'No assets match your search' : 'No assets yet'}
          message={
            debounced ? 'Try other words: a name, vendor, model, serial number, location or person.' : 'Assets your provider records for you appear here.'
          }
        />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md" aria-busy={assetsPage.isFetching}>
            {assets.map((asset) => (
              <AssetCard key={asset.id} asset={asset} onOpen={onOpen} />
            ))}
          </SimpleGrid>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {matching.toLocaleString('en-US')} {matching === 1 ? 'asset' : 'assets'}
              {debounced ? ' match' : ''}
            </Text>
            {pages > 1 && (
              <Pagination
                total={pages}
                value={Math.min(page, pages)}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control })}
                getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
              />
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
