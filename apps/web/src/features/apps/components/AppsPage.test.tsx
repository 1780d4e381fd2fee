import type { AppTile } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../../../test/fixtures';
import { currentPath } from '../../../test/render';
import { failure, ok, pending, renderSignedIn, stubApi } from '../../../test/signed-in';
import { AppsPage } from './AppsPage';
import { APP_COMING_SOON } from './AppTileCard';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const tile = (overrides: Partial<AppTile>): AppTile => ({
  id: 'itp_voice',
  name: 'ITP Voice',
  description: 'Calls and voicemail.',
  icon: 'phone',
  url: null,
  colour: 'blue',
  api_id: 'itpv-1',
  item_type: 'itp_voice',
  launch: 'token',
  audience: 'user',
  ...overrides,
});

const TILES: AppTile[] = [
  tile({}),
  tile({ id: 'paylink360', name: 'PayLink360', icon: 'credit-card', item_type: 'paylink360', api_id: 'pl-1' }),
  tile({ id: 'office365', name: 'Microsoft 365', icon: 'brand-office', launch: 'external', url: 'https://portal.office.com/', api_id: null }),
  tile({ id: 'google_workspace', name: 'Google Workspace', icon: 'brand-google', launch: 'unavailable', url: null, api_id: null }),
  tile({ id: 'it_managed_services', name: 'IT Managed Services', icon: 'server-cog', launch: 'internal', url: '/it-assets', audience: 'technical' }),
];

