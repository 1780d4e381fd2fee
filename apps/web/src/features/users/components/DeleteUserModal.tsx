import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AcceptedAccountUser } from '@portal/contract';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../shared/api';
import { useDeleteUser } from '../api/users-queries';
import { fullName, UPDATE_FAILED } from '../user-display';

/** Deleting asks first, naming the person; it ends their sign-ins and frees their licenses. */
export function DeleteUserModal({ user, onClose }: { user: AcceptedAccountUser | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const confirm = () =>
    user &&
    remove.mutate(user.pk, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `${fullName(user)} was deleted.` });
        onClose();
      },
    });
  return (
    <Modal
      opened={user !== null}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      title="Delete user"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {user && (
        <Stack gap="md">
          <Text size="sm">
            Delete <strong>{fullName(user)}</strong> ({user.email})? They are signed out at once and their licenses are freed. Their tickets and messages stay.
          </Text>
          {remove.isError && (
            <Alert color="red" variant="light">
              {errorMessage(remove.error, UPDATE_FAILED)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              Delete {user.firstname}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
