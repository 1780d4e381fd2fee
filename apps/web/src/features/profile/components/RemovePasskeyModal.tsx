import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Passkey } from '@portal/contract';
import { errorMessage } from '../../../shared/api';
import { useRemovePasskey } from '../api/passkey-queries';

/** Removing a passkey, once confirmed: it signs nobody in any more (decision 0050). */
export function RemovePasskeyModal({ passkey, onClose }: { passkey: Passkey | null; onClose: () => void }) {
  const remove = useRemovePasskey();
  const confirm = () => {
    if (!passkey) return;
    remove.mutate(passkey.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `The passkey “${passkey.name}” was removed.` });
        onClose();
      },
      onError: (failure) => notifications.show({ color: 'red', message: errorMessage(failure, 'The passkey could not be removed. Please try again.') }),
    });
  };
  return (
    <Modal opened={passkey !== null} onClose={onClose} title="Remove this passkey?" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">“{passkey?.name}” will no longer sign you in. Remove it from the device or password manager that keeps it too.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="light" color="red" loading={remove.isPending} onClick={confirm}>
            Remove passkey
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
