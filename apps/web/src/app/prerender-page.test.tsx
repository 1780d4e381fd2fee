import { act, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { aStoredSession } from '../test/fixtures';
import type { PortalConfig } from '../shared/config';
import type { PortalSection } from './portal-sections';

/**
 * The server's markup of the signed-out pages (decision 0022), hydrated by the browser's app as main.tsx does,
 * here with React's development build, which reports every difference between the two (text, structure and
 * attributes such as ids and class names); the production build in Chromium is checked by
 * e2e/prerendered-pages.spec.ts.
 */
const CONFIG: PortalConfig = {
  apiBase: '/api',
  providerName: 'Northwind Managed IT',
  supportPhone: '+1 (555) 010-4242',
  supportEmail: 'help@northwind-it.example',
  providerEmailDomain: 'northwind-it.example',
  portalHomeUrl: '/',
};

let prerenderPage: (url: string) => Promise<string>;
let prerenderSignedInSkeleton: (section: PortalSection) => Promise<string>;
let PORTAL_SECTIONS: readonly PortalSection[];
let App: () => React.JSX.Element;

beforeAll(async () => {
  // As the prerender program and /config.js do: the configuration is there before the app's modules load.
  vi.resetModules();
  globalThis.__PORTAL_CONFIG__ = CONFIG;
  ({ prerenderPage, prerenderSignedInSkeleton } = await import('./prerender-page'));
  ({ PORTAL_SECTIONS } = await import('./portal-sections'));
  ({ App } = await import('./App'));
});

/**
 * The server's markup. React's server renderer leaves the context values of its last task set in the process
 * (react-router's location among them), where the browser renderer of this test would find them; a render of
 * nothing switches them back. (The prerender program renders nothing in a browser renderer, and exits.)
 */
async function serverMarkup(url: string): Promise<string> {
  const markup = await prerenderPage(url);
  await prerender(<></>);
  return markup;
}

/** What React writes to console.error from now on (in this test). */
function collectComplaints(): unknown[] {
  const complaints: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    // The two renderers share the context objects in this one process, which React's development build notes.
    if (!String(args[0]).startsWith('Detected multiple renderers concurrently rendering the same context provider')) complaints.push(args);
  });
  return complaints;
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

/** The prerendered markup of `url` in #root, hydrated; what React complained about on the way. */
async function hydrate(url: string) {
  const markup = await serverMarkup(url);
  window.history.replaceState(null, '', url);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = markup;
  document.body.append(container);
  const serverButton = container.querySelector('button[type="submit"], a[href="/forgot-password"]');
  const complaints = collectComplaints();
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <App />
      </StrictMode>,
      { onRecoverableError: (error) => void complaints.push(error) },
    );
  });
  // Hydrated once React has taken over the server's own elements (the lazily loaded pages arrive later).
  await waitFor(() => expect(Object.keys(serverButton ?? {}).some((key) => key.startsWith('__reactProps'))).toBe(true));
  return { markup, container, serverButton, complaints };
}

