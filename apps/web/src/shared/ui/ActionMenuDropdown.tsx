import { ActionIcon, Menu, type MantineColor } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useMenuOpenedOnMount } from './menu-loaded-when-opened';

export interface ActionMenuItem {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  color?: MantineColor;
  disabled?: boolean;
}

export interface ActionMenuProps {
  /** The button's accessible name, e.g. "More actions for Ada Lovelace". */
  label: string;
  color?: MantineColor;
  items: ActionMenuItem[];
}

/** ActionMenu once first opened: Mantine's Menu in place of the button that was clicked, open as it mounts. */
export function ActionMenuDropdown({ label, color, items }: ActionMenuProps) {
  const { opened, setOpened, target } = useMenuOpenedOnMount();
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon ref={target} variant="subtle" color={color} aria-label={label}>
          <IconDots size={18} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.label} color={item.color} leftSection={item.icon} disabled={item.disabled} onClick={item.onClick}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
