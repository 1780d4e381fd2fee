import './shared/ui/mantine-styles.css';
import '@mantine/notifications/styles.css';
import './shared/ui/portal.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadSignedOutPage } from './app/router';
import { warmIntlOffMainThread } from './shared/format/warm-intl';
import { opensSignedOut, signedOutMessage } from './shared/session';

// First, so the worker loads the dates' and amounts' data while React renders (decision 0045).
warmIntlOffMainThread();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <App />
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

/**
 * The server sends the signed-out pages with their markup already inside #root (decision 0022). It is what this
 * tab's first render makes only for a visitor who is signed out, has no URL token to sign in with, and has no
 * "you have been signed out" notice waiting for the sign-in form (the server renders none).
 */
function showsThePrerenderedPage(element: HTMLElement): boolean {
  return element.hasChildNodes() && opensSignedOut(window.location) && signedOutMessage() === null;
}
