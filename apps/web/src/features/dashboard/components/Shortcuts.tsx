import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton, Group, ThemeIcon } from '@mantine/core';
import { IconApps, IconLifebuoy, IconReceipt2, IconServer2, IconUserCircle, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router';

interface Shortcut {
  to: string;
  label: string;
  description: string;
  icon: Icon;
}

/** The next places people go from the dashboard; Billing only for those who may open it. */
export function Shortcuts({ billing }: { billing: boolean }) {
  const shortcuts: Shortcut[] = [
    { to: '/apps', label: 'Apps', description: 'Open your applications', icon: IconApps },
    { to: '/tickets', label: 'Support Tickets', description: 'Follow and answer tickets', icon: IconLifebuoy },
    { to: '/services', label: 'Services', description: 'What you subscribe to', icon: IconServer2 },
    billing
      ? { to: '/billing', label: 'Billing', description: 'Balance, statements, payments', icon: IconReceipt2 }
      : { to: '/profile', label: 'Profile', description: 'Your name, e-mail and time zone', icon: IconUserCircle },
  ];
  return (
    <Paper component="nav" aria-labelledby="shortcuts-heading" withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg" id="shortcuts-heading">
          Shortcuts
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {shortcuts.map(({ to, label, description, icon: ShortcutIcon }) => (
            <UnstyledButton
              key={to}
              component={Link}
              to={to}
              p="sm"
              style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={36} radius="md" variant="light" aria-hidden="true">
                  <ShortcutIcon size={20} stroke={1.7} />
                </ThemeIcon>
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600}>
                    {label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {description}
                  </Text>
                </Stack>
              </Group>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
