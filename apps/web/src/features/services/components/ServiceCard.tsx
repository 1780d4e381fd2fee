import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { serviceDisplayState, type Service } from '@portal/contract';
import { formatDate, formatMoney, formatPhone } from '../../../shared/format';
import { ServiceStatusBadge } from './ServiceStatusBadge';
import { Fact } from '../../../shared/ui/Fact';

export function ServiceCard({ service, timeZone }: { service: Service; timeZone: string }) {
  const headingId = `service-${service.pk}`;
  const { purchased_users: users, did, price_per_did: pricePerDid } = service.metadata;
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="lg" p="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Stack gap={2} miw={0}>
            <Title order={3} fz="md" id={headingId}>
              {service.product.name}
            </Title>
            {service.prod_description && (
              <Text size="sm" c="dimmed">
                {service.prod_description}
              </Text>
            )}
          </Stack>
          <ServiceStatusBadge state={serviceDisplayState(service)} />
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" verticalSpacing="xs">
          <Fact label="Category" value={service.product.category} />
          <Fact label="Quantity" value={String(service.quantity)} />
          {service.price !== null && <Fact label="Monthly price" value={formatMoney(service.price)} whole />}
          <Fact label="Since" value={formatDate(service.date_created, timeZone)} whole />
          {users !== undefined && <Fact label="Users" value={String(users)} />}
          {did && <Fact label="Number" value={formatPhone(did)} whole />}
          {pricePerDid !== undefined && <Fact label="Per number" value={formatMoney(pricePerDid)} whole />}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
