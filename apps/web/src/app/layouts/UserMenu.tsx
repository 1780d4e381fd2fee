import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../shared/session';
import { AccountButton } from './AccountButton';

const loadAccountMenu = () => import('./AccountMenu');
const AccountMenu = lazy(async () => ({ default: (await loadAccountMenu()).AccountMenu }));
/** A failed preload is only a missed head start: opening the menu loads it again and reports the failure. */
const preloadAccountMenu = () => void loadAccountMenu().catch(() => {});

/**
 * The header's account button, and the account menu once it is first opened. The menu (Mantine's Menu, floating-ui,
 * a focus trap: ~35 KB compressed) is on no screen's way to its first paint: until then the button is a plain one,
 * and the menu's code starts loading as soon as a pointer or the keyboard comes near it (issue 16).
 */
export function UserMenu({ accountName }: { accountName: string }) {
  const { user } = useSession();
  const [wanted, setWanted] = useState(false);
  if (!user) return null;
  const closedButton = (
    <AccountButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={preloadAccountMenu}
      onTouchStart={preloadAccountMenu}
      onFocus={preloadAccountMenu}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted) return closedButton;
  return (
    <Suspense fallback={closedButton}>
      <AccountMenu user={user} accountName={accountName} />
    </Suspense>
  );
}
