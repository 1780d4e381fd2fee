import { Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconLogout, IconUserShield } from '@tabler/icons-react';
import { useSession, useSignOut } from '../../shared/session';

/**
 * Spec §6 Impersonation: while a provider's staff member is signed in as a customer's user, every
 * signed-in screen says so, names both, and offers the way out.
 */
export function ImpersonationBanner() {
  const { user, impersonatedBy } = useSession();
  const signOut = useSignOut();
  if (!user || !impersonatedBy) return null;
  return (
    <Paper
      component="section"
      aria-label="Impersonation"
      radius="md"
      px="md"
      py="sm"
      mb="lg"
      bg="yellow.0"
      withBorder
      style={{ borderColor: 'var(--mantine-color-yellow-6)' }}
      data-testid="impersonation-banner"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 260px', minWidth: 0 }}>
          <ThemeIcon color="yellow.8" variant="filled" radius="xl" size={32} aria-hidden="true" style={{ flexShrink: 0 }}>
            <IconUserShield size={18} color="var(--mantine-color-dark-9)" />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} c="dark.9">
              Impersonating {user.fullName}
            </Text>
            <Text size="sm" c="dark.7" style={{ overflowWrap: 'anywhere' }}>
              You are signed in as {user.email} on behalf of {impersonatedBy}. What you do here is recorded as this impersonation.
            </Text>
          </div>
        </Group>
        <Button variant="default" size="xs" leftSection={<IconLogout size={14} aria-hidden="true" />} onClick={signOut}>
          End impersonation
        </Button>
      </Group>
    </Paper>
  );
}
