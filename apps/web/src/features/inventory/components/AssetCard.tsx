import { Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { AcceptedAsset } from '@portal/contract';
import type { ReactNode } from 'react';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { useSignedInUser } from '../../../shared/session';
import { assetDate, assetStatusColour, capitalised, todayIn, vendorAndModel } from '../inventory-display';
import { ExpiryBadge } from './ExpiryBadge';

export function AssetFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** The warranty's date, flagged when it has passed or comes soon (decision 0033), by the user's today. */
export function WarrantyExpires({ date }: { date: string | null }) {
  const { timeZone } = useSignedInUser();
  return (
    <>
      <Text span inherit style={{ whiteSpace: 'nowrap' }}>
        {assetDate(date)}
      </Text>{' '}
      <ExpiryBadge date={date} today={todayIn(timeZone)} />
    </>
  );
}

/** One asset with every field of docs/product.md §2; it opens the asset's detail. */
export function AssetCard({ asset, onOpen }: { asset: AcceptedAsset; onOpen: (asset: AcceptedAsset) => void }) {
  return (
    <Paper withBorder radius="lg" h="100%" style={{ overflow: 'hidden' }}>
      <UnstyledButton onClick={() => onOpen(asset)} p="md" w="100%" h="100%" aria-label={`${asset.name}: details`} style={{ display: 'block' }}>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                {asset.name}
              </Text>
              <Text size="sm" c="dimmed">
                {capitalised(asset.type)} · {vendorAndModel(asset)}
              </Text>
            </Stack>
            <StatusBadge colour={assetStatusColour(asset.status)}>{capitalised(asset.status)}</StatusBadge>
          </Group>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
            <AssetFact label="Serial Number">
              <Text span inherit ff="monospace">
                {asset.serial_number ?? '—'}
              </Text>
            </AssetFact>
            <AssetFact label="Location">{asset.location ?? '—'}</AssetFact>
            <AssetFact label="Assigned To">{asset.assigned_to ?? 'Unassigned'}</AssetFact>
            <AssetFact label="Purchase Date">
              <Text span inherit style={{ whiteSpace: 'nowrap' }}>
                {assetDate(asset.purchase_date, '—')}
              </Text>
            </AssetFact>
            <AssetFact label="Warranty Expires">
              <WarrantyExpires date={asset.warranty_expires} />
            </AssetFact>
          </SimpleGrid>
        </Stack>
      </UnstyledButton>
    </Paper>
  );
}
