import { IconBell } from '@tabler/icons-react';
import { forwardRef, useEffect, useRef, type ComponentPropsWithoutRef } from 'react';
import classes from './BellButton.module.css';

/** The count as the bell shows it: past 99 it stops counting. */
export const unreadBadge = (count: number) => (count > 99 ? '99+' : String(count));

interface BellButtonProps extends Omit<ComponentPropsWithoutRef<'button'>, 'children'> {
  unread: number;
  opened: boolean;
  /** Takes the focus when it appears: the panel's bell replacing the light one under the user's click or key. */
  autoFocus?: boolean;
}

/**
 * The header's bell and its unread count: a plain button and a badge, styled like Mantine's subtle ActionIcon and
 * Indicator (BellButton.module.css), so the shell carries none of the panel's code (Popover, its positioning) until
 * it is used. Its name says the count to a screen reader.
 */
export const BellButton = forwardRef<HTMLButtonElement, BellButtonProps>(function BellButton({ unread, opened, autoFocus, ...button }, forwarded) {
  const own = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (autoFocus) own.current?.focus();
  }, [autoFocus]);
  return (
    <button
      {...button}
      ref={(element) => {
        own.current = element;
        if (typeof forwarded === 'function') forwarded(element);
        else if (forwarded) forwarded.current = element;
      }}
      type="button"
      className={classes.bell}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
      aria-expanded={opened}
      aria-haspopup="dialog"
    >
      <IconBell size={20} aria-hidden="true" />
      {unread > 0 && (
        <span className={classes.badge} aria-hidden="true">
          {unreadBadge(unread)}
        </span>
      )}
    </button>
  );
});
