import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InventoryStats, Vendor } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../../../test/fixtures';
import { aCredential, anAsset } from '../inventory.fixture';
import { failure, ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { PASSWORD_HIDDEN } from './CredentialCard';
import { CREATE_FAILED } from '../inventory-display';
import { ItAssetsPage, IT_ASSETS_TECHNICAL_DESCRIPTION, LOAD_FAILED, LOAD_FAILED_TITLE } from './ItAssetsPage';

afterEach(() => vi.unstubAllGlobals());

/** The whole screen, the credential vault's part included, is an administrator's. */
const ADMIN = aStoredSession({ admin_group: true });

const STATS: InventoryStats = { total_assets: 2, active_assets: 1, vendors: 1, credentials: 2, matching_assets: 2 };
const VENDOR: Vendor = { id: 1, name: 'CDW', contact_person: 'Megan Walsh', email: 'megan@cdw.example', phone: '+13125550115', website: null };
const HIDDEN = aCredential({ id: 8, service_name: 'Domain Administrator', password: null, password_hidden: true });

const everythingLoads = () => ({
  'GET /api/crm/assets/stats': ok(STATS),
  'GET /api/crm/assets': ok([anAsset(), anAsset({ id: 2, name: 'Old Router', status: 'retired', assigned_to: 'Grace Liu', warranty_expires: '2027-01-15' })]),
  'GET /api/crm/vendors': ok([VENDOR]),
  'GET /api/crm/credentials': ok([aCredential(), HIDDEN]),
});

describe('ItAssetsPage', () => {
  it('loads the counters, assets, vendors and credentials together and shows the Overview with Recent Assets', async () => {
    const fetchMock = stubApi(everythingLoads());
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets', session: ADMIN });
    expect(await screen.findByRole('group', { name: 'Total Assets' })).toHaveTextContent('2');
    expect(screen.getByRole('table', { name: 'Recent Assets' })).toHaveTextContent('Fortinet FortiGate 60F');
    expect(screen.queryByRole('button', { name: 'Add Credential' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://portal.test').pathname).sort()).toEqual([
      '/api/crm/assets',
      '/api/crm/assets/stats',
      '/api/crm/credentials',
      '/api/crm/vendors',
    ]);
  });

  it('offers Retry under the spec’s texts when everything fails, and reloads', async () => {
    const user = userEvent.setup();
    let fail = true;
    const routes = everythingLoads();
    const failing = Object.fromEntries(Object.entries(routes).map(([key, answer]) => [key, () => (fail ? failure(500, 'boom') : answer.clone())]));
    stubApi(failing);
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets', session: ADMIN });
    expect(await screen.findByText(LOAD_FAILED_TITLE)).toBeInTheDocument();
    expect(screen.getByText(LOAD_FAILED)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('group', { name: 'Total Assets' })).toBeInTheDocument();
  });

  it('shows the Vendors tab opened by its address, with its phone numbers formatted and dialable', async () => {
    stubApi(everythingLoads());
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=vendors', session: ADMIN });
    const vendor = await screen.findByRole('article', { name: 'CDW' });
    expect(within(vendor).getByRole('link', { name: '(312) 555-0115' })).toHaveAttribute('href', 'tel:+13125550115');
  });

  it('leaves only the failed list empty when one call fails', async () => {
    stubApi({ ...everythingLoads(), 'GET /api/crm/vendors': failure(500, 'boom') });
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=credentials', session: ADMIN });
    expect(await screen.findByRole('article', { name: 'FortiGate Firewall' })).toBeInTheDocument();
    expect(screen.queryByText(LOAD_FAILED_TITLE)).not.toBeInTheDocument();
  });

  it('masks a password with eight bullets, reads it through the recorded reveal call, and says when an administrator hid one', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ ...everythingLoads(), 'POST /api/crm/credentials/7/reveal': ok({ id: 7, password: 'Copper-Orbit-7731!' }) });
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=credentials', session: ADMIN });
    const card = await screen.findByRole('article', { name: 'FortiGate Firewall' });
    expect(card).toHaveTextContent('••••••••');
    expect(screen.getByRole('article', { name: 'Domain Administrator' })).toHaveTextContent(PASSWORD_HIDDEN);
    await user.click(within(card).getByRole('button', { name: 'Show the password of FortiGate Firewall' }));
    expect(await within(card).findByText('Copper-Orbit-7731!')).toBeInTheDocument();
    const reveal = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/reveal'));
    expect(JSON.parse(String(reveal?.[1]?.body))).toEqual({ purpose: 'show' });
  });

  it('keeps Add disabled without a Service Name, and a failed create keeps the modal open and says what failed', async () => {
    const user = userEvent.setup();
    stubApi({
      ...everythingLoads(),
      'POST /api/crm/credentials': failure(400, 'URL must start with http:// or https://', { url: 'URL must start with http:// or https://' }),
    });
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=credentials', session: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Add Credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Credential' });
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Service Name/ }), 'Printer Admin');
    expect(add).toBeEnabled();
    expect(within(dialog).getByRole('textbox', { name: 'URL' })).toHaveAttribute('type', 'url');
    expect(within(dialog).getByRole('textbox', { name: 'Notes' })).toHaveAttribute('rows', '3');
    await user.click(add);
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(CREATE_FAILED);
    expect(alert).toHaveTextContent('URL must start with http:// or https://');
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Add New Credential' })).toBeInTheDocument());
  });

  describe('for a technical contact (decision 0031)', () => {
    const TECHNICAL = aStoredSession({ technical_group: true });
    const withoutVault = () => {
      const { 'GET /api/crm/credentials': _credentials, ...rest } = everythingLoads();
      return rest;
    };
    const paths = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://portal.test').pathname);

    it('offers Overview, Assets, Vendors and Support Tools, three counters, and nothing of the vault', async () => {
      const fetchMock = stubApi(withoutVault());
      renderSignedIn(<ItAssetsPage supportToolsTab={<p>The support tools</p>} />, { route: '/it-assets', session: TECHNICAL });
      expect(await screen.findByRole('group', { name: 'Total Assets' })).toHaveTextContent('2');
      expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Overview', 'Assets', 'Vendors', 'Support Tools']);
      expect(screen.getByRole('group', { name: 'Vendors' })).toHaveTextContent('1');
      expect(screen.queryByRole('group', { name: 'Credentials' })).not.toBeInTheDocument();
      expect(screen.getByText(IT_ASSETS_TECHNICAL_DESCRIPTION)).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Credential Vault/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add Credential' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Passwords are sealed at rest/)).not.toBeInTheDocument();
      // The credentials are never asked for (the server would refuse them).
      expect(paths(fetchMock)).not.toContain('/api/crm/credentials');

      await userEvent.click(screen.getByRole('tab', { name: 'Support Tools' }));
      expect(await screen.findByText('The support tools')).toBeInTheDocument();
    });

    it('opens the Overview, not the credentials, for an address that names the Credentials tab', async () => {
      const fetchMock = stubApi(withoutVault());
      renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=credentials', session: TECHNICAL });
      expect(await screen.findByRole('table', { name: 'Recent Assets' })).toHaveTextContent('Edge Firewall');
      expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
      expect(screen.queryByRole('article', { name: 'FortiGate Firewall' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add Credential' })).not.toBeInTheDocument();
      expect(paths(fetchMock)).not.toContain('/api/crm/credentials');
    });

    it('shows the assets and an asset’s detail, read only', async () => {
      const user = userEvent.setup();
      stubApi({ ...withoutVault(), 'GET /api/crm/assets/2': ok(anAsset({ id: 2, name: 'Old Router', status: 'retired', assigned_to: 'Grace Liu' })) });
      renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=assets', session: TECHNICAL });
      await user.click(await screen.findByRole('button', { name: /Old Router.*details/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Old Router' });
      expect(dialog).toHaveTextContent('Grace Liu');
      expect(within(dialog).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
    });

    it('offers Retry when the assets and vendors both fail, without waiting for credentials it never asks for', async () => {
      stubApi({ ...withoutVault(), 'GET /api/crm/assets': failure(500, 'boom'), 'GET /api/crm/vendors': failure(500, 'boom') });
      renderSignedIn(<ItAssetsPage />, { route: '/it-assets', session: TECHNICAL });
      expect(await screen.findByText(LOAD_FAILED_TITLE)).toBeInTheDocument();
    });
  });
});
