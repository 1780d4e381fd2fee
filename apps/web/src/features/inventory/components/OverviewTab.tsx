import { Box, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconCircleCheck, IconDevices, IconKey } from '@tabler/icons-react';
import type { AcceptedAsset } from '@portal/contract';
import { StatCard } from '../../../shared/ui/StatCard';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { RECENT_ASSETS } from '../api/inventory-queries';
import { assetStatusColour, capitalised, vendorAndModel } from '../inventory-display';
import type { InventoryCounters } from '../inventory-lists';

/**
 * The four counters and the Recent Assets table of the first 5 assets (docs/product.md §2, §9).
 * A counter not known yet (the whole list still on its way) reads '—'. Without the vault (a technical contact's
 * screen, decision 0031) there is no Credentials counter.
 */
export function OverviewTab({
  counters,
  withCredentials,
  assets,
  onOpen,
}: {
  counters: InventoryCounters | undefined;
  withCredentials: boolean;
  assets: AcceptedAsset[];
  onOpen: (asset: AcceptedAsset) => void;
}) {
  const recent = assets.slice(0, RECENT_ASSETS);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: withCredentials ? 4 : 3 }} spacing="md">
        <StatCard label="Total Assets" value={counters?.total_assets ?? '—'} icon={IconDevices} />
        <StatCard label="Active Assets" value={counters?.active_assets ?? '—'} icon={IconCircleCheck} colour="green" />
        <StatCard label="Vendors" value={counters?.vendors ?? '—'} icon={IconBuildingStore} colour="grape" />
        {withCredentials && <StatCard label="Credentials" value={counters?.credentials ?? '—'} icon={IconKey} colour="orange" />}
      </SimpleGrid>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="sm">
          Recent Assets
        </Title>
        {recent.length === 0 ? (
          <Text size="sm" c="dimmed">
            No assets are recorded yet.
          </Text>
        ) : (
          <>
            <Stack gap="xs" hiddenFrom="sm" component="ul" p={0} m={0} aria-label="Recent Assets" style={{ listStyle: 'none' }}>
              {recent.map((asset) => (
                <Paper key={asset.id} component="li" withBorder radius="md" p="sm" onClick={() => onOpen(asset)} style={{ cursor: 'pointer' }}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm">
                        {asset.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {capitalised(asset.type)} · {asset.location ?? '—'}
                      </Text>
                    </Stack>
                    <StatusBadge colour={assetStatusColour(asset.status)}>{capitalised(asset.status)}</StatusBadge>
                  </Group>
                </Paper>
              ))}
            </Stack>
            <Box visibleFrom="sm">
              <Table verticalSpacing="sm" highlightOnHover aria-label="Recent Assets">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Asset</Table.Th>
                    <Table.Th>Type</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Location</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {recent.map((asset) => (
                    <Table.Tr key={asset.id} onClick={() => onOpen(asset)} style={{ cursor: 'pointer' }}>
                      <Table.Td>
                        <Text fw={600} size="sm">
                          {asset.name}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {vendorAndModel(asset)}
                        </Text>
                      </Table.Td>
                      <Table.Td>{capitalised(asset.type)}</Table.Td>
                      <Table.Td>
                        <StatusBadge colour={assetStatusColour(asset.status)}>{capitalised(asset.status)}</StatusBadge>
                      </Table.Td>
                      <Table.Td>{asset.location ?? '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Box>
          </>
        )}
      </Paper>
    </Stack>
  );
}
