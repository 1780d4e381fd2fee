import { Alert, Box, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard, IconFileInvoice, IconRepeat, IconSend } from '@tabler/icons-react';
import type { AcceptedBillingAccount } from '@portal/contract';
import { cardTypeLabel } from '../billing-display';
import type { BillingTab } from '../billing-tabs';
import { Money, NoWrap } from './Money';
import { badgeTextColour } from '../../../shared/ui/StatusBadge';

/** Quick Actions, the stored card and (on a wide screen) the 'Payment Overdue' box (docs/product.md §2). */
export function BillingSidePanel({
  account,
  openTab,
  payNow,
}: {
  account: AcceptedBillingAccount;
  openTab: (tab: BillingTab) => void;
  payNow: (amount: number) => void;
}) {
  const card = account.credit_card_info;
  return (
    <Stack gap="md">
      <Box visibleFrom="lg">
        <OverdueBox account={account} payNow={payNow} />
      </Box>
      <Paper withBorder radius="lg" p="md">
        <Title order={2} fz="md" mb="sm">
          Quick Actions
        </Title>
        <Stack gap="xs">
          <Button variant="light" justify="flex-start" leftSection={<IconSend size={16} aria-hidden="true" />} onClick={() => openTab('pay')}>
            Make Payment
          </Button>
          <Button variant="light" justify="flex-start" leftSection={<IconFileInvoice size={16} aria-hidden="true" />} onClick={() => openTab('statements')}>
            View Statements
          </Button>
          <Button variant="light" justify="flex-start" leftSection={<IconRepeat size={16} aria-hidden="true" />} onClick={() => openTab('autopay')}>
            Auto Payments
          </Button>
        </Stack>
      </Paper>

      {card && (
        <Paper withBorder radius="lg" p="md" role="group" aria-label="Payment method">
          <Title order={2} fz="md" mb="sm">
            Payment Method
          </Title>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
              <IconCreditCard size={22} />
            </ThemeIcon>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600}>
                {cardTypeLabel(card.type)} <NoWrap>•••• {card.last_4}</NoWrap>
              </Text>
              <Text size="sm" c="dimmed">
                {card.first_name} {card.last_name}
              </Text>
              <Text size="sm" c="dimmed">
                Expires{' '}
                <NoWrap>
                  {card.exp_month}/{card.exp_year}
                </NoWrap>
              </Text>
              <Text size="sm" c={account.automatic_payments ? badgeTextColour('green') : 'dimmed'}>
                Automatic payments {account.automatic_payments ? 'on' : 'off'}
              </Text>
            </Stack>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

/**
 * 'Payment Overdue' when days_past_due is above 0 (docs/product.md §2, §9). Pay now starts a payment of
 * the amount the box names, the past-due balance (the balance where it names none).
 */
export function OverdueBox({ account, payNow }: { account: AcceptedBillingAccount; payNow: (amount: number) => void }) {
  if (account.days_past_due <= 0) return null;
  return (
    <Alert
      role="region"
      aria-label="Payment Overdue"
      color="red"
      variant="light"
      radius="lg"
      title="Payment Overdue"
      icon={<IconAlertTriangle size={20} aria-hidden="true" />}
      styles={{ title: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' } }}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Your account is{' '}
          <NoWrap fw={700}>
            {account.days_past_due} {account.days_past_due === 1 ? 'day' : 'days'}
          </NoWrap>{' '}
          past due
          {account.past_due_balance > 0 && (
            <>
              {' '}
              with <Money amount={account.past_due_balance} fw={700} /> outstanding
            </>
          )}
          . Please pay now to avoid any interruption of service.
        </Text>
        <Button color="red.8" onClick={() => payNow(account.past_due_balance > 0 ? account.past_due_balance : account.balance)}>
          Pay now
        </Button>
      </Stack>
    </Alert>
  );
}