describe('prerendered signed-out pages', () => {
  it.each([
    ['/login', 'Sign in', 'Sign in'],
    ['/forgot-password', 'Reset your password', 'Send Reset Link'],
    ['/page-change-password?token=from-the-link', 'Choose a new password', 'Change Password'],
    ['/page-change-password', 'Invalid Reset Link', undefined],
  ])('%s: the server renders the page with the configured provider, and the app hydrates it as it is', async (url, heading, button) => {
    const { markup, container, serverButton, complaints } = await hydrate(url);

    expect(markup).toContain(`>${heading}</h1>`);
    if (button) expect(markup).toMatch(new RegExp(`<button[^>]*type="submit"[^>]*>.*${button}</span>`));
    expect(markup).toContain('Northwind Managed IT');
    expect(markup).not.toContain('<script');
    expect(complaints).toEqual([]);
    // The server's elements are the ones on the page: hydration did not replace them.
    expect(container.querySelector('button[type="submit"], a[href="/forgot-password"]')).toBe(serverButton);
    expect(container.querySelector('h1')?.textContent).toBe(heading);
  });

  it('the sign-in page shows the support contact of the configuration', async () => {
    const markup = await serverMarkup('/login');
    expect(markup).toContain('href="tel:+15550104242"');
    expect(markup).toContain('help@northwind-it.example');
  });

  it('text typed before hydration is what the form sends', async () => {
    const markup = await serverMarkup('/login');
    window.history.replaceState(null, '', '/login');
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = markup;
    document.body.append(container);
    // Typed (or filled in by the browser) while the app's script was still on its way.
    const username = container.querySelector<HTMLInputElement>('input[data-path="username"]');
    if (!username) throw new Error('no username input in the markup');
    username.value = 'dana.reyes@northwind.example';
    const complaints = collectComplaints();
    await act(async () => {
      root = hydrateRoot(container, <App />, { onRecoverableError: (error) => void complaints.push(error) });
    });
    const submit = container.querySelector<HTMLButtonElement>('button[type="submit"]');
    await act(async () => submit?.click());
    // The username counts as given; only the password is missing.
    await waitFor(() => expect(container.textContent).toContain('Password is required'));
    expect(container.textContent).not.toContain('Username is required');
    expect(complaints).toEqual([]);
  });
});

describe('the markup is for signed-out visitors only', () => {
  it('a stored session makes the first render another one (main.tsx then renders instead of hydrating)', async () => {
    const { opensSignedOut } = await import('../shared/session');
    expect(opensSignedOut({ pathname: '/login', search: '' })).toBe(true);
    expect(opensSignedOut({ pathname: '/login', search: '?token=impersonation' })).toBe(false);
    localStorage.setItem('userDetails', JSON.stringify(aStoredSession()));
    expect(opensSignedOut({ pathname: '/login', search: '' })).toBe(false);
    // Opening the password-change page ends any session: it is shown signed out.
    expect(opensSignedOut({ pathname: '/page-change-password', search: '?token=abc' })).toBe(true);
  });
});

