import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
// Types only: erased from the build, so the dropdown's module stays a chunk of its own.
import type { ActionMenuProps } from './ActionMenuDropdown';

export type { ActionMenuItem, ActionMenuProps } from './ActionMenuDropdown';

const loadDropdown = () => import('./ActionMenuDropdown');
const ActionMenuDropdown = lazy(async () => ({ default: (await loadDropdown()).ActionMenuDropdown }));
/** A failed preload is only a missed head start: opening the menu loads it again and reports the failure. */
const preloadDropdown = () => void loadDropdown().catch(() => {});

/**
 * A row's "…" menu. Until it is first opened it is the button alone: a list of twenty rows then mounts no Mantine Menu,
 * and its screen's first load has no floating-ui (issue 16); the menu's code loads when a pointer, a touch or the
 * focus reaches a button, and the menu opens as soon as it has mounted (ActionMenuDropdown).
 */
export function ActionMenu({ label, color, items }: ActionMenuProps) {
  const [wanted, setWanted] = useState(false);
  const closedButton = (
    <ActionIcon
      variant="subtle"
      color={color}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadDropdown}
      onTouchStart={preloadDropdown}
      onFocus={preloadDropdown}
      onClick={() => setWanted(true)}
    >
      <IconDots size={18} aria-hidden="true" />
    </ActionIcon>
  );
  if (!wanted) return closedButton;
  return (
    <Suspense fallback={closedButton}>
      <ActionMenuDropdown label={label} color={color} items={items} />
    </Suspense>
  );
}
