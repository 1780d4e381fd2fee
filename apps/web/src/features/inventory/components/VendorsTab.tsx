import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuildingStore, IconExternalLink, IconMail, IconPhone } from '@tabler/icons-react';
import type { AcceptedVendor } from '@portal/contract';
import { EmptyState } from '../../../shared/ui/StatePanels';
import { formatPhone, phoneHref } from '../../../shared/format';

/** A card per vendor: Contact Person, Email (mailto), Phone (tel) and 'Visit Site' when known (docs/product.md §2). */
export function VendorsTab({ vendors }: { vendors: AcceptedVendor[] }) {
  if (vendors.length === 0)
    return <EmptyState icon={IconBuildingStore} title="No vendors yet" message="The suppliers of your equipment and services appear here." />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
      {vendors.map((vendor) => (
        <Paper key={vendor.id} withBorder radius="lg" p="md" component="article" aria-label={vendor.name}>
          <Stack gap="xs">
            <Text fw={700}>{vendor.name}</Text>
            <Text size="sm">
              <Text span c="dimmed" size="sm">
                Contact Person:{' '}
              </Text>
              {vendor.contact_person ?? '—'}
            </Text>
            {vendor.email && (
              <Group gap={6} wrap="nowrap">
                <IconMail size={16} aria-hidden="true" />
                <Anchor href={`mailto:${vendor.email}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {vendor.email}
                </Anchor>
              </Group>
            )}
            {vendor.phone && (
              <Group gap={6} wrap="nowrap">
                <IconPhone size={16} aria-hidden="true" />
                <Anchor href={phoneHref(vendor.phone)} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatPhone(vendor.phone)}
                </Anchor>
              </Group>
            )}
            {vendor.website && (
              <Anchor href={vendor.website} target="_blank" rel="noopener noreferrer" size="sm" aria-label={`Visit Site of ${vendor.name}`}>
                <Group gap={4} component="span" wrap="nowrap">
                  Visit Site
                  <IconExternalLink size={14} aria-hidden="true" />
                </Group>
              </Anchor>
            )}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
