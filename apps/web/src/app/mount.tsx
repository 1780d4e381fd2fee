import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { opensSignedOut, signedOutMessage } from '../shared/session';
import { App } from './App';
import { preloadSignedOutPage } from './router';

/**
 * Starts the portal in #root (main.tsx loads this module, at once or at the visitor's first sign of intent: decision
 * 0045). Resolves once the first render has been committed, so events held until then can be handed to React.
 */
export function mountPortal(root: HTMLElement): Promise<void> {
  return new Promise((committed) => {
    const app = (
      <StrictMode>
        <App />
        <OnCommitted run={committed} />
      </StrictMode>
    );
    // Decision 0022: the first render, or the hydration, as a transition, so React yields to the browser every few
    // milliseconds instead of holding a phone's main thread for one long task (total blocking time).
    if (showsThePrerenderedPage(root)) {
      preloadSignedOutPage(window.location.pathname);
      startTransition(() => {
        hydrateRoot(root, app);
      });
    } else {
      // Markup made for a signed-out visitor, and this one is not (or there was none): React builds the page itself.
      root.replaceChildren();
      startTransition(() => {
        createRoot(root).render(app);
      });
    }
  });
}

/** Renders nothing; its effect runs once the first render is on the page. */
function OnCommitted({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

/**
 * The server sends the signed-out pages with their markup already inside #root (decision 0022). It is what this
 * tab's first render makes only for a visitor who is signed out, has no URL token to sign in with, and has no
 * "you have been signed out" notice waiting for the sign-in form (the server renders none).
 */
function showsThePrerenderedPage(element: HTMLElement): boolean {
  return element.hasChildNodes() && opensSignedOut(window.location) && signedOutMessage() === null;
}
