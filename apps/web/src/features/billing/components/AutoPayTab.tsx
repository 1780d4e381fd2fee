import { Alert, Button, Group, Modal, Paper, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCreditCard, IconTrash } from '@tabler/icons-react';
import type { BillingAccount } from '@portal/contract';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { useAutoPay, useRemoveCard } from '../api/billing-queries';
import { cardTypeLabel } from '../billing-display';
import { CardModal } from './CardModal';
import { NoWrap } from './Money';

/** Spec texts (docs/product.md §8). */
export const CARD_NEEDED = 'Please add a credit card before enabling automatic payments';
export const AUTOPAY_FAILED = 'Failed to update auto payments';
export const REMOVE_FAILED = 'Failed to remove credit card';

/** Auto Payments: the switch, and the stored card it charges (add, update, remove). */
export function AutoPayTab({ account }: { account: BillingAccount }) {
  const card = account.credit_card_info;
  const autoPay = useAutoPay(account.id);
  const removeCard = useRemoveCard(account.id);
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

  async function remove() {
    try {
      await removeCard.mutateAsync(undefined);
      removeModal.close();
      notifications.show({ color: 'green', message: 'The card was removed and automatic payments are off.' });
    } catch (error) {
      removeModal.close();
      notifications.show({ color: 'red', title: REMOVE_FAILED, message: errorMessage(error, REMOVE_FAILED) });
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
                  {card.first_name} {card.last_name} · expires <NoWrap>{card.exp_month}/{card.exp_year}</NoWrap>
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

      <CardModal key={card?.last_4 ?? 'none'} account={account} opened={cardOpened} onClose={cardModal.close} />
      <Modal opened={removeOpened} onClose={removeModal.close} title="Remove the stored card?" radius="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap="md">
          <Text size="sm">
            The card ending {card?.last_4} will be removed{account.automatic_payments ? ' and automatic payments turned off' : ''}. You can add a card again at any time.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={removeModal.close} disabled={removeCard.isPending}>
              Keep card
            </Button>
            <Button color="red" onClick={() => void remove()} loading={removeCard.isPending}>
              Remove card
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
