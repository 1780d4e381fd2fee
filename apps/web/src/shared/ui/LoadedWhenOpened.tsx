import { Suspense, useEffect, useState, type ReactNode } from 'react';

/** How long a closing dialog may take (its transition) before the focus it dropped is handed back. */
const CLOSING_MS = 1_000;

/**
 * A dialog whose code loads when it is first opened (a `lazy` component as `children`), not with the screen it
 * belongs to: a screen's first paint on a phone then waits for none of its dialogs' code (decision 0022). From the first
 * opening on it stays mounted, so it closes with its transition and opens again at once.
 *
 * Closed, the dialog gives the focus back to what opened it (decision 0035). Mantine's dialogs do that themselves, but only
 * for an opening they saw happen: a dialog mounted already open (its first opening here) drops the focus on the page.
 */
export function LoadedWhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  const [opener, setOpener] = useState<Element | null>(null);
  // Derived state, set during render (React's pattern for it): the dialog mounts in the same render that opens it, and
  // what had the focus then (the button that opened it) is kept.
  if (opened && !wanted) {
    setWanted(true);
    setOpener(document.activeElement);
  }
  useEffect(() => {
    if (opened || !(opener instanceof HTMLElement)) return;
    return giveFocusBackWhenDropped(opener, () => setOpener(null));
  }, [opened, opener]);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/** Once the closing dialog has let the focus fall to the page (not put it anywhere else), gives it to `opener`. */
function giveFocusBackWhenDropped(opener: HTMLElement, done: () => void): () => void {
  const started = Date.now();
  const timer = window.setInterval(() => {
    const active = document.activeElement;
    const dropped = !active || active === document.body;
    const stillClosing = !dropped && active.closest('[role="dialog"]') !== null && Date.now() - started < CLOSING_MS;
    if (stillClosing) return;
    window.clearInterval(timer);
    if (dropped && opener.isConnected) opener.focus();
    done();
  }, 50);
  return () => window.clearInterval(timer);
}

/** How long after the screen has settled its dialogs' code starts loading anyway, so a first opening seldom waits. */
const PRELOAD_AFTER_MS = 2_000;

/**
 * Starts loading a dialog's or a tab's code now, while `shown` (an address that opens it directly), so that it loads
 * beside the screen's data instead of once that has arrived and the screen renders it. A failed load is only a missed
 * head start: the lazy component's own load reports the failure.
 */
export function usePreloadWhile(shown: boolean, load: () => Promise<unknown>): void {
  useEffect(() => {
    if (shown) load().catch(() => {});
  }, [shown, load]);
}

/**
 * Starts loading a screen's dialogs' code once the screen has been shown and the browser is idle, so that opening one
 * seldom waits for the network, and never competes with what the screen needs first. A failed preload is only a
 * missed head start: opening the dialog loads it again and reports the failure.
 */
export function usePreloadWhenIdle(...loads: (() => Promise<unknown>)[]): void {
  useEffect(() => {
    const preload = () => loads.forEach((load) => void load().catch(() => {}));
    let cancelIdle = () => {};
    const timer = window.setTimeout(() => {
      // Safari has no requestIdleCallback.
      if (typeof window.requestIdleCallback !== 'function') return preload();
      const idle = window.requestIdleCallback(preload);
      cancelIdle = () => window.cancelIdleCallback(idle);
    }, PRELOAD_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      cancelIdle();
    };
    // The loads are module-level functions; preloading once per mounted screen is the point.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
