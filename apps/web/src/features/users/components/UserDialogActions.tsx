import { Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The buttons of the Add and Edit User dialogs, kept at the bottom of the dialog while its form scrolls (a full-screen
 * dialog on a phone is taller than the screen): Save is always in reach, never scrolled away.
 */
export function UserDialogActions({ children, justify = 'flex-end' }: { children: ReactNode; justify?: GroupProps['justify'] }) {
  return (
    <Group
      justify={justify}
      py="sm"
      style={{ position: 'sticky', bottom: 0, zIndex: 1, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Group>
  );
}
