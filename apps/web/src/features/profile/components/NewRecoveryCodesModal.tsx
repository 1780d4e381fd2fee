import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { RecoveryCodesStep } from '../../../shared/ui/TotpSetupParts';
import { useRenewRecoveryCodes } from '../api/security-queries';
import { TwoFactorProofForm } from './TwoFactorProofForm';

export const RENEW_FAILED = 'New recovery codes could not be made. Please try again.';

/**
 * Ten new recovery codes for the old ones (used up, lost, or seen by someone): proven with the password or a code, then
 * shown once, like the first ones; the authenticator app stays as it is.
 */
export function NewRecoveryCodesModal({ opened, onClose, email }: { opened: boolean; onClose: () => void; email: string }) {
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [saved, setSaved] = useState(false);
  const renew = useRenewRecoveryCodes();

  const close = () => {
    if (codes && !saved) return;
    setError(null);
    setCodes(null);
    setSaved(false);
    renew.reset();
    onClose();
  };

  const showingCodes = codes !== null;
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={showingCodes ? 'Save your new recovery codes' : 'New recovery codes'}
      centered
      withCloseButton={!showingCodes || saved}
      closeOnEscape={!showingCodes || saved}
      closeOnClickOutside={!showingCodes}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {showingCodes ? (
        <RecoveryCodesStep codes={codes} email={email} saved={saved} onSaved={setSaved} onDone={close} />
      ) : (
        <TwoFactorProofForm
          name="New recovery codes"
          intro="You get ten new recovery codes, and the ones you have now stop working. Your authenticator app stays as it is."
          submitLabel="Make new codes"
          pending={renew.isPending}
          fieldError={error}
          onFieldEdited={() => setError(null)}
          onCancel={close}
          onSubmit={(proof) =>
            renew.mutate(proof, {
              onSuccess: ({ recovery_codes }) => setCodes(recovery_codes),
              onError: (failure) => {
                const field = failure instanceof ApiError ? (failure.fields?.code ?? failure.fields?.current_password) : undefined;
                if (field) setError(field);
                else notifications.show({ color: 'red', message: errorMessage(failure, RENEW_FAILED) });
              },
            })
          }
        />
      )}
    </Modal>
  );
}
