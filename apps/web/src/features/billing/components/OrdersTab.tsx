import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import type { Order } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { formatDate } from '../../../shared/format';
import { useSignedInUser } from '../../../shared/session';
import { LoadedWhenOpened } from '../../../shared/ui/LoadedWhenOpened';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { ordersQuery } from '../api/billing-queries';
import { orderStatusColour, orderStatusLabel, orderTotal } from '../billing-display';
import { Money, NoWrap } from './Money';
import { PagedList } from './PagedList';

// An order's details load when first opened (or when the billing screen is idle: BillingPage preloads them), not with
// the screen (decision 0022).
export const loadOrderDetailsModal = () => import('./OrderDetailsModal');
const OrderDetailsModal = lazy(async () => ({ default: (await loadOrderDetailsModal()).OrderDetailsModal }));

export const ORDERS_FAILED = 'Failed to load orders';

export function OrdersTab() {
  const { timeZone } = useSignedInUser();
  const orders = useQuery(ordersQuery());
  const [opened, setOpened] = useState<Order | null>(null);

  if (orders.isPending) {
    return (
      <LoadingState label="Loading orders">
        <Stack gap="xs">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={44} radius="md" />
          ))}
        </Stack>
      </LoadingState>
    );
  }
  if (orders.isError)
    return (
      <ErrorState
        title={ORDERS_FAILED}
        message={errorMessage(orders.error, ORDERS_FAILED)}
        onRetry={() => void orders.refetch()}
        retrying={orders.isFetching}
      />
    );
  if (orders.data.length === 0)
    return <EmptyState icon={IconPackage} title="No orders yet" message="Orders for new services, upgrades and equipment will be listed here." />;

  const status = (o: Order) => <StatusBadge colour={orderStatusColour(o.status)}>{orderStatusLabel(o.status)}</StatusBadge>;
  const details = (o: Order) => (
    <Button size="xs" variant="light" onClick={() => setOpened(o)} aria-label={`View details of ${o.name}`}>
      Details
    </Button>
  );
  return (
    <>
      <PagedList
        label="Orders"
        rows={orders.data}
        rowKey={(o) => o.pk}
        columns={[
          {
            header: 'Order',
            cell: (o) => (
              <Text fw={600} size="sm">
                {o.name}
              </Text>
            ),
          },
          { header: 'Date', cell: (o) => <NoWrap>{formatDate(o.date_created, timeZone)}</NoWrap> },
          { header: 'Status', cell: status },
          { header: 'Items', align: 'right', cell: (o) => o.order_items.length },
          { header: 'Total', align: 'right', cell: (o) => <Money amount={orderTotal(o)} fw={600} /> },
          { header: 'Details', align: 'right', cell: details },
        ]}
        card={(o) => (
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Text fw={600} size="sm" style={{ minWidth: 0 }}>
                {o.name}
              </Text>
              {status(o)}
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" c="dimmed">
                <NoWrap>{formatDate(o.date_created, timeZone)}</NoWrap> · <Money amount={orderTotal(o)} />
              </Text>
              {details(o)}
            </Group>
          </Stack>
        )}
      />
      <LoadedWhenOpened opened={opened !== null}>
        <OrderDetailsModal orderId={opened?.pk ?? null} summary={opened} onClose={() => setOpened(null)} />
      </LoadedWhenOpened>
    </>
  );
}
