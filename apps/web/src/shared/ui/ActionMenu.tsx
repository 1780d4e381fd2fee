import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
// Types only: erased from the build, so the dropdown's module stays a chunk of its own.
import type { ActionMenuProps } from './ActionMenuDropdown';
import { useMenuLoadedWhenOpened } from './menu-loaded-when-opened';

export type { ActionMenuItem, ActionMenuProps } from './ActionMenuDropdown';

const loadDropdown = () => import('./ActionMenuDropdown');
const ActionMenuDropdown = lazy(async () => ({ default: (await loadDropdown()).ActionMenuDropdown }));

/**
 * A row's "…" menu. Until it is first opened it is the button alone: a list of twenty rows then mounts no Mantine Menu,
 * and its screen's first load has no floating-ui (decision 0022); the menu's code loads when a pointer, a touch or the
 * focus reaches a button, and the menu opens as soon as it has mounted (ActionMenuDropdown).
 */
export function ActionMenu({ label, color, items }: ActionMenuProps) {
  const { opening, buttonProps } = useMenuLoadedWhenOpened(loadDropdown);
  const closedButton = (
    <ActionIcon variant="subtle" color={color} aria-label={label} {...buttonProps}>
      <IconDots size={18} aria-hidden="true" />
    </ActionIcon>
  );
  if (!opening) return closedButton;
  return (
    <Suspense fallback={closedButton}>
      <ActionMenuDropdown label={label} color={color} items={items} />
    </Suspense>
  );
}
