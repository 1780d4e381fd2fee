import { Button, Group, Modal, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { AcceptedAsset } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api';
import { ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { assetQuery } from '../api/inventory-queries';
import { ASSET_FAILED, assetDate, assetStatusColour, capitalised } from '../inventory-display';
import { AssetFact, WarrantyExpires } from './AssetCard';

/** One asset as the server has it now (GET /crm/assets/{id}); the card's copy shows while it loads. */
export function AssetDetailModal({ asset, onClose }: { asset: AcceptedAsset | null; onClose: () => void }) {
  const detail = useQuery({ ...assetQuery(asset?.id ?? 0), enabled: asset !== null, placeholderData: asset ?? undefined });
  const shown = detail.data;
  return (
    <Modal opened={asset !== null} onClose={onClose} title={asset?.name ?? 'Asset'} radius="lg" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      {detail.isError ? (
        <ErrorState
          title={ASSET_FAILED}
          message={errorMessage(detail.error, ASSET_FAILED)}
          onRetry={() => void detail.refetch()}
          retrying={detail.isFetching}
        />
      ) : !shown ? (
        <LoadingState label="Loading the asset">
          <Skeleton height={160} />
        </LoadingState>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <StatusBadge colour={assetStatusColour(shown.status)}>{capitalised(shown.status)}</StatusBadge>
            <Text size="sm" c="dimmed">
              {capitalised(shown.type)} · asset #{shown.id}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <AssetFact label="Vendor">{shown.vendor ?? '—'}</AssetFact>
            <AssetFact label="Model">{shown.model ?? '—'}</AssetFact>
            <AssetFact label="Serial Number">
              <Text span inherit ff="monospace">
                {shown.serial_number ?? '—'}
              </Text>
            </AssetFact>
            <AssetFact label="Location">{shown.location ?? '—'}</AssetFact>
            <AssetFact label="Assigned To">{shown.assigned_to ?? 'Unassigned'}</AssetFact>
            <AssetFact label="Purchase Date">{assetDate(shown.purchase_date, '—')}</AssetFact>
            <AssetFact label="Warranty Expires">
              <WarrantyExpires date={shown.warranty_expires} />
            </AssetFact>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
