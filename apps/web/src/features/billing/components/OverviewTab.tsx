import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCalendarDue, IconCoin, IconGift, IconReceipt2, IconRepeat } from '@tabler/icons-react';
import type { AcceptedBillingAccount } from '@portal/contract';
import { formatDate } from '../../../shared/format';
import { StatCard } from '../../../shared/ui/StatCard';
import { DAYS_PAST_DUE_SHOWN_ABOVE, nextInvoiceDate } from '../billing-display';
import type { BillingTab } from '../billing-tabs';
import { Money, NoWrap } from './Money';

/** Balance, next invoice, and the past-due and credits boxes only when above zero (docs/product.md §9). */
export function OverviewTab({ account, openTab }: { account: AcceptedBillingAccount; openTab: (tab: BillingTab) => void }) {
  // The cycle day is a calendar day: it is shown in the browser's own calendar, not shifted by a zone.
  const nextInvoice = nextInvoiceDate(account.billing_cycle_month_date);
  const pastDueDays = account.days_past_due > DAYS_PAST_DUE_SHOWN_ABOVE ? `${account.days_past_due} days past due` : undefined;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <StatCard
          label="Current Balance"
          value={<Money amount={account.balance} />}
          icon={IconCoin}
          colour={account.days_past_due > 0 ? 'red' : 'brand'}
          hint={pastDueDays}
        />
        <StatCard
          label="Next Invoice"
          value={<NoWrap>{formatDate(nextInvoice.toISOString())}</NoWrap>}
          icon={IconCalendarDue}
          colour="grape"
          hint={`Billed on day ${account.billing_cycle_month_date} of each month`}
        />
        {account.past_due_balance > 0 && (
          <StatCard label="Past Due" value={<Money amount={account.past_due_balance} />} icon={IconReceipt2} colour="red" hint="Included in the balance" />
        )}
        {account.credits > 0 && (
          <StatCard label="Credits" value={<Money amount={account.credits} />} icon={IconGift} colour="green" hint="Applied to your next invoice" />
        )}
      </SimpleGrid>

      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" gap="md">
          <Stack gap={2} style={{ flex: '1 1 240px' }}>
            <Text fw={600}>{account.balance > 0 ? 'Ready to pay?' : 'You are all paid up'}</Text>
            <Text size="sm" c="dimmed">
              {account.balance > 0 ? (
                <>
                  Pay <Money amount={account.balance} /> now by card, or let automatic payments take care of it on the billing day.
                </>
              ) : (
                'There is nothing to pay right now.'
              )}
            </Text>
          </Stack>
          <Group gap="sm">
            <Button variant="default" leftSection={<IconRepeat size={16} aria-hidden="true" />} onClick={() => openTab('autopay')}>
              Automatic payments: {account.automatic_payments ? 'On' : 'Off'}
            </Button>
            {account.balance > 0 && <Button onClick={() => openTab('pay')}>Make Payment</Button>}
          </Group>
        </Group>
      </Paper>
    </Stack>
  );
}
