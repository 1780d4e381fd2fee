import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aLoginResult, aStoredSession, jsonResponse } from '../test/fixtures';
import { currentPath, currentSearch, renderWithProviders } from '../test/render';
import { AppRoutes } from './router';
import { stubFetchForEachTest } from '../test/fetch-stub';
import { SIGNED_IN_SKELETON_ID } from './signed-in-skeleton';

const network = stubFetchForEachTest();

async function expectPage(path: string, heading: string) {
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  expect(currentPath()).toBe(path);
}

describe('routes when signed out', () => {
  it('sends an unknown path to /login', async () => {
    renderWithProviders(<AppRoutes />, { route: '/no/such/page' });
    await expectPage('/login', 'Sign in');
    expect(currentSearch()).toBe('');
  });

  it('sends signed-in screens to /login', async () => {
    renderWithProviders(<AppRoutes />, { route: '/apps' });
    await expectPage('/login', 'Sign in');
  });

  it('serves the password pages', async () => {
    renderWithProviders(<AppRoutes />, { route: '/forgot-password' });
    await expectPage('/forgot-password', 'Reset your password');
  });

  it('sends a protected address to /login with the way back, and lands on it after signing in', async () => {
    network.fetch.mockImplementation(async (url) =>
      String(url) === '/api/crm/auth/login'
        ? jsonResponse({ errors: false, result: aLoginResult() })
        : jsonResponse({ errors: true, message: 'not in this test' }, 503),
    );
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/tickets/42?status=closed&q=printer' });
    await expectPage('/login', 'Sign in');
    expect(currentSearch()).toBe('?next=%2Ftickets%2F42%3Fstatus%3Dclosed%26q%3Dprinter');
    await user.type(screen.getByLabelText(/username/i), 'dana.reyes@northwind.example');
    await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectPage('/tickets/42', 'Support Tickets');
    expect(currentSearch()).toBe('?status=closed&q=printer');
  });

  it.each(['//evil.example', 'https://evil.example/tickets', '/\\evil.example'])('refuses %s as the way back and lands on /apps', async (next) => {
    network.fetch.mockImplementation(async (url) =>
      String(url) === '/api/crm/auth/login'
        ? jsonResponse({ errors: false, result: aLoginResult() })
        : jsonResponse({ errors: true, message: 'not in this test' }, 503),
    );
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: `/login?next=${encodeURIComponent(next)}` });
    await user.type(await screen.findByLabelText(/username/i), 'dana.reyes@northwind.example');
    await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectPage('/apps', 'Apps');
  });

  it('treats a malformed stored session as signed out', async () => {
    localStorage.setItem('userDetails', '{"email":"only@example.com"}');
    renderWithProviders(<AppRoutes />, { route: '/apps' });
    await expectPage('/login', 'Sign in');
  });
});

describe('routes when signed in', () => {
  it("sends '/' to /apps", async () => {
    renderWithProviders(<AppRoutes />, { route: '/', session: aStoredSession() });
    await expectPage('/apps', 'Apps');
  });

  it('follows a safe ?next= when already signed in on /login', async () => {
    renderWithProviders(<AppRoutes />, { route: '/login?next=%2Fprofile', session: aStoredSession() });
    await expectPage('/profile', 'Profile');
  });

  it('serves a ticket address to every signed-in user', async () => {
    renderWithProviders(<AppRoutes />, { route: '/tickets/42', session: aStoredSession() });
    await expectPage('/tickets/42', 'Support Tickets');
    expect(await screen.findByRole('dialog', { name: 'Ticket details' })).toBeInTheDocument();
  });

  it('sends an unknown path and /login to /apps', async () => {
    renderWithProviders(<AppRoutes />, { route: '/login', session: aStoredSession() });
    await expectPage('/apps', 'Apps');
  });

  it.each([
    ['/profile', 'Profile'],
    ['/services', 'Enterprise Services'],
    ['/tickets', 'Support Tickets'],
    ['/dashboard', 'Dashboard'],
  ])('serves %s to every signed-in user', async (path, heading) => {
    renderWithProviders(<AppRoutes />, { route: path, session: aStoredSession() });
    await expectPage(path, heading);
  });

  it('does not register /users without admin_group', async () => {
    renderWithProviders(<AppRoutes />, { route: '/users', session: aStoredSession({ billing_group: true }) });
    await expectPage('/apps', 'Apps');
  });

  it('does not register /it-assets without admin_group or technical_group', async () => {
    renderWithProviders(<AppRoutes />, { route: '/it-assets', session: aStoredSession() });
    await expectPage('/apps', 'Apps');
  });

  it('serves /users and /it-assets to admins', async () => {
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/users', session: aStoredSession({ admin_group: true }) });
    await expectPage('/users', 'Users');
    unmount();
    renderWithProviders(<AppRoutes />, { route: '/it-assets', session: aStoredSession({ admin_group: true }) });
    await expectPage('/it-assets', 'IT Asset Manager');
  });

  it('does not register /billing without billing_group', async () => {
    renderWithProviders(<AppRoutes />, { route: '/billing', session: aStoredSession({ admin_group: true }) });
    await expectPage('/apps', 'Apps');
  });

  it('serves /billing to the billing group', async () => {
    renderWithProviders(<AppRoutes />, { route: '/billing', session: aStoredSession({ billing_group: true }) });
    await expectPage('/billing', 'Billing');
  });
});

