import { Box, Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDeviceDesktop, IconLogout, IconMoon, IconSun } from '@tabler/icons-react';
import { errorMessage } from '../../shared/api';
import { useSignOut, type SessionUser } from '../../shared/session';
import { useMenuOpenedOnMount } from '../../shared/ui/menu-loaded-when-opened';
import { useChooseColorScheme } from '../choose-color-scheme';
import type { ColorMode } from '../color-scheme';
import { AccountButton } from './AccountButton';

export const THEME_NOT_SAVED = 'Your theme is used here, but could not be saved to your profile';

const THEMES: { mode: ColorMode; label: string; icon: typeof IconSun }[] = [
  { mode: 'light', label: 'Light', icon: IconSun },
  { mode: 'dark', label: 'Dark', icon: IconMoon },
  { mode: 'auto', label: 'System', icon: IconDeviceDesktop },
];

interface AccountMenuProps {
  user: SessionUser;
  accountName: string;
}

/**
 * The account menu: who is signed in and for which account, the theme, and the way out. Loaded and mounted when it
 * is first opened (UserMenu), in place of the plain button that was clicked, so it opens as soon as it has mounted.
 */
export function AccountMenu({ user, accountName }: AccountMenuProps) {
  const signOut = useSignOut();
  const theme = useChooseColorScheme();
  const { opened, setOpened, target } = useMenuOpenedOnMount();

  async function choose(mode: ColorMode) {
    try {
      await theme.choose(mode);
    } catch (error) {
      notifications.show({ color: 'red', title: THEME_NOT_SAVED, message: errorMessage(error, 'Please try again later.') });
    }
  }

  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" width={260} shadow="md" radius="md">
      <Menu.Target>
        <AccountButton ref={target} user={user} />
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
