import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { myProfileInput, profileEndpoints, type AcceptedContact, type MyProfileInput } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { zodFormValidator } from '../../../shared/forms/zod-form-validator';
import { useSignedInUser, type SignedInUserChanges } from '../../../shared/session';
import { timezonesQuery, useUpdateProfile } from '../api/profile-queries';
import { Fact } from '../../../shared/ui/Fact';
import { LoadedWhenOpened, usePreloadWhenIdle } from '../../../shared/ui/LoadedWhenOpened';
import { SelectLoadedOnUse } from '../../../shared/ui/SelectLoadedOnUse';
import { formatTimeZone } from '../../../shared/format';

// The password confirmation loads when first opened (an e-mail change), or once the screen is shown and the browser
// is idle: the profile's first paint does not wait for it (decision 0022).
const loadConfirmPasswordModal = () => import('./ConfirmPasswordModal');
const ConfirmPasswordModal = lazy(async () => ({ default: (await loadConfirmPasswordModal()).ConfirmPasswordModal }));

/** Spec §8, Profile. */
export const PROFILE_UPDATED = 'Profile updated successfully!';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile: ';
export const EMAIL_IS_USERNAME_WARNING = 'Changing your email address also changes your login username. Use the new address the next time you sign in.';

/**
 * What was saved: the contact as our server answers it (its own spelling, e.g. a lower-cased e-mail),
 * or, from a server that answers no contact (§7: "The response may hold errors and message"), the
 * form's values as they were sent, trimmed as the request's schema trims them.
 */
function savedProfile(contact: AcceptedContact | null, sent: MyProfileInput): SignedInUserChanges {
  if (contact) return { firstname: contact.firstname, lastname: contact.lastname, email: contact.email, time_zone: contact.time_zone };
  const { firstname, lastname, email, timezone } = myProfileInput.parse(sent);
  return { firstname, lastname, email, time_zone: timezone };
}

/** Spec §4: view, edit, and saving (edit while the request runs). */
export function ProfileDetails() {
  const user = useSignedInUser();
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const saved: MyProfileInput = { firstname: user.firstname, lastname: user.lastname, email: user.email, timezone: user.timeZone };
  const form = useForm<MyProfileInput>({ initialValues: saved, validate: zodFormValidator<MyProfileInput>(profileEndpoints.updateMyProfile.body) });
  const timezones = useQuery(timezonesQuery());
  const update = useUpdateProfile();
  const saving = update.isPending;
  // A changed e-mail waits here for the current password (docs/decisions/0012).
  const [pendingEmailChange, setPendingEmailChange] = useState<MyProfileInput | null>(null);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  usePreloadWhenIdle(loadConfirmPasswordModal);

  // A zone set elsewhere (by an administrator) stays choosable, so saving a name never changes it.
  const zoneOptions = (timezones.data ?? []).map((zone) => ({ value: zone.value, label: formatTimeZone(zone.value) }));
  const options = zoneOptions.some((zone) => zone.value === user.timeZone)
    ? zoneOptions
    : [{ value: user.timeZone, label: formatTimeZone(user.timeZone) }, ...zoneOptions];

  function startEditing() {
    form.setValues(saved);
    form.resetDirty(saved);
    form.clearErrors();
    setMode('edit');
  }

  function cancel() {
    form.setValues(saved);
    form.clearErrors();
    setMode('view');
  }

  function save(values: MyProfileInput) {
    update.mutate(values, {
      onSuccess: (contact) => {
        user.updateUser(savedProfile(contact, values));
        notifications.show({ color: 'green', message: PROFILE_UPDATED });
        setPendingEmailChange(null);
        setMode('view');
      },
      onError: (error) => {
        const wrongPassword = error instanceof ApiError ? error.fields?.current_password : undefined;
        if (wrongPassword && values.current_password !== undefined) return setPasswordError(wrongPassword);
        setPendingEmailChange(null);
        if (error instanceof ApiError) form.setErrors(error.fields);
        notifications.show({ color: 'red', message: `${PROFILE_UPDATE_FAILED}${errorMessage(error, 'Unknown error')}` });
      },
    });
  }

  const submit = form.onSubmit((values) => {
    const emailChanged = values.email.trim().toLowerCase() !== user.email.toLowerCase();
    if (!emailChanged) return save(values);
    setPasswordError(undefined);
    setPendingEmailChange(values);
  });

  return (
    <Paper component="section" aria-labelledby="profile-details-heading" withBorder radius="lg" p="lg">
      <Stack gap="lg">
        <Group justify="space-between" align="center" gap="sm">
          <Title order={2} fz="lg" id="profile-details-heading">
            Personal information
          </Title>
          {mode === 'view' && (
            <Button variant="light" leftSection={<IconPencil size={16} aria-hidden="true" />} onClick={startEditing}>
              Edit Profile
            </Button>
          )}
        </Group>

        {mode === 'view' ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg" component="dl" m={0}>
            <Fact term size="md" label="First Name" value={user.firstname} />
            <Fact term size="md" label="Last Name" value={user.lastname} />
            <Fact term size="md" label="Email" value={user.email} />
            <Fact term size="md" label="Timezone" value={formatTimeZone(user.timeZone)} />
          </SimpleGrid>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Edit profile">
            <fieldset disabled={saving} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                  <TextInput label="First Name" autoComplete="given-name" required {...form.getInputProps('firstname')} />
                  <TextInput label="Last Name" autoComplete="family-name" required {...form.getInputProps('lastname')} />
                </SimpleGrid>
                <TextInput label="Email" type="email" autoComplete="email" required {...form.getInputProps('email')} />
                <Alert
                  color="yellow"
                  variant="light"
                  icon={<IconAlertTriangle size={18} aria-hidden="true" />}
                  title="Your email is your username"
                  // Mantine's yellow title text fails WCAG AA on the yellow tint; dark text passes.
                  styles={{ title: { color: 'light-dark(var(--mantine-color-dark-7), var(--mantine-color-dark-0))' } }}
                >
                  <Text size="sm">{EMAIL_IS_USERNAME_WARNING}</Text>
                </Alert>
                <SelectLoadedOnUse
                  label="Timezone"
                  data={options}
                  allowDeselect={false}
                  required
                  comboboxProps={{ withinPortal: true }}
                  {...form.getInputProps('timezone')}
                />
                <Group justify="flex-end" gap="sm">
                  <Button variant="default" onClick={cancel} disabled={saving}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={saving}>
                    Save Changes
                  </Button>
                </Group>
              </Stack>
            </fieldset>
          </form>
        )}
      </Stack>
      <LoadedWhenOpened opened={pendingEmailChange !== null}>
        <ConfirmPasswordModal
          opened={pendingEmailChange !== null}
          saving={saving}
          error={passwordError}
          onConfirm={(password) => pendingEmailChange && save({ ...pendingEmailChange, current_password: password })}
          onCancel={() => setPendingEmailChange(null)}
        />
      </LoadedWhenOpened>
    </Paper>
  );
}
