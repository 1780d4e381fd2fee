import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AcceptedBillingAccount } from '@portal/contract';
import { errorMessage } from '../../../shared/api';
import { useRemoveCard } from '../api/billing-queries';

/** Spec text (docs/product.md §8). */
export const REMOVE_FAILED = 'Failed to remove credit card';

/** Asks before removing the stored card (and with it automatic payments); either way the dialog closes after. */
export function RemoveCardModal({
  billingId,
  account,
  opened,
  onClose,
}: {
  billingId: string;
  account: AcceptedBillingAccount;
  opened: boolean;
  onClose: () => void;
}) {
  const card = account.credit_card_info;
  const removeCard = useRemoveCard(billingId);

  async function remove() {
    try {
      await removeCard.mutateAsync(undefined);
      onClose();
      notifications.show({ color: 'green', message: 'The card was removed and automatic payments are off.' });
    } catch (error) {
      onClose();
      notifications.show({ color: 'red', title: REMOVE_FAILED, message: errorMessage(error, REMOVE_FAILED) });
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Remove the stored card?" radius="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">
          The card ending {card?.last_4} will be removed{account.automatic_payments ? ' and automatic payments turned off' : ''}. You can add a card again at
          any time.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={removeCard.isPending}>
            Keep card
          </Button>
          <Button color="red" onClick={() => void remove()} loading={removeCard.isPending}>
            Remove card
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
