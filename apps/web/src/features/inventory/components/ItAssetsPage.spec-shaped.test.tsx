import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { specAssets, specShapedCalls } from '@portal/contract/spec-shaped';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../../../test/fixtures';
import { failure, ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { specShapedResponse, specShapedRoutes } from '../../../test/spec-shaped';
import { PASSWORD_HIDDEN } from './CredentialCard';
import { ItAssetsPage, LOAD_FAILED, LOAD_FAILED_TITLE } from './ItAssetsPage';

/*
 * The IT Asset Manager against a portal API that answers exactly as the spec describes
 * (docs/decisions/0029): string ids, the password in the credential's answer, timestamps for
 * expiries, lists that ignore limit, offset and search, and no counts call of ours.
 */

afterEach(() => vi.unstubAllGlobals());

/** The whole screen, the credential vault's part included, is an administrator's. */
const ADMIN = aStoredSession({ admin_group: true });

const NO_COUNTS = { 'GET /api/crm/assets/stats': () => failure(404, 'Not found') };
const specServer = () => ({ ...specShapedRoutes('listAssets', 'getAsset', 'listVendors', 'listCredentials'), ...NO_COUNTS });
const pathsCalled = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://portal.test').pathname);

describe('ItAssetsPage against a spec-shaped API', () => {
  it('counts Total Assets, Active Assets, Vendors and Credentials from the lists and shows the Recent Assets', async () => {
    const fetchMock = stubApi(specServer());
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets', session: ADMIN });
    expect(await screen.findByRole('group', { name: 'Total Assets' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Active Assets' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Vendors' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Credentials' })).toHaveTextContent('2');
    const rows = within(screen.getByRole('table', { name: 'Recent Assets' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Front desk PC');
    expect(rows[1]).toHaveTextContent('Dell OptiPlex 7010');
    expect(rows[1]).toHaveTextContent('Desktop');
    expect(rows[1]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('Reception');
    expect(rows[2]).toHaveTextContent('Core switch');
    expect(rows[2]).toHaveTextContent('Maintenance');
    // The list it opened with holds every asset: it is not asked for twice.
    expect(pathsCalled(fetchMock).filter((path) => path === '/api/crm/assets')).toHaveLength(1);
  });

  it('shows a card per asset with Unassigned and a Warranty of N/A, searches on the screen, and opens an asset by its string id', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(specServer());
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=assets', session: ADMIN });
    const desk = await screen.findByRole('button', { name: 'Front desk PC: details' });
    expect(desk).toHaveTextContent('Desktop · Dell OptiPlex 7010');
    expect(desk).toHaveTextContent('SN-0001');
    expect(desk).toHaveTextContent('Assigned ToUnassigned');
    expect(desk).toHaveTextContent('Purchase DateMar 15, 2024');
    expect(desk).toHaveTextContent('Warranty ExpiresN/A');
    expect(screen.getByRole('button', { name: 'Core switch: details' })).toHaveTextContent('Warranty ExpiresNov 1, 2026');
    expect(screen.getByText('2 assets')).toBeInTheDocument();

    // The API ignores the search: the screen searches the list itself.
    await user.type(screen.getByRole('textbox', { name: 'Search assets' }), 'fay');
    expect(await screen.findByText('1 asset match')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Front desk PC: details' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Core switch: details' }));
    expect(await screen.findByRole('dialog', { name: 'Core switch' })).toBeInTheDocument();
    expect(pathsCalled(fetchMock)).toContain('/api/crm/assets/AST-2');
  });

  it('pages on the screen when the API answers every asset, whatever page it was asked for', async () => {
    const user = userEvent.setup();
    const thirty = Array.from({ length: 30 }, (_, index) => ({
      ...specAssets[0]!,
      id: `AST-${index + 1}`,
      name: `Laptop ${index + 1}`,
      status: index < 20 ? 'active' : 'retired',
    }));
    stubApi({ ...specServer(), 'GET /api/crm/assets': () => ok(thirty) });
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=assets', session: ADMIN });
    expect(await screen.findByText('30 assets')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Laptop \d+: details$/ })).toHaveLength(24);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('button', { name: 'Laptop 25: details' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Laptop \d+: details$/ })).toHaveLength(6);
    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    expect(await screen.findByRole('group', { name: 'Total Assets' })).toHaveTextContent('30');
    expect(screen.getByRole('group', { name: 'Active Assets' })).toHaveTextContent('20');
  });

  it('asks for the whole list when the first page it got is exactly full, as it may be cut off', async () => {
    const full = Array.from({ length: 24 }, (_, index) => ({ ...specAssets[1]!, id: `AST-${index + 1}`, name: `Switch ${index + 1}` }));
    const fetchMock = stubApi({ ...specServer(), 'GET /api/crm/assets': () => ok(full) });
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets', session: ADMIN });
    const total = await screen.findByRole('group', { name: 'Total Assets' });
    // Unknown ('—') until the whole list has answered.
    await waitFor(() => expect(total).toHaveTextContent('24'));
    const assetCalls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://portal.test')).filter((url) => url.pathname === '/api/crm/assets');
    expect(assetCalls.map((url) => url.searchParams.get('limit'))).toEqual(['24', null]);
  });

  it('links a vendor’s e-mail, phone and site', async () => {
    stubApi(specServer());
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=vendors', session: ADMIN });
    const dell = await screen.findByRole('article', { name: 'Dell' });
    expect(dell).toHaveTextContent('Contact Person: Pat Sales');
    expect(within(dell).getByRole('link', { name: 'pat@dell.example' })).toHaveAttribute('href', 'mailto:pat@dell.example');
    expect(within(dell).getByRole('link', { name: /555/ })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
    expect(within(dell).getByRole('link', { name: 'Visit Site of Dell' })).toHaveAttribute('href', 'https://dell.example');
    const cisco = screen.getByRole('article', { name: 'Cisco' });
    expect(cisco).toHaveTextContent('Contact Person: —');
    expect(within(cisco).queryByRole('link')).not.toBeInTheDocument();
  });

  it('masks the password the answer carries, shows and copies it without a reveal call, and says when an administrator hid one', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(specServer());
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=credentials', session: ADMIN });
    const router = await screen.findByRole('article', { name: 'Router admin' });
    expect(router).toHaveTextContent('••••••••');
    expect(router).not.toHaveTextContent('S3cret-Router!');
    expect(router).toHaveTextContent('ExpiresJan 31, 2027');
    // Copy needs no Show first (docs/decisions/0033): the password the answer carries goes to the clipboard unseen.
    await user.click(within(router).getByRole('button', { name: 'Copy the password of Router admin' }));
    expect(await navigator.clipboard.readText()).toBe('S3cret-Router!');
    expect(router).not.toHaveTextContent('S3cret-Router!');
    await navigator.clipboard.writeText('');

    await user.click(within(router).getByRole('button', { name: 'Show the password of Router admin' }));
    expect(within(router).getByText('S3cret-Router!')).toBeInTheDocument();
    await user.click(within(router).getByRole('button', { name: /^Copy the password of Router admin/ }));
    expect(await navigator.clipboard.readText()).toBe('S3cret-Router!');
    await user.click(within(router).getByRole('button', { name: 'Hide the password of Router admin' }));
    expect(router).toHaveTextContent('••••••••');

    const payroll = screen.getByRole('article', { name: 'Payroll portal' });
    expect(payroll).toHaveTextContent(PASSWORD_HIDDEN);
    expect(payroll).toHaveTextContent('ExpiresNever');
    expect(within(payroll).queryByRole('button', { name: /password of Payroll portal/ })).not.toBeInTheDocument();
    expect(pathsCalled(fetchMock).filter((path) => path.endsWith('/reveal'))).toEqual([]);
  });

  it('appends the new credential the create call answers to the list, before the list is reloaded', async () => {
    const user = userEvent.setup();
    let created = false;
    let answerReload: (response: Response) => void = () => undefined;
    const withNewOne = ok([...specShapedCalls.listCredentials.answer, specShapedCalls.createCredential.answer]);
    stubApi({
      ...specServer(),
      // The reload after the create waits: until it answers, the card can only come from the create's answer.
      'GET /api/crm/credentials': () => (created ? new Promise<Response>((resolve) => (answerReload = resolve)) : specShapedResponse('listCredentials')),
      'POST /api/crm/credentials': () => {
        created = true;
        return specShapedResponse('createCredential');
      },
    });
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=credentials', session: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Add Credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Credential' });
    await user.type(within(dialog).getByRole('textbox', { name: /Service Name/ }), 'Wi-Fi guest');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const card = await screen.findByRole('article', { name: 'Wi-Fi guest' });
    expect(card).toHaveTextContent('••••••••');
    expect(card).toHaveTextContent('ExpiresNever');
    answerReload(withNewOne);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Credential' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('article', { name: 'Wi-Fi guest' })).toHaveLength(1);
  });

  it('shows the spec’s error when its three loads fail, even with our counts answering, and Retry reloads', async () => {
    const user = userEvent.setup();
    let fail = true;
    const spec = specServer();
    stubApi({
      ...Object.fromEntries(Object.entries(spec).map(([key, answer]) => [key, () => (fail ? failure(500, 'boom') : answer())])),
      'GET /api/crm/assets/stats': () => ok({ total_assets: 2, active_assets: 1, vendors: 2, credentials: 2, matching_assets: 2 }),
    });
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets', session: ADMIN });
    expect(await screen.findByText(LOAD_FAILED_TITLE)).toBeInTheDocument();
    expect(screen.getByText(LOAD_FAILED)).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Total Assets' })).not.toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('table', { name: 'Recent Assets' })).toHaveTextContent('Front desk PC');
    expect(screen.queryByText(LOAD_FAILED_TITLE)).not.toBeInTheDocument();
  });

  it('leaves only a failed list empty, and counts it as none', async () => {
    stubApi({ ...specServer(), 'GET /api/crm/vendors': () => failure(500, 'boom') });
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets', session: ADMIN });
    expect(await screen.findByRole('group', { name: 'Total Assets' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Vendors' })).toHaveTextContent('0');
    expect(screen.queryByText(LOAD_FAILED_TITLE)).not.toBeInTheDocument();
  });
});
