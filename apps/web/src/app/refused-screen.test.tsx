import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aStoredSession } from '../test/fixtures';
import { stubFetchForEachTest } from '../test/fetch-stub';
import { currentPath, renderWithProviders } from '../test/render';
import { PORTAL_SECTIONS } from './portal-sections';
import { AppRoutes } from './router';

/**
 * Decision 0031: a link to a screen the user may not open lands on /apps, as spec §2 says, and /apps says why: which
 * screen, and who can grant it. Read out by screen readers, and dismissible.
 */
const network = stubFetchForEachTest();

const NO_BILLING = "You don't have access to Billing. Ask an administrator of your account for billing access.";
const NO_USERS = "You don't have access to Users. Ask an administrator of your account for administrator access.";
const NO_IT_ASSETS = "You don't have access to the IT Asset Manager. Ask an administrator of your account for technical or administrator access.";
const NO_VAULT = "You don't have access to the Credential Vault. Ask an administrator of your account for administrator access.";

/** Every call the screens make stays unanswered: only the routes are under test. */
const quietNetwork = () => network.fetch.mockImplementation(() => new Promise<Response>(() => undefined));

async function landsOnAppsSaying(path: string, session: ReturnType<typeof aStoredSession>, message: string) {
  quietNetwork();
  renderWithProviders(<AppRoutes />, { route: path, session });
  expect(await screen.findByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
  expect(currentPath()).toBe('/apps');
  return screen.findByText(message);
}

describe('a screen the user may not open', () => {
  it.each([
    ['/billing', aStoredSession({ admin_group: true }), NO_BILLING],
    ['/users', aStoredSession({ billing_group: true }), NO_USERS],
    ['/users', aStoredSession({ technical_group: true }), NO_USERS],
    ['/it-assets', aStoredSession({ billing_group: true }), NO_IT_ASSETS],
    ['/it-assets/vault', aStoredSession({ technical_group: true }), NO_VAULT],
    ['/it-assets/vault', aStoredSession(), NO_VAULT],
  ])('%s lands on /apps, which says why and who can grant it', async (path, session, message) => {
    const notice = await landsOnAppsSaying(path, session, message);
    // A polite live region that was on the page before its text, so it is read out.
    const region = notice.closest('[role="status"]');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveAttribute('aria-atomic', 'true');
    expect(screen.getAllByText(/You don't have access to/)).toHaveLength(1);
  });

  it('is dismissed with its button, which hands the focus to the page', async () => {
    const user = userEvent.setup();
    await landsOnAppsSaying('/billing', aStoredSession(), NO_BILLING);
    const notice = screen.getByRole('region', { name: 'Screen not available' });
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(NO_BILLING)).not.toBeInTheDocument());
    expect(document.activeElement).toHaveAttribute('id', 'main-content');
    expect(currentPath()).toBe('/apps');
  });

  it('is gone once the user goes on to another screen', async () => {
    const user = userEvent.setup();
    await landsOnAppsSaying('/users', aStoredSession(), NO_USERS);
    await user.click(screen.getByRole('link', { name: 'Services' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Enterprise Services' })).toBeInTheDocument();
    expect(screen.queryByText(NO_USERS)).not.toBeInTheDocument();
  });

  it('says nothing for an unknown path, or for a screen the user may open', async () => {
    quietNetwork();
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/no/such/screen', session: aStoredSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    expect(screen.queryByText(/You don't have access to/)).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<AppRoutes />, { route: '/billing/no-such-tab', session: aStoredSession({ billing_group: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Apps' })).toBeInTheDocument();
    expect(screen.queryByText(/You don't have access to/)).not.toBeInTheDocument();
  });

  it('has a sentence for every screen that requires a flag', () => {
    for (const section of PORTAL_SECTIONS.filter((candidate) => candidate.requires)) {
      expect(section.refused, section.path).toMatch(/^You don't have access to .+\. Ask an administrator of your account for .+ access\.$/);
    }
  });
});

describe('a technical contact (decision 0031)', () => {
  it('opens the IT Asset Manager from the sidebar, and gets neither Users nor Billing', async () => {
    quietNetwork();
    renderWithProviders(<AppRoutes />, { route: '/apps', session: aStoredSession({ technical_group: true }) });
    await screen.findByRole('heading', { level: 1, name: 'Apps' });
    expect(screen.getByRole('link', { name: 'IT Asset Manager' })).toHaveAttribute('href', '/it-assets');
    expect(screen.queryByRole('link', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Billing' })).not.toBeInTheDocument();
  });

  it('is served /it-assets, whose opening data leaves out the credentials', async () => {
    const asked: string[] = [];
    network.fetch.mockImplementation(async (input) => {
      asked.push(new URL(String(input), 'http://portal.test').pathname);
      return new Promise<Response>(() => undefined);
    });
    renderWithProviders(<AppRoutes />, { route: '/it-assets', session: aStoredSession({ technical_group: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'IT Asset Manager' })).toBeInTheDocument();
    expect(currentPath()).toBe('/it-assets');
    await waitFor(() => expect(asked).toContain('/api/crm/vendors'));
    expect(asked).not.toContain('/api/crm/credentials');
  });
});
