import { Alert, Button, Group, Modal, Stack, Tabs } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { contactInput, DEFAULT_USER_TIME_ZONE, type AcceptedAccountUser, type ContactInput } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { zodFormValidator } from '../../../shared/forms/zod-form-validator';
import { licensableServicesQuery, useAddLicense, useRemoveLicense, userLicensesQuery, useUpdateUser } from '../api/users-queries';
import { fullName, LICENSES_FAILED, UPDATE_FAILED } from '../user-display';
import { LicensePicker } from './LicensePicker';
import { UserProfileFields } from './UserProfileFields';

/** Edit User (docs/product.md §4): Profile and Licenses, each tab with its own update button. */
export function EditUserModal({ user, onClose }: { user: AcceptedAccountUser | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? `Edit ${fullName(user)}` : 'Edit User'} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      {user && (
        <Tabs defaultValue="profile" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="profile">Profile</Tabs.Tab>
            <Tabs.Tab value="licenses">Licenses</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile" pt="md">
            <ProfileTab user={user} onSaved={onClose} />
          </Tabs.Panel>
          <Tabs.Panel value="licenses" pt="md">
            <LicensesTab user={user} onSaved={onClose} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}

function ProfileTab({ user, onSaved }: { user: AcceptedAccountUser; onSaved: () => void }) {
  const update = useUpdateUser();
  const [failure, setFailure] = useState<string | null>(null);
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
    validate: zodFormValidator<ContactInput>(contactInput),
  });
  const submit = form.onSubmit((changes) => {
    setFailure(null);
    update.mutate(
      { id: user.pk, changes },
      {
        // A server that answers no contact (the spec describes none) saved what was sent.
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: `${fullName(saved ?? changes)} was updated.` });
          onSaved();
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(error.fields);
          setFailure(errorMessage(error, UPDATE_FAILED));
        },
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Edit profile">
      <Stack gap="md">
        {failure && <Alert color="red" variant="light">{failure}</Alert>}
        <UserProfileFields form={form} disabled={update.isPending} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            Update Profile
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function LicensesTab({ user, onSaved }: { user: AcceptedAccountUser; onSaved: () => void }) {
  const services = useQuery(licensableServicesQuery());
  const held = useQuery(userLicensesQuery(user.pk));
  const [selected, setSelected] = useState<number[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const add = useAddLicense();
  const remove = useRemoveLicense();
  const heldIds = held.data?.map((license) => license.service_id) ?? [];
  const current = selected ?? heldIds;
  const saving = add.isPending || remove.isPending;

  async function save() {
    setFailure(null);
    const errors: string[] = [];
    for (const serviceId of current.filter((id) => !heldIds.includes(id))) {
      await add.mutateAsync({ id: user.pk, serviceId }).catch((error: unknown) => errors.push(errorMessage(error, LICENSES_FAILED)));
    }
    for (const license of held.data?.filter((l) => !current.includes(l.service_id)) ?? []) {
      await remove.mutateAsync({ id: user.pk, licenseId: license.pk }).catch((error: unknown) => errors.push(errorMessage(error, LICENSES_FAILED)));
    }
    if (errors.length > 0) return setFailure(errors.join(' · '));
    notifications.show({ color: 'green', message: `The licenses of ${fullName(user)} were updated.` });
    onSaved();
  }

  return (
    <Stack gap="md">
      {failure && <Alert color="red" variant="light" title={LICENSES_FAILED}>{failure}</Alert>}
      {held.isError ? (
        <Alert color="red" variant="light">Failed to load user services</Alert>
      ) : (
        <LicensePicker
          services={services.data}
          loading={services.isPending || held.isPending}
          failed={services.isError}
          selected={current}
          held={heldIds}
          onChange={setSelected}
          disabled={saving}
        />
      )}
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={saving} disabled={held.isPending || held.isError}>
          Update Licenses
        </Button>
      </Group>
    </Stack>
  );
}
