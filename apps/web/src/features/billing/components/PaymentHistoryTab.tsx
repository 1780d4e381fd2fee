import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import type { Payment } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { formatDate, formatDateTime } from '../../../shared/format';
import { useSignedInUser } from '../../../shared/session';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { downloadReceipt, paymentsQuery } from '../api/billing-queries';
import { hasReceipt, paymentMethodOf, paymentStatusColour } from '../billing-display';
import { Money, NoWrap } from './Money';
import { PagedList } from './PagedList';
import { useRowDownloads } from './RowDownloads';

export const PAYMENTS_FAILED = 'Failed to load payments history';
export const RECEIPT_FAILED = 'Failed to download receipt';

/** The reference a payer quotes: the confirmation number, else the gateway's transaction, else why it failed. */
function reference(payment: Payment) {
  if (payment.confirmation_number)
    return (
      <NoWrap ff="monospace" fz="sm">
        {payment.confirmation_number}
      </NoWrap>
    );
  if (payment.failure_reason)
    return (
      <Text size="sm" c="var(--mantine-color-error)">
        {payment.failure_reason}
      </Text>
    );
  return (
    <Text size="sm" c="dimmed">
      —
    </Text>
  );
}

/** "Sep 11, 2026" over "7:00 PM", so the table keeps room for the receipt; the whole of it on one line if it cannot be split. */
function DateAndTime({ iso, timeZone }: { iso: string; timeZone: string | undefined }) {
  const date = formatDate(iso, timeZone);
  const full = formatDateTime(iso, timeZone);
  const time = full.startsWith(date) ? full.slice(date.length).replace(/^,?\s*/, '') : '';
  if (!time) return <NoWrap>{full}</NoWrap>;
  return (
    <Stack gap={0}>
      <NoWrap>{date}</NoWrap>
      <NoWrap size="sm" c="dimmed">
        {time}
      </NoWrap>
    </Stack>
  );
}

export function PaymentHistoryTab({ billingId }: { billingId: string }) {
  const { timeZone } = useSignedInUser();
  const payments = useQuery(paymentsQuery(billingId));
  const downloadButton = useRowDownloads((payment: Payment) => downloadReceipt(billingId, payment), RECEIPT_FAILED);

  if (payments.isPending) {
    return (
      <LoadingState label="Loading payment history">
        <Stack gap="xs">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={44} radius="md" />
          ))}
        </Stack>
      </LoadingState>
    );
  }
  if (payments.isError)
    return (
      <ErrorState
        title={PAYMENTS_FAILED}
        message={errorMessage(payments.error, PAYMENTS_FAILED)}
        onRetry={() => void payments.refetch()}
        retrying={payments.isFetching}
      />
    );
  if (payments.data.length === 0)
    return <EmptyState icon={IconReceipt} title="No payments yet" message="Payments you make by card, check or transfer will be listed here." />;

  const status = (p: Payment) => <StatusBadge colour={paymentStatusColour(p.payment_status)}>{p.payment_status}</StatusBadge>;
  /** A receipt for a payment that went through; nothing for a failed or refunded one. */
  const receiptButton = (p: Payment) =>
    hasReceipt(p)
      ? downloadButton(p, `Download the receipt of ${p.confirmation_number ?? `the payment of ${formatDateTime(p.created, timeZone)}`}`, 'Receipt')
      : null;
  return (
    <PagedList
      label="Payment history"
      rows={payments.data}
      rowKey={(p) => p._id}
      columns={[
        { header: 'Date', cell: (p) => <DateAndTime iso={p.created} timeZone={timeZone} /> },
        { header: 'Method', cell: (p) => <NoWrap>{paymentMethodOf(p)}</NoWrap> },
        { header: 'Status', cell: status },
        { header: 'Reference', cell: reference },
        { header: 'Amount', align: 'right', cell: (p) => <Money amount={p.amount} fw={600} /> },
        { header: 'Receipt', align: 'right', cell: receiptButton },
      ]}
      card={(p) => (
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Money amount={p.amount} fw={700} />
            {status(p)}
          </Group>
          <Text size="sm" c="dimmed">
            <NoWrap>{formatDateTime(p.created, timeZone)}</NoWrap> · <NoWrap>{paymentMethodOf(p)}</NoWrap>
          </Text>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            {reference(p)}
            {receiptButton(p)}
          </Group>
        </Stack>
      )}
    />
  );
}
