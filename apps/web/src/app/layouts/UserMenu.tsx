import { Avatar, Box, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconChevronDown, IconDeviceDesktop, IconLogout, IconMoon, IconSun } from '@tabler/icons-react';
import { errorMessage } from '../../shared/api';
import { useSession, useSignOut } from '../../shared/session';
import { useChooseColorScheme } from '../choose-color-scheme';
import type { ColorMode } from '../color-scheme';

export const THEME_NOT_SAVED = 'Your theme is used here, but could not be saved to your profile';

const THEMES: { mode: ColorMode; label: string; icon: typeof IconSun }[] = [
  { mode: 'light', label: 'Light', icon: IconSun },
  { mode: 'dark', label: 'Dark', icon: IconMoon },
  { mode: 'auto', label: 'System', icon: IconDeviceDesktop },
];

/** The header's account button: who is signed in and for which account, the theme, and the way out. */
export function UserMenu({ accountName }: { accountName: string }) {
  const { user } = useSession();
  const signOut = useSignOut();
  const theme = useChooseColorScheme();
  if (!user) return null;
  const initials = `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();

  async function choose(mode: ColorMode) {
    try {
      await theme.choose(mode);
    } catch (error) {
      notifications.show({ color: 'red', title: THEME_NOT_SAVED, message: errorMessage(error, 'Please try again later.') });
    }
  }

  return (
    <Menu position="bottom-end" width={260} shadow="md" radius="md">
      <Menu.Target>
        <UnstyledButton aria-label={`${user.fullName} ${user.email}, account menu`} px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap="sm" wrap="nowrap">
            <Avatar color="brand" radius="xl" size={36} aria-hidden="true">
              {initials}
            </Avatar>
            <Stack gap={0} visibleFrom="sm" maw={240}>
              <Text size="sm" fw={600} lh={1.3} truncate>
                {user.fullName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.3} truncate>
                {user.email}
              </Text>
            </Stack>
            <IconChevronDown size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text size="sm" fw={600} truncate>
            {user.fullName}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {accountName}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Label>Theme</Menu.Label>
        {THEMES.map(({ mode, label, icon: Icon }) => (
          <Menu.Item
            key={mode}
            // Mantine's items are always role=menuitem; aria-current tells which theme is in use.
            aria-current={theme.colorScheme === mode ? 'true' : undefined}
            closeMenuOnClick={false}
            leftSection={<Icon size={16} aria-hidden="true" />}
            rightSection={theme.colorScheme === mode ? <IconCheck size={16} aria-hidden="true" /> : null}
            onClick={() => void choose(mode)}
          >
            {label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
