import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { useDisableTotp } from '../api/security-queries';
import { TwoFactorProofForm } from './TwoFactorProofForm';

export const TWO_FACTOR_OFF = 'Two-step sign-in is off.';

/** Turning two-step sign-in off (decision 0049): with the current password, or a code from the app. */
export function TurnOffTwoFactorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const disable = useDisableTotp();

  const close = () => {
    setError(null);
    disable.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Turn off two-step sign-in" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <TwoFactorProofForm
        name="Turn off two-step sign-in"
        intro="Signing in will ask for your password only, and your recovery codes will stop working."
        submitLabel="Turn off"
        danger
        pending={disable.isPending}
        fieldError={error}
        onFieldEdited={() => setError(null)}
        onCancel={close}
        onSubmit={(proof) =>
          disable.mutate(proof, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: TWO_FACTOR_OFF });
              close();
            },
            onError: (failure) => {
              const field = failure instanceof ApiError ? (failure.fields?.code ?? failure.fields?.current_password) : undefined;
              if (field) setError(field);
              else notifications.show({ color: 'red', message: errorMessage(failure, 'Two-step sign-in could not be turned off. Please try again.') });
            },
          })
        }
      />
    </Modal>
  );
}
