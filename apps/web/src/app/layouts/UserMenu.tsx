import { lazy, Suspense } from 'react';
import { useSession } from '../../shared/session';
import { useMenuLoadedWhenOpened } from '../../shared/ui/menu-loaded-when-opened';
import { AccountButton } from './AccountButton';

const loadAccountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(async () => ({ default: (await loadAccountMenu()).AccountMenu }));

/**
 * The header's account button, and the account menu once it is first opened. The menu (Mantine's Menu, floating-ui,
 * a focus trap: ~35 KB compressed) is on no screen's way to its first paint: until then the button is a plain one,
 * and the menu's code starts loading as soon as a pointer or the keyboard comes near it (decision 0022).
 */
export function UserMenu({ accountName }: { accountName: string }) {
  const { user } = useSession();
  const { opening, buttonProps } = useMenuLoadedWhenOpened(loadAccountMenu);
  if (!user) return null;
  const closedButton = <AccountButton user={user} {...buttonProps} />;
  if (!opening) return closedButton;
  return (
    <Suspense fallback={closedButton}>
      <AccountMenu user={user} accountName={accountName} />
    </Suspense>
  );
}
