import { Alert, Button, Modal, Stack, Tabs } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { DEFAULT_USER_TIME_ZONE, type AcceptedAccountUser, type ContactInput } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { LicensesNotSavedError } from '../api/save-user';
import { licensableServicesQuery, userLicensesQuery, useSaveUser } from '../api/users-queries';
import { userProfileValidator } from '../profile-validation';
import { fullName, LICENSES_FAILED, UPDATE_FAILED } from '../user-display';
import { LicensePicker } from './LicensePicker';
import { useUserDialogLayout } from './user-dialog-layout';
import { UserDialogActions } from './UserDialogActions';
import { UserProfileFields } from './UserProfileFields';

type Tab = 'profile' | 'licenses';
const PROFILE_FIELDS = new Set(['firstname', 'lastname', 'email', 'mobile', 'time_zone', 'admin_group', 'billing_group', 'technical_group']);

/**
 * Edit User (docs/product.md §4): the tabs Profile and Licenses, and one Save for both (docs/decisions/0034: the spec
 * has an update button per tab, and a change made on one tab was lost when the other's button was pressed).
 */
export function EditUserModal({ user, onClose }: { user: AcceptedAccountUser | null; onClose: () => void }) {
  const layout = useUserDialogLayout();
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? `Edit ${fullName(user)}` : 'Edit User'}
      {...layout}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {user && <EditUserForm user={user} onClose={onClose} />}
    </Modal>
  );
}

function EditUserForm({ user, onClose }: { user: AcceptedAccountUser; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('profile');
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const services = useQuery(licensableServicesQuery());
  const held = useQuery(userLicensesQuery(user.pk));
  const [ticked, setTicked] = useState<number[] | null>(null);
  const save = useSaveUser();
  const form = useForm<ContactInput>({
    initialValues: {
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      mobile: user.mobile ?? '',
      time_zone: user.time_zone || DEFAULT_USER_TIME_ZONE,
      admin_group: user.admin_group,
      billing_group: user.billing_group,
      technical_group: user.technical_group,
    },
    validate: userProfileValidator(user.mobile),
    validateInputOnBlur: ['mobile'],
  });
  const heldIds = held.data?.map((license) => license.service_id) ?? [];
  const serviceName = (serviceId: number) => services.data?.find((service) => service.service_id === serviceId)?.name ?? `Service ${serviceId}`;

  const submit = form.onSubmit(
    (profile) => {
      setFailure(null);
      save.mutate(
        // Until the held licenses are known (or when they failed to load) only the profile is sent.
        { id: user.pk, profile, licenses: held.data && ticked ? { held: held.data, wanted: ticked, nameOf: serviceName } : undefined },
        {
          // A server that answers no contact (the spec describes none) saved what was sent. The notice comes with the
          // dialog's closing, behind it (user-dialog-layout.ts).
          onSuccess: (saved) => {
            onClose();
            notifications.show({ color: 'green', message: `${fullName(saved ?? profile)} was updated.` });
          },
          onError: (error) => {
            if (error instanceof LicensesNotSavedError) {
              setTab('licenses');
              return setFailure({ title: LICENSES_FAILED, message: error.message });
            }
            const fields = error instanceof ApiError ? error.fields : {};
            form.setErrors(Object.fromEntries(Object.entries(fields).filter(([field]) => PROFILE_FIELDS.has(field))));
            if ('service_ids' in fields) setTab('licenses');
            else if (Object.keys(fields).some((field) => PROFILE_FIELDS.has(field))) setTab('profile');
            setFailure({ title: 'service_ids' in fields ? LICENSES_FAILED : UPDATE_FAILED, message: errorMessage(error, UPDATE_FAILED) });
          },
        },
      );
    },
    // A profile field that is not right: show it, wherever the administrator was.
    () => setTab('profile'),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit ${fullName(user)}`}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title={failure.title} role="alert">
            {failure.message}
          </Alert>
        )}
        <Tabs value={tab} onChange={(next) => setTab(next === 'licenses' ? 'licenses' : 'profile')}>
          <Tabs.List>
            <Tabs.Tab value="profile">Profile</Tabs.Tab>
            <Tabs.Tab value="licenses">Licenses</Tabs.Tab>
          </Tabs.List>
          {/* Both panels stay mounted: what was changed on one tab is still there, and saved, from the other. */}
          <Tabs.Panel value="profile" pt="md">
            <UserProfileFields form={form} disabled={save.isPending} />
          </Tabs.Panel>
          <Tabs.Panel value="licenses" pt="md">
            {held.isError ? (
              <Alert color="red" variant="light">
                Failed to load user services
              </Alert>
            ) : (
              <LicensePicker
                services={services.data}
                loading={services.isPending || held.isPending}
                failed={services.isError}
                selected={ticked ?? heldIds}
                held={heldIds}
                onChange={setTicked}
                disabled={save.isPending}
              />
            )}
          </Tabs.Panel>
        </Tabs>
        <UserDialogActions>
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </UserDialogActions>
      </Stack>
    </form>
  );
}
