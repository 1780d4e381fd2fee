import { useEffect, useRef } from 'react';

/** How long a new screen may take to show its heading (a lazily loaded screen on a slow phone) before we stop waiting. */
const HEADING_WAIT_MS = 10_000;

/**
 * After a client-side navigation to another screen, the focus moves to the new screen's h1 (made focusable with
 * tabindex -1 here, once for every screen), so keyboard and screen-reader users start reading the new screen where
 * it starts instead of on a link of the sidebar or on nothing at all (decision 0035). `screen` names the screen shown: a
 * change within a screen (a tab, a ticket opened over the list) is not a navigation to another one.
 *
 * Never on the page the browser opened, nor on a redirect made before the user did anything (a link to a screen
 * one may not open lands on /apps): the focus is only moved in answer to the user. Nor when the user has meanwhile
 * put the focus somewhere of their own.
 */
export function useFocusHeadingOnNewScreen(screen: string): void {
  const shown = useRef(screen);
  const userActed = useUserHasActed();
  useEffect(() => {
    if (shown.current === screen) return;
    shown.current = screen;
    if (!userActed.current) return;
    return focusHeadingWhenShown(document.activeElement);
  }, [screen, userActed]);
}

/** Whether the user has pressed a key or a pointer since the page opened. */
function useUserHasActed() {
  const acted = useRef(false);
  useEffect(() => {
    const stopListening = () => {
      document.removeEventListener('pointerdown', note, true);
      document.removeEventListener('keydown', note, true);
    };
    const note = () => {
      acted.current = true;
      stopListening();
    };
    document.addEventListener('pointerdown', note, true);
    document.addEventListener('keydown', note, true);
    return stopListening;
  }, []);
  return acted;
}

/**
 * The screen's h1: the one in the main content if there is one (the shell), else the page's; never one hidden (the
 * screen left behind while the next one loads, the server's skeleton) or kept from assistive technology.
 */
function visibleHeading(): HTMLElement | null {
  const shown = (heading: HTMLElement) =>
    !heading.closest('[aria-hidden="true"], [inert]') &&
    (typeof heading.checkVisibility === 'function' ? heading.checkVisibility() : !heading.closest('[hidden], [style*="display: none"]'));
  return [...document.querySelectorAll<HTMLElement>('main h1, h1')].find(shown) ?? null;
}

/** Focuses the new screen's h1 once it is there; returns how to stop waiting for it. */
export function focusHeadingWhenShown(focusedBefore: Element | null): () => void {
  const tryFocus = (): boolean => {
    const active = document.activeElement;
    // The user (or the screen, e.g. a dialog it opened) put the focus somewhere else in the meantime: leave it there.
    if (active && active !== document.body && active !== focusedBefore && active.isConnected) return true;
    const heading = visibleHeading();
    if (!heading) return false;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
    return document.activeElement === heading;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'hidden'] });
  return stop;
}