describe('the skeletons of the signed-in screens', () => {
  const section = (path: string) => {
    const found = PORTAL_SECTIONS.find((candidate) => candidate.path === path);
    if (!found) throw new Error(`no section ${path}`);
    return found;
  };

  it('draw the shell and the screen’s heading, inside one element that is hidden from assistive technology and inert', async () => {
    const markup = await prerenderSignedInSkeleton(section('/apps'));
    expect(markup).toMatch(/^<div id="signed-in-skeleton" aria-hidden="true" inert="" style="position:fixed;[^"]*"><style>/);
    expect(markup.endsWith('</div>')).toBe(true);
    expect(markup).toContain('>Apps</h1>');
    expect(markup).toContain('>Open the applications your organization subscribes to.</p>');
    expect(markup).toContain('Northwind Managed IT');
    expect(markup).not.toContain('<script');
    // One element: Mantine's style elements (its CSS variables) are inside it, so removing it leaves nothing behind.
    const container = document.createElement('div');
    container.innerHTML = markup;
    expect(container.children).toHaveLength(1);
  });

  it('word a purpose that depends on the user’s roles both ways, each marked with the role the stylesheet shows it for', async () => {
    const markup = await prerenderSignedInSkeleton(section('/services'));
    expect(markup).toContain(
      '<span data-with-role="billing_group">The services your organization subscribes to, their status and what they cost each month.</span>',
    );
    expect(markup).toContain('<span data-without-role="billing_group">The services your organization subscribes to and their status.</span>');
    expect(markup).toContain('html[data-portal-signed-in~="billing_group"] #signed-in-skeleton [data-without-role="billing_group"] { display: none; }');
  });

  it('word the tickets’ and the IT Asset Manager’s purposes for administrators and technical contacts (decision 0031)', async () => {
    /** The purposes the skeleton's stylesheet leaves shown for a user with these roles, as /color-scheme.js marks them. */
    async function purposesShown(path: string, roles: string): Promise<string[]> {
      const container = document.createElement('div');
      container.innerHTML = await prerenderSignedInSkeleton(section(path));
      document.body.append(container);
      document.documentElement.setAttribute('data-portal-signed-in', roles);
      try {
        const hidden = new Set<Element>();
        for (const rule of container.querySelector('style')!.textContent!.split('\n')) {
          for (const element of document.querySelectorAll(rule.replace(/\s*\{[^}]*\}\s*$/, ''))) hidden.add(element);
        }
        const worded = [...container.querySelectorAll('[data-with-role], [data-without-role]')];
        return worded
          .filter((element) => !hidden.has(element) && ![...hidden].some((parent) => parent.contains(element)))
          .map((element) => element.textContent!);
      } finally {
        container.remove();
        document.documentElement.removeAttribute('data-portal-signed-in');
      }
    }
    expect(await purposesShown('/tickets', 'admin_group')).toEqual(['All tickets for your organization']);
    expect(await purposesShown('/tickets', 'technical_group')).toEqual(['All tickets for your organization']);
    expect(await purposesShown('/tickets', 'admin_group technical_group')).toEqual(['All tickets for your organization']);
    expect(await purposesShown('/tickets', 'billing_group')).toEqual(['Your assigned tickets']);
    expect(await purposesShown('/tickets', '')).toEqual(['Your assigned tickets']);
    expect(await purposesShown('/it-assets', 'admin_group')).toEqual(['Your hardware, vendors, stored credentials and support tools, in one place.']);
    expect(await purposesShown('/it-assets', 'technical_group')).toEqual(['Your hardware, vendors and support tools, in one place.']);
    expect(await purposesShown('/services', 'billing_group technical_group')).toEqual([
      'The services your organization subscribes to, their status and what they cost each month.',
    ]);
  });

  it('leave out what depends on who is signed in: the names in a heading (empty slots), the sidebar’s links', async () => {
    const markup = await prerenderSignedInSkeleton(section('/dashboard'));
    expect(markup).toContain('>Dashboard</h1>');
    // The dashboard's own wording, with an empty slot for each name; nobody's name.
    expect(markup).toContain(
      '<span data-portal-session-text="">Welcome back, <span data-portal-session="firstname"></span>. Here is <span data-portal-session="account.name"></span> at a glance.</span>',
    );
    expect(markup).not.toMatch(/data-portal-session="[^"]*">[^<]/);
    expect(markup).not.toContain('href="/users"');
  });

  it('show the dashboard’s greeting once /color-scheme.js has filled it from the stored session, a grey line until then', async () => {
    const markup = await prerenderSignedInSkeleton(section('/dashboard'));
    const script = readFileSync(resolve(__dirname, '../../public/color-scheme.js'), 'utf8');
    const greeting = () => document.querySelector('[data-portal-session-text]');
    const placeholder = () => document.querySelector('[data-portal-session-placeholder]');
    const shown = (element: Element | null) => element !== null && getComputedStyle(element).display !== 'none';
    onTestFinished(() => {
      document.documentElement.removeAttribute('data-portal-signed-in');
      document.documentElement.removeAttribute('data-portal-session-filled');
    });
    const skeletonWith = (session: unknown) => {
      document.documentElement.removeAttribute('data-portal-signed-in');
      document.documentElement.removeAttribute('data-portal-session-filled');
      document.body.innerHTML = markup;
      if (session) localStorage.setItem('userDetails', JSON.stringify(session));
      new Function(script)();
    };

    skeletonWith(aStoredSession());
    // The paragraph the page's own greeting is painted in (PageHeader's), with the same text.
    const { dashboardGreeting } = await import('../features/dashboard/components/DashboardPage');
    expect(greeting()?.closest('p')?.textContent).toBe(dashboardGreeting('Dana', 'Northwind Traders'));
    expect(shown(greeting())).toBe(true);
    expect(shown(placeholder())).toBe(false);

    skeletonWith({ ...aStoredSession(), account: { billing_api_id: null, name: '' } });
    expect(shown(greeting())).toBe(false);
    expect(shown(placeholder())).toBe(true);

    // Nobody signed in: no skeleton at all, and the greeting not filled.
    localStorage.clear();
    skeletonWith(null);
    expect(shown(document.getElementById('signed-in-skeleton'))).toBe(false);
    expect(shown(greeting())).toBe(false);
  });
});
