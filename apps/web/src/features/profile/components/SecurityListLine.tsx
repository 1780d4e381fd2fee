import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** One line of a list in Profile → Security (a sign-in, a passkey): what it is on the left, its action on the right. */
export function SecurityListLine({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Group
      component="li"
      justify="space-between"
      align="center"
      wrap="wrap"
      gap="xs"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} miw={0} style={{ flex: '1 1 240px' }}>
        {children}
      </Stack>
      {action}
    </Group>
  );
}
