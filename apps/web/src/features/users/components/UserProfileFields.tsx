import { Checkbox, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { recognisedMobileNumber, USER_TIME_ZONES, type ContactInput } from '@portal/contract';
import { ROLE_OPTIONS } from '../user-display';
import { formatTimeZone } from '../../../shared/format';
import { USER_DIALOG_POPOVER_Z_INDEX } from './user-dialog-layout';

const ZONES = USER_TIME_ZONES.map((zone) => ({ value: zone, label: formatTimeZone(zone) }));

/** The profile of a user, as Add User's first step and Edit User's Profile tab ask for it (docs/product.md §5). */
export function UserProfileFields({ form, disabled }: { form: UseFormReturnType<ContactInput>; disabled?: boolean }) {
  const mobile = form.getValues().mobile?.trim();
  // While typing: how the number reads once it is a valid one; a wrong one is named on leaving the field or on saving.
  const recognised = mobile ? recognisedMobileNumber(mobile) : undefined;
  return (
    <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="First name" autoComplete="off" required {...form.getInputProps('firstname')} />
          <TextInput label="Last name" autoComplete="off" required {...form.getInputProps('lastname')} />
        </SimpleGrid>
        <TextInput label="Email" type="email" autoComplete="off" required {...form.getInputProps('email')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label="Mobile"
            type="tel"
            autoComplete="off"
            description={recognised ? `Reads as ${recognised}` : 'With the country code outside the US'}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            {...form.getInputProps('mobile')}
          />
          <Select
            label="Timezone"
            data={ZONES}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true, zIndex: USER_DIALOG_POPOVER_Z_INDEX }}
            {...form.getInputProps('time_zone')}
          />
        </SimpleGrid>
        <Stack gap={6} role="group" aria-label="Roles">
          <Text size="sm" fw={500}>
            Roles
          </Text>
          {ROLE_OPTIONS.map((role) => (
            <Checkbox key={role.flag} label={role.label} description={role.description} {...form.getInputProps(role.flag, { type: 'checkbox' })} />
          ))}
        </Stack>
      </Stack>
    </fieldset>
  );
}
