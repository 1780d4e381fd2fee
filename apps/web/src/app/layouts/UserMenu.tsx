import { Avatar, Box, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useSession, useSignOut } from '../../shared/session';

/** The header's account button: who is signed in, and the way out. */
export function UserMenu() {
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) return null;
  const initials = `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();
  return (
    <Menu position="bottom-end" width={260} shadow="md" radius="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${user.fullName}`} px={6} py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
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
        </Box>
        <Menu.Divider />
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden="true" />} onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
