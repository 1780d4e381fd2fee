import './shared/ui/mantine-styles.css';
import '@mantine/notifications/styles.css';
import './shared/ui/portal.css';
import { startOnIntent } from './app/start-on-intent';
import { warmIntlOffMainThread } from './shared/format/warm-intl';
import { CHANGE_PASSWORD_PATH, SESSION_STORAGE_KEY, SIGNED_OUT_REASON_KEY } from './shared/session/storage-keys';

// This module imports nothing of the app (decision 0045): the app's code is fetched beside it (the build preloads it:
// apps/web/build/preload-app.ts) and runs when mountPortal is imported, at once or at the visitor's first intent.

// First, so the worker loads the dates' and amounts' data while the app starts (decision 0045).
warmIntlOffMainThread();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
/**
 * Runs the app in two tasks, not one: React and the other libraries (the vendor chunk), then, after a yield to the
 * browser, the app's own modules. One task of both was a phone's longest, 150-220 ms at Lighthouse's 4x (decision 0045).
 */
const start = async () => {
  await import('react-dom/client');
  await new Promise((resolve) => setTimeout(resolve));
  return (await import('./app/mount')).mountPortal(root);
};

if (showsASignedOutPageOnly(root)) startOnIntent(start);
else void start();

/**
 * The server's markup of a signed-out page (the sign-in, forgot-password and password-change pages) for a visitor whom
 * nothing signs in or redirects: no session stored, no sign-in token in the address, no "you have been signed out"
 * notice to add. Read from storage directly, without the app's code; the app decides again, exactly, when it starts
 * (mount.tsx), and any other visitor's page starts at once.
 */
function showsASignedOutPageOnly(element: HTMLElement): boolean {
  try {
    const query = new URLSearchParams(window.location.search);
    // A sign-in token to use, or an identity provider's button or refusal to show (decision 0051): the app starts at once.
    const tokenInAddress = (window.location.pathname !== CHANGE_PASSWORD_PATH && query.has('token')) || query.has('idp') || query.has('idp_error');
    return (
      element.hasChildNodes() &&
      !tokenInAddress &&
      window.localStorage.getItem(SESSION_STORAGE_KEY) === null &&
      window.sessionStorage.getItem(SIGNED_OUT_REASON_KEY) === null
    );
  } catch {
    // No storage (a private mode that refuses it): the app starts at once and decides for itself.
    return false;
  }
}