describe('the signed-in shell', () => {
  function sidebarLinks(): string[] {
    const navigation = screen.getByRole('navigation', { name: 'Main navigation' });
    return [...navigation.querySelectorAll('a')].map((link) => link.getAttribute('href') ?? '');
  }

  it('shows neither Billing nor Users to a user without flags', async () => {
    renderWithProviders(<AppRoutes />, { route: '/apps', session: aStoredSession() });
    await screen.findByRole('heading', { level: 1, name: 'Apps' });
    expect(sidebarLinks()).toEqual(expect.arrayContaining(['/profile', '/apps', '/services', '/tickets', '/dashboard']));
    expect(screen.queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'IT Asset Manager' })).not.toBeInTheDocument();
  });

  it('shows Billing to the billing group only', async () => {
    renderWithProviders(<AppRoutes />, { route: '/apps', session: aStoredSession({ billing_group: true }) });
    await screen.findByRole('heading', { level: 1, name: 'Apps' });
    expect(screen.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/billing');
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('shows Users and the IT Asset Manager to the admin group only', async () => {
    renderWithProviders(<AppRoutes />, { route: '/apps', session: aStoredSession({ admin_group: true }) });
    await screen.findByRole('heading', { level: 1, name: 'Apps' });
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(screen.getByRole('link', { name: 'IT Asset Manager' })).toHaveAttribute('href', '/it-assets');
    expect(screen.queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it('marks the current page in the sidebar', async () => {
    renderWithProviders(<AppRoutes />, { route: '/tickets', session: aStoredSession() });
    await screen.findByRole('heading', { level: 1, name: 'Support Tickets' });
    expect(screen.getByRole('link', { name: 'Support Tickets' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Apps' })).not.toHaveAttribute('aria-current');
  });

  it("shows the user's name and e-mail in the header", async () => {
    renderWithProviders(<AppRoutes />, { route: '/apps', session: aStoredSession() });
    const banner = await screen.findByRole('banner');
    expect(banner).toHaveTextContent('Dana Reyes');
    expect(banner).toHaveTextContent('dana.reyes@northwind.example');
  });

  it('signs out from the header menu: revokes the refresh token, clears the session, shows /login and says why', async () => {
    network.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/apps', session: aStoredSession() });
    localStorage.setItem('impersonating', 'true');

    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    await expectPage('/login', 'Sign in');
    expect(screen.getByText('You have been signed out.')).toBeInTheDocument();
    expect(currentSearch()).toBe('');
    expect(localStorage.getItem('userDetails')).toBeNull();
    expect(localStorage.getItem('impersonating')).toBeNull();
    // The Apps screen may have asked for its data first; find the revoke among the calls.
    await waitFor(() => expect(network.fetch.mock.calls.some(([url]) => url === '/api/crm/auth/logout')).toBe(true));
    const [url, init] = network.fetch.mock.calls.find(([calledUrl]) => calledUrl === '/api/crm/auth/logout') ?? [];
    expect(url).toBe('/api/crm/auth/logout');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(JSON.stringify({ refresh_token: 'refresh-token-1' }));
  });
});

describe("the server's skeleton of a signed-in screen (decision 0022)", () => {
  function serverSkeleton(): HTMLElement {
    const skeleton = document.createElement('div');
    skeleton.id = SIGNED_IN_SKELETON_ID;
    document.body.prepend(skeleton);
    return skeleton;
  }

  it('goes in the same commit as the screen appears, not before', async () => {
    const skeleton = serverSkeleton();
    let headingWhenRemoved: string | null | undefined;
    const observer = new MutationObserver(() => {
      if (!skeleton.isConnected && headingWhenRemoved === undefined) headingWhenRemoved = document.querySelector('h1')?.textContent ?? null;
    });
    observer.observe(document.body, { childList: true });
    network.fetch.mockImplementation(() => new Promise<Response>(() => undefined));
    renderWithProviders(<AppRoutes />, { route: '/tickets', session: aStoredSession() });
    await screen.findByRole('heading', { level: 1, name: 'Support Tickets' });
    await waitFor(() => expect(skeleton.isConnected).toBe(false));
    observer.disconnect();
    expect(headingWhenRemoved).toBe('Support Tickets');
  });

  it('goes at once for a visitor who is not signed in', () => {
    const skeleton = serverSkeleton();
    renderWithProviders(<AppRoutes />, { route: '/tickets' });
    expect(skeleton.isConnected).toBe(false);
  });
});

describe("the opening screen's data", () => {
  /** What the app asked the API for, as path and query. */
  function requests() {
    const asked: string[] = [];
    network.fetch.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://portal.test');
      asked.push(`${url.pathname}${url.search}`);
      return new Promise<Response>(() => undefined);
    });
    return asked;
  }

  it('is fetched beside the screen’s code, once: the screen’s own query is the same one', async () => {
    const asked = requests();
    renderWithProviders(<AppRoutes />, { route: '/tickets?status=closed', session: aStoredSession() });
    await screen.findByRole('heading', { level: 1, name: 'Support Tickets' });
    await waitFor(() => expect(asked.filter((request) => request.startsWith('/api/crm/nable-tickets'))).toHaveLength(1));
    expect(asked.find((request) => request.startsWith('/api/crm/nable-tickets'))).toContain('status=closed');
  });

  it('is not fetched for a screen this user may not open', async () => {
    const asked = requests();
    renderWithProviders(<AppRoutes />, { route: '/users', session: aStoredSession() });
    await expectPage('/apps', 'Apps');
    expect(asked.filter((request) => request.startsWith('/api/crm/contacts'))).toEqual([]);
  });
});
