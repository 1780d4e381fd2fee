import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AcceptedCredential } from '@portal/contract';
import { errorMessage } from '../../../shared/api';
import { useDeleteCredential } from '../api/inventory-queries';
import { DELETE_FAILED } from '../inventory-display';

/** The vault's delete confirmation: names the credential; a failed delete is reported and the dialog closes. */
export function DeleteCredentialModal({ credential, onClose }: { credential: AcceptedCredential | null; onClose: () => void }) {
  const remove = useDeleteCredential();

  async function confirmDelete() {
    if (!credential) return;
    try {
      await remove.mutateAsync(credential.id);
      notifications.show({ color: 'green', message: `${credential.service_name} was deleted.` });
    } catch (error) {
      notifications.show({ color: 'red', title: DELETE_FAILED, message: errorMessage(error, DELETE_FAILED) });
    }
    onClose();
  }

  return (
    <Modal opened={credential !== null} onClose={onClose} title="Delete credential" radius="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">
          Delete <strong>{credential?.service_name}</strong>? Its password and notes are removed for good.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Keep
          </Button>
          <Button color="red" onClick={() => void confirmDelete()} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
