import { Suspense, useEffect, useState, type ReactNode } from 'react';

/**
 * A dialog whose code loads when it is first opened (a `lazy` component as `children`), not with the screen it
 * belongs to: a screen's first paint on a phone then waits for none of its dialogs' code (issue 16). From the first
 * opening on it stays mounted, so it closes with its transition and opens again at once.
 */
export function LoadedWhenOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(opened);
  // Derived state, set during render (React's pattern for it): the dialog mounts in the same render that opens it.
  if (opened && !wanted) setWanted(true);
  return wanted ? <Suspense fallback={null}>{children}</Suspense> : null;
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
