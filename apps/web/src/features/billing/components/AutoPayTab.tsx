import { Alert, Button, Group, Paper, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCreditCard, IconTrash } from '@tabler/icons-react';
import type { AcceptedBillingAccount } from '@portal/contract';
import { lazy, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { LoadedWhenOpened } from '../../../shared/ui/LoadedWhenOpened';
import { useAutoPay } from '../api/billing-queries';
import { cardTypeLabel } from '../billing-display';
import { NoWrap } from './Money';

// The card form and the removal's confirmation load when first opened (or when the billing screen is idle: BillingPage
// preloads them), not with the screen (decision 0022).
export const loadCardModal = () => import('./CardModal');
export const loadRemoveCardModal = () => import('./RemoveCardModal');
const CardModal = lazy(async () => ({ default: (await loadCardModal()).CardModal }));
const RemoveCardModal = lazy(async () => ({ default: (await loadRemoveCardModal()).RemoveCardModal }));

/** Spec texts (docs/product.md §8). */
export const CARD_NEEDED = 'Please add a credit card before enabling automatic payments';
export const AUTOPAY_FAILED = 'Failed to update auto payments';

/** Auto Payments: the switch, and the stored card it charges (add, update, remove); `billingId` is the session's billing_api_id (§7). */
export function AutoPayTab({ billingId, account }: { billingId: string; account: AcceptedBillingAccount }) {
  const card = account.credit_card_info;
  const autoPay = useAutoPay(billingId);
  const [cardOpened, cardModal] = useDisclosure(false);
  const [removeOpened, removeModal] = useDisclosure(false);
  const [notice, setNotice] = useState<string | null>(null);

  async function toggle(on: boolean) {
    setNotice(null);
    if (on && !card) {
      setNotice(CARD_NEEDED);
      return;
    }
    try {
      await autoPay.mutateAsync(on);
      notifications.show({ color: 'green', message: on ? 'Automatic payments are on.' : 'Automatic payments are off.' });
    } catch (error) {
      setNotice(errorMessage(error, AUTOPAY_FAILED));
    }
  }

  return (
    <Stack gap="lg" maw={640}>
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Switch
            size="md"
            checked={account.automatic_payments}
            disabled={autoPay.isPending}
            onChange={(event) => void toggle(event.currentTarget.checked)}
            label="Automatic payments"
            description={`On day ${account.billing_cycle_month_date} of each month, the balance is charged to your stored card. You get a receipt by e-mail.`}
          />
          {notice && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} role="alert">
              {notice}
            </Alert>
          )}
        </Stack>
      </Paper>

      <Paper withBorder radius="lg" p="md">
        <Title order={2} fz="md" mb="sm">
          Stored card
        </Title>
        {card ? (
          <Group justify="space-between" gap="md">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
                <IconCreditCard size={22} />
              </ThemeIcon>
              <Stack gap={0}>
                <Text fw={600}>
                  {cardTypeLabel(card.type)} <NoWrap>•••• {card.last_4}</NoWrap>
                </Text>
                <Text size="sm" c="dimmed">
                  {card.first_name} {card.last_name} · expires{' '}
                  <NoWrap>
                    {card.exp_month}/{card.exp_year}
                  </NoWrap>
                </Text>
              </Stack>
            </Group>
            <Group gap="xs">
              <Button variant="default" onClick={cardModal.open}>
                Update card
              </Button>
              <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden="true" />} onClick={removeModal.open}>
                Remove
              </Button>
            </Group>
          </Group>
        ) : (
          <Group justify="space-between" gap="md">
            <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
              No card is stored. Add one to pay in one step and to turn on automatic payments.
            </Text>
            <Button leftSection={<IconCreditCard size={16} aria-hidden="true" />} onClick={cardModal.open}>
              Add credit card
            </Button>
          </Group>
        )}
      </Paper>

      <LoadedWhenOpened opened={cardOpened}>
        <CardModal key={card?.last_4 ?? 'none'} billingId={billingId} account={account} opened={cardOpened} onClose={cardModal.close} />
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={removeOpened}>
        <RemoveCardModal billingId={billingId} account={account} opened={removeOpened} onClose={removeModal.close} />
      </LoadedWhenOpened>
    </Stack>
  );
}
