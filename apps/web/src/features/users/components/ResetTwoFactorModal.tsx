import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { AcceptedAccountUser } from '@portal/contract';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../shared/api';
import { useResetTwoFactor } from '../api/users-queries';
import { fullName, UPDATE_FAILED } from '../user-display';

/** An administrator turns off a user's two-step sign-in (a lost phone and lost codes; decision 0049), asking first. */
export function ResetTwoFactorModal({ user, onClose }: { user: AcceptedAccountUser | null; onClose: () => void }) {
  const reset = useResetTwoFactor();
  const close = () => {
    reset.reset();
    onClose();
  };
  const confirm = () =>
    user &&
    reset.mutate(user.pk, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: `Two-step sign-in is off for ${fullName(user)}. They have been told by e-mail.` });
        close();
      },
    });
  return (
    <Modal opened={user !== null} onClose={close} title="Reset two-step sign-in" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {user && (
        <Stack gap="md">
          <Text size="sm">
            Turn off two-step sign-in for <strong>{fullName(user)}</strong> ({user.email})? Use this when they have lost their phone and their recovery codes.
            They will sign in with their password alone until they set it up again, and they are told by e-mail.
          </Text>
          {reset.isError && (
            <Alert color="red" variant="light">
              {errorMessage(reset.error, UPDATE_FAILED)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={reset.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={reset.isPending}>
              Reset
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
