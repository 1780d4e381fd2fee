import { useLayoutEffect, useRef, useState } from 'react';

/**
 * The closed side of a menu whose code loads when it is first opened (decision 0022: the account menu, a row's "…" menu).
 * Until then the caller shows its button alone, with `buttonProps`: the menu's module starts loading when a pointer, a
 * touch or the focus reaches the button, and `opening` turns true at the first click, when the caller renders the
 * lazily loaded menu (the same button as its Suspense fallback). A failed preload is only a missed head start: the
 * lazy load reports the failure.
 */
export function useMenuLoadedWhenOpened(load: () => Promise<unknown>) {
  const [opening, setOpening] = useState(false);
  const preload = () => void load().catch(() => {});
  const buttonProps = {
    'aria-haspopup': 'menu',
    'aria-expanded': false,
    onPointerEnter: preload,
    onTouchStart: preload,
    onFocus: preload,
    onClick: () => setOpening(true),
  } as const;
  return { opening, buttonProps };
}

/**
 * The loaded side: a Mantine Menu mounted in place of the button that was clicked opens as soon as it has mounted,
 * with the focus on its own button (`target`), not mounted open: Mantine remembers where the focus was when a menu
 * opens, to give it back when it closes, and the clicked button has just been replaced by this one.
 */
export function useMenuOpenedOnMount<Target extends HTMLElement = HTMLButtonElement>() {
  const [opened, setOpened] = useState(false);
  const target = useRef<Target>(null);
  useLayoutEffect(() => {
    target.current?.focus({ preventScroll: true });
    setOpened(true);
  }, []);
  return { opened, setOpened, target };
}
