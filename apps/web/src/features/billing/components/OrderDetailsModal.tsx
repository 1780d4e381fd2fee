import { Button, Divider, Group, Modal, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { Order } from '@portal/contract';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { formatDate } from '../../../shared/format';
import { useSignedInUser } from '../../../shared/session';
import { ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { orderQuery } from '../api/billing-queries';
import { capitalised, orderStatusColour, orderStatusLabel, orderTotal, provisionColour, purchaseTypeLabel } from '../billing-display';
import { Money, NoWrap } from './Money';

export const ORDER_FAILED = 'Failed to load order details';

/** One order with every item (GET /crm/orders/{id}); the list's copy shows at once while the details load. */
export function OrderDetailsModal({ orderId, summary, onClose }: { orderId: number | null; summary: Order | null; onClose: () => void }) {
  const order = useQuery({ ...orderQuery(orderId ?? 0), enabled: orderId !== null, placeholderData: summary ?? undefined });
  return (
    <Modal
      opened={orderId !== null}
      onClose={onClose}
      title={summary?.name ?? 'Order details'}
      size="lg"
      radius="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {order.isError ? (
        <ErrorState title={ORDER_FAILED} message={errorMessage(order.error, ORDER_FAILED)} onRetry={() => void order.refetch()} retrying={order.isFetching} />
      ) : !order.data ? (
        <LoadingState label="Loading order details">
          <Skeleton height={160} radius="md" />
        </LoadingState>
      ) : (
        <OrderDetails order={order.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function OrderDetails({ order, onClose }: { order: Order; onClose: () => void }) {
  const { timeZone } = useSignedInUser();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Detail label="Order">#{order.pk}</Detail>
        <Detail label="Date">
          <NoWrap>{formatDate(order.date_created, timeZone)}</NoWrap>
        </Detail>
        <Detail label="Status">
          <StatusBadge colour={orderStatusColour(order.status)}>{orderStatusLabel(order.status)}</StatusBadge>
        </Detail>
        <Detail label="Total">
          <Money amount={orderTotal(order)} fw={700} />
        </Detail>
      </SimpleGrid>
      {order.quote_id && <Detail label="Quote">{order.quote_id}</Detail>}
      {order.notes && <Detail label="Notes">{order.notes}</Detail>}
      <Divider label={`${order.order_items.length} ${order.order_items.length === 1 ? 'item' : 'items'}`} labelPosition="left" />
      {order.order_items.length === 0 && (
        <Text size="sm" c="dimmed">
          This order has no items.
        </Text>
      )}
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Order items">
        {order.order_items.map((item) => (
          <Paper key={item.pk} component="li" withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm" style={{ minWidth: 0 }}>
                {item.prod_description}
              </Text>
              <Money amount={item.price} fw={700} />
            </Group>
            <Text size="sm" c="dimmed" mt={4}>
              <NoWrap>
                {item.quantity} × <Money amount={item.price_per_unit} />
              </NoWrap>
              {' · '}
              {purchaseTypeLabel(item.purchase_type)}
              {item.taxable && (
                <>
                  {' · '}
                  <NoWrap>taxable {item.tax_percent}%</NoWrap>
                </>
              )}
            </Text>
            <Group gap="xs" mt={6}>
              <StatusBadge size="sm" colour={provisionColour(item.provision_status)}>
                {capitalised(item.provision_status)}
              </StatusBadge>
              {item.activation_date && (
                <Text size="xs" c="dimmed">
                  Active since <NoWrap>{formatDate(item.activation_date, timeZone)}</NoWrap>
                </Text>
              )}
            </Group>
          </Paper>
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/** A labelled value of the order's summary. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text component="div" size="sm" fw={500}>
        {children}
      </Text>
    </Stack>
  );
}