describe('AppsPage', () => {
  it('shows a loading state while the tiles come', () => {
    stubApi({ 'GET /api/portal/apps': pending });
    renderSignedIn(<AppsPage />, { route: '/apps' });
    expect(screen.getByText('Loading your applications').closest('[role="status"]')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the spec’s error under an Error heading, and Retry loads again', async () => {
    let calls = 0;
    stubApi({ 'GET /api/portal/apps': () => (++calls === 1 ? failure(500, 'Database down') : ok(TILES)) });
    renderSignedIn(<AppsPage />, { route: '/apps' });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to load available applications')).toBeInTheDocument();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'ITP Voice' })).toBeInTheDocument();
  });

  it('says so when there are no applications', async () => {
    stubApi({ 'GET /api/portal/apps': ok([]) });
    renderSignedIn(<AppsPage />, { route: '/apps' });
    expect(await screen.findByRole('heading', { name: 'No Applications Available' })).toBeInTheDocument();
    expect(screen.getByText("You don't have access to any applications yet. Contact support if you need assistance.")).toBeInTheDocument();
  });

  it('shows a tile per app, how each opens, and the coming-soon text for one without a link', async () => {
    stubApi({ 'GET /api/portal/apps': ok(TILES) });
    renderSignedIn(<AppsPage />, { route: '/apps', session: aStoredSession({ admin_group: true }) });
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'ITP Voice',
      'PayLink360',
      'Microsoft 365',
      'Google Workspace',
      'IT Managed Services',
    ]);
    const office = screen.getByRole('link', { name: 'Open Microsoft 365 (opens in a new tab)' });
    expect(office).toHaveAttribute('href', 'https://portal.office.com/');
    expect(office).toHaveAttribute('target', '_blank');
    expect(office).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(articles[3]!).getByText(APP_COMING_SOON)).toBeInTheDocument();
    expect(within(articles[3]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(articles[4]!).getByText('Admin & Technical')).toBeInTheDocument();
  });

  it('opens each kind of app its own way, and offers no way to open one without an address', async () => {
    stubApi({
      'GET /api/portal/apps': ok([...TILES, tile({ id: 'sharefile', name: 'ShareFile', icon: 'apps', launch: 'external', url: null, api_id: null })]),
    });
    renderSignedIn(<AppsPage />, { route: '/apps', session: aStoredSession({ admin_group: true }) });
    const tileNamed = async (name: string) => screen.findByRole('article', { name });

    // A token app asks the server for its address first, so it is a button; a plain link could not carry the token.
    for (const name of ['ITP Voice', 'PayLink360']) {
      expect(within(await tileNamed(name)).getByRole('button', { name: `Open ${name} (opens in a new tab)` })).toBeEnabled();
      expect(within(await tileNamed(name)).queryByRole('link')).not.toBeInTheDocument();
    }
    // A portal screen opens in the same tab.
    const internal = within(await tileNamed('IT Managed Services')).getByRole('link', { name: 'Open IT Managed Services' });
    expect(internal).toHaveAttribute('href', '/it-assets');
    expect(internal).not.toHaveAttribute('target');
    // An external app without an address is coming soon, like one the catalogue marks unavailable.
    for (const name of ['Google Workspace', 'ShareFile']) {
      const comingSoon = await tileNamed(name);
      expect(within(comingSoon).getByText(APP_COMING_SOON)).toBeInTheDocument();
      expect(within(comingSoon).queryByRole('link')).not.toBeInTheDocument();
      expect(within(comingSoon).queryByRole('button')).not.toBeInTheDocument();
    }
  });

  it('keeps a token app’s button busy while its address comes, so it is not launched twice', async () => {
    const fetchMock = stubApi({ 'GET /api/portal/apps': ok(TILES), 'POST /api/portal/apps/itp_voice/launch': pending });
    vi.spyOn(window, 'open').mockReturnValue({ opener: {}, location: { href: '' }, close: vi.fn() } as unknown as Window);
    renderSignedIn(<AppsPage />, { route: '/apps' });
    const voice = await screen.findByRole('button', { name: 'Open ITP Voice (opens in a new tab)' });
    await userEvent.click(voice);
    await waitFor(() => expect(voice).toBeDisabled());
    expect(voice).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(voice);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/launch'))).toHaveLength(1);
    // Only the app being launched waits.
    expect(screen.getByRole('button', { name: 'Open PayLink360 (opens in a new tab)' })).toBeEnabled();
  });

  it('takes an admin from the IT managed services tile to /it-assets', async () => {
    stubApi({ 'GET /api/portal/apps': ok(TILES) });
    renderSignedIn(<AppsPage />, { route: '/apps', session: aStoredSession({ admin_group: true }) });
    await userEvent.click(await screen.findByRole('link', { name: 'Open IT Managed Services' }));
    expect(currentPath()).toBe('/it-assets');
  });

  it('opens a token app at the one-time address the server gives', async () => {
    const fetchMock = stubApi({
      'GET /api/portal/apps': ok(TILES),
      'POST /api/portal/apps/itp_voice/launch': ok({ url: 'https://voice.example/?token=one-time&v2=itpv-1' }),
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderSignedIn(<AppsPage />, { route: '/apps' });
    await userEvent.click(await screen.findByRole('button', { name: 'Open ITP Voice (opens in a new tab)' }));
    await waitFor(() => expect(tab.location.href).toBe('https://voice.example/?token=one-time&v2=itpv-1'));
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    const launchCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/launch'));
    expect(new Headers(launchCall![1]!.headers).get('authorization')).toBe('Bearer access-token-1');
  });

  it('closes the blank tab and explains when the launch fails', async () => {
    stubApi({
      'GET /api/portal/apps': ok(TILES),
      'POST /api/portal/apps/paylink360/launch': failure(409, 'This application will be available soon!'),
    });
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderSignedIn(<AppsPage />, { route: '/apps' });
    await userEvent.click(await screen.findByRole('button', { name: 'Open PayLink360 (opens in a new tab)' }));
    expect(await screen.findByText('Could not open PayLink360')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
    const again = screen.getByRole('button', { name: 'Open PayLink360 (opens in a new tab)' });
    expect(again).toBeEnabled();
    expect(again).not.toHaveAttribute('aria-busy');
  });

  it('shows the Admin, Billing and Technical badges only to those groups', async () => {
    stubApi({ 'GET /api/portal/apps': ok(TILES) });
    const { unmount } = renderSignedIn(<AppsPage />, { route: '/apps', session: aStoredSession({ admin_group: true, billing_group: true }) });
    expect(await screen.findByText('Admin')).toBeInTheDocument();
    expect(screen.getByText('Billing')).toBeInTheDocument();
    expect(screen.queryByText('Technical')).not.toBeInTheDocument();
    unmount();
    window.localStorage.clear();

    const technical = renderSignedIn(<AppsPage />, { route: '/apps', session: aStoredSession({ technical_group: true }) });
    expect(await screen.findByText('Technical')).toBeInTheDocument();
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
    expect(screen.queryByText('Billing')).not.toBeInTheDocument();
    technical.unmount();
    window.localStorage.clear();

    renderSignedIn(<AppsPage />, { route: '/apps' });
    await screen.findAllByRole('article');
    expect(screen.queryByText('Admin')).not.toBeInTheDocument();
    expect(screen.queryByText('Billing')).not.toBeInTheDocument();
    expect(screen.queryByText('Technical')).not.toBeInTheDocument();
  });
});
