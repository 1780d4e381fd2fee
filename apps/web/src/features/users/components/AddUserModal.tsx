import { Alert, Button, Modal, Stack, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { contactInput, DEFAULT_USER_TIME_ZONE, type AcceptedCreatedContact, type ContactInput } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { licensableServicesQuery, useAddLicense, useCreateUser } from '../api/users-queries';
import { CREATE_FAILED, fullName, LICENSES_FAILED } from '../user-display';
import { userProfileValidator } from '../profile-validation';
import { LicensePicker } from './LicensePicker';
import { useUserDialogLayout } from './user-dialog-layout';
import { UserDialogActions } from './UserDialogActions';
import { UserProfileFields } from './UserProfileFields';

const EMPTY: ContactInput = {
  firstname: '',
  lastname: '',
  email: '',
  mobile: '',
  time_zone: DEFAULT_USER_TIME_ZONE,
  admin_group: false,
  billing_group: false,
  technical_group: false,
};

/**
 * Says who was added. §7: the answer's "result.pk is the new id", and may carry nothing else: the
 * name and address are then the ones sent. Only our server's answer says an invitation was sent.
 */
function addedMessage(created: AcceptedCreatedContact, sent: ContactInput): string {
  const name = fullName({ full_name: created.full_name, firstname: created.firstname ?? sent.firstname, lastname: created.lastname ?? sent.lastname });
  if (!created.invitation_pending) return `${name} was added.`;
  return `${name} was added. An invitation to choose a password is on its way to ${created.email ?? sent.email}.`;
}

/**
 * Add User (docs/product.md §4): the profile, then the licenses; Next only with a valid profile,
 * Back returns, Create User on the last step. On success the modal closes and the form resets;
 * a license that cannot be given does not stop the creation and is reported afterwards.
 */
export function AddUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [step, setStep] = useState(0);
  const [licenses, setLicenses] = useState<number[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ContactInput>({ initialValues: EMPTY, validate: userProfileValidator(), validateInputOnBlur: ['mobile'] });
  const layout = useUserDialogLayout();
  const services = useQuery({ ...licensableServicesQuery(), enabled: opened });
  const create = useCreateUser();
  const addLicense = useAddLicense();
  const saving = create.isPending || addLicense.isPending;

  function close() {
    form.reset();
    setLicenses([]);
    setStep(0);
    setFailure(null);
    onClose();
  }

  function next() {
    if (!form.validate().hasErrors) setStep(1);
  }

  async function createUser() {
    setFailure(null);
    const sent = form.getValues();
    let created;
    try {
      created = await create.mutateAsync(sent);
    } catch (error) {
      if (error instanceof ApiError)
        form.setErrors(Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [key.replace(/^user\./, ''), message])));
      setFailure(errorMessage(error, CREATE_FAILED));
      setStep(0);
      return;
    }
    const refused: string[] = [];
    for (const serviceId of licenses) {
      try {
        await addLicense.mutateAsync({ id: created.pk, serviceId });
      } catch (error) {
        const name = services.data?.find((service) => service.service_id === serviceId)?.name ?? `service ${serviceId}`;
        refused.push(`${name}: ${errorMessage(error, LICENSES_FAILED)}`);
      }
    }
    // The notices come with the dialog's closing, behind it (user-dialog-layout.ts): they never cover a dialog's controls.
    close();
    notifications.show({ color: 'green', message: addedMessage(created, contactInput.parse(sent)) });
    if (refused.length > 0) notifications.show({ color: 'red', autoClose: false, title: LICENSES_FAILED, message: refused.join(' · ') });
  }

  return (
    <Modal opened={opened} onClose={close} title="Add User" {...layout} closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Stepper active={step} size="sm" allowNextStepsSelect={false}>
          <Stepper.Step label="Profile" description="Who they are">
            <Stack gap="sm" mt="sm">
              {failure && (
                <Alert color="red" variant="light">
                  {failure}
                </Alert>
              )}
              <UserProfileFields form={form} disabled={saving} />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label="Licenses" description="Voice seats">
            <Stack gap="sm" mt="sm">
              <Text size="sm" c="dimmed">
                Give {form.getValues().firstname || 'the new user'} a seat of your voice services. You can change this later.
              </Text>
              <LicensePicker
                services={services.data}
                loading={services.isPending}
                failed={services.isError}
                selected={licenses}
                onChange={setLicenses}
                disabled={saving}
              />
            </Stack>
          </Stepper.Step>
        </Stepper>
        <UserDialogActions justify="space-between">
          <Button variant="default" onClick={step === 0 ? close : () => setStep(0)} disabled={saving}>
            {step === 0 ? 'Cancel' : 'Back'}
          </Button>
          {step === 0 ? (
            <Button onClick={next}>Next</Button>
          ) : (
            <Button onClick={() => void createUser()} loading={saving}>
              Create User
            </Button>
          )}
        </UserDialogActions>
      </Stack>
    </Modal>
  );
}
