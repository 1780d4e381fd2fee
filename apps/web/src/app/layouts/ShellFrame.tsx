import { Group, type AppShellProps } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The shell's geometry: the signed-in layout and the skeleton the server sends before the app's scripts
 * (SignedInSkeleton) both use it, so the header, the sidebar and the screen are in the same places in both.
 */
export function shellLayout(navbarOpened: boolean): Pick<AppShellProps, 'header' | 'navbar' | 'padding'> {
  return { header: { height: 64 }, navbar: { width: 272, breakpoint: 'md', collapsed: { mobile: !navbarOpened } }, padding: { base: 'md', sm: 'xl' } };
}

/**
 * The page behind the cards: a quiet grey in light, near-black in dark (cards sit on it in the body colour). Inline,
 * not in a CSS module: the skeleton paints before the shell's stylesheet (a lazily loaded chunk's) has arrived.
 */
export const SHELL_MAIN_BACKGROUND: CSSProperties = { background: 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))' };

/** The header's row: where you are on the left, who you are on the right. */
export function ShellHeaderBar({ start, end }: { start: ReactNode; end: ReactNode }) {
  return (
    <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {start}
      </Group>
      <Group gap="md" wrap="nowrap">
        {end}
      </Group>
    </Group>
  );
}
