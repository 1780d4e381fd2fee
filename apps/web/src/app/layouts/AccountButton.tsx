import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import type { SessionUser } from '../../shared/session';
import classes from './AccountButton.module.css';

type AccountButtonProps = { user: SessionUser } & Omit<ComponentPropsWithRef<'button'>, 'children'>;

/**
 * The header's account button: the avatar's initials, and from a tablet's width up who is signed in. Plain elements,
 * so the shell's first render on a phone does not build Mantine's component trees for it (decision 0022); the account
 * menu (AccountMenu) wraps the same button as its target once it has loaded.
 */
export function AccountButton({ user, className, ...button }: AccountButtonProps) {
  const initials = `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();
  return (
    <button
      type="button"
      aria-label={`${user.fullName} ${user.email}, account menu`}
      {...button}
      className={className ? `${classes.button} ${className}` : classes.button}
    >
      <span className={classes.avatar} aria-hidden="true">
        {initials}
      </span>
      <span className={classes.who}>
        <span className={classes.name}>{user.fullName}</span>
        <span className={classes.email}>{user.email}</span>
      </span>
      <IconChevronDown size={16} aria-hidden="true" className={classes.chevron} />
    </button>
  );
}
