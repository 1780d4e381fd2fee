import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { creditCardInput, type AcceptedBillingAccount } from '@portal/contract';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { zodFormValidator } from '../../../shared/forms/zod-form-validator';
import { useStoreCard, type CardInput } from '../api/billing-queries';
import { cardDefaults } from '../billing-display';
import { cardFieldErrors, CardFields, STORED_CARD_FIELDS } from './CardFields';

export const CARD_UPDATE_FAILED = 'Failed to update credit card';

const schemaErrors = zodFormValidator<CardInput>(creditCardInput);

/** Add or replace the stored card (docs/product.md §2): every field required; the processor keeps the number, the portal its token. */
export function CardModal({
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
  const replacing = account.credit_card_info !== null;
  const store = useStoreCard(billingId);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CardInput>({
    initialValues: {
      first_name: account.credit_card_info?.first_name ?? '',
      last_name: account.credit_card_info?.last_name ?? '',
      number: '',
      cvc: '',
      ...cardDefaults(),
    },
    validate: (values) => ({ ...schemaErrors(values), ...cardFieldErrors(values, STORED_CARD_FIELDS) }),
  });

  function close() {
    form.reset();
    setFailure(null);
    onClose();
  }

  async function save(values: CardInput) {
    setFailure(null);
    try {
      const saved = await store.mutateAsync(values);
      notifications.show({ color: 'green', message: `Card ending ${saved?.credit_card_info?.last_4 ?? values.number.slice(-4)} saved.` });
      close();
    } catch (error) {
      if (error instanceof ApiError)
        form.setErrors(Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [key.replace(/^credit_card_info\./, ''), message])));
      setFailure(errorMessage(error, CARD_UPDATE_FAILED));
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={replacing ? 'Update credit card' : 'Add credit card'}
      radius="lg"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={form.onSubmit((values) => void save(values))} noValidate>
        <Stack gap="md">
          {replacing && (
            <Text size="sm" c="dimmed">
              The new card replaces the one ending {account.credit_card_info?.last_4}
              {account.automatic_payments ? '; automatic payments will use it.' : '.'}
            </Text>
          )}
          {failure && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} aria-hidden="true" />}
              title={CARD_UPDATE_FAILED}
              role="alert"
              styles={{ title: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' } }}
            >
              {failure}
            </Alert>
          )}
          <CardFields form={form} names={STORED_CARD_FIELDS} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={store.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={store.isPending}>
              {replacing ? 'Update card' : 'Save card'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
