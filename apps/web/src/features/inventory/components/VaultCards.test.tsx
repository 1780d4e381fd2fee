import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Credential, InventoryStats } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../../../test/fixtures';
import { aCredential as aStoredCredential, anAsset } from '../inventory.fixture';
import { ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { PASSWORD_MASK, PASSWORD_SHOWN_FOR_MS, todayIn } from '../inventory-display';
import { EXPIRED, EXPIRES_SOON } from './ExpiryBadge';
import { ItAssetsPage } from './ItAssetsPage';
import { VaultPage } from './VaultPage';

/** Decision 0033: copy without show, a shown password hides again, expiries flagged, the form sets category and expiry. */
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const ADMIN = aStoredSession({ admin_group: true });
/** The stored session's zone (test/fixtures.ts): "today" is the user's. */
const TODAY = todayIn('US/Eastern');
const dayFromToday = (days: number) => {
  const day = new Date(`${TODAY}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
};
const SECRET = 'Copper-Orbit-7731!';

const aCredential = (overrides: Partial<Credential> = {}) => aStoredCredential({ category: 'Network', ...overrides });
const STATS: InventoryStats = { total_assets: 3, active_assets: 3, vendors: 0, credentials: 1, matching_assets: 3 };
const vault = (credentials: Credential[], extra: Record<string, Response | (() => Response)> = {}) => ({
  'GET /api/crm/credentials': () => ok(credentials),
  ...extra,
});
const reveals = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/reveal')).map(([, init]) => JSON.parse(String(init?.body)) as { purpose: string });
const bodyOf = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) => {
  const call = fetchMock.mock.calls.find(([input, init]) => init?.method === method && new URL(String(input), 'http://portal.test').pathname === path);
  return JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>;
};

describe('copying and showing a password', () => {
  it('copies a password without showing it, through the recorded reveal call with purpose copy', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(vault([aCredential()], { 'POST /api/crm/credentials/7/reveal': ok({ id: 7, password: SECRET }) }));
    renderSignedIn(<VaultPage />, { route: '/it-assets/vault', session: ADMIN });
    const card = await screen.findByRole('article', { name: 'FortiGate Firewall' });
    await user.click(within(card).getByRole('button', { name: 'Copy the password of FortiGate Firewall' }));
    expect(await within(card).findByRole('button', { name: /copied/ })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(reveals(fetchMock)).toEqual([{ purpose: 'copy' }]);
    // Never drawn: the card still shows the mask and no trace of the password.
    expect(card).toHaveTextContent(PASSWORD_MASK);
    expect(card).not.toHaveTextContent(SECRET);
  });

  it('hides a shown password again after 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    stubApi(vault([aCredential()], { 'POST /api/crm/credentials/7/reveal': ok({ id: 7, password: SECRET }) }));
    renderSignedIn(<VaultPage />, { route: '/it-assets/vault', session: ADMIN });
    const card = await screen.findByRole('article', { name: 'FortiGate Firewall' });
    await user.click(within(card).getByRole('button', { name: 'Show the password of FortiGate Firewall' }));
    expect(await within(card).findByText(SECRET)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(PASSWORD_SHOWN_FOR_MS - 1_000));
    expect(card).toHaveTextContent(SECRET);
    act(() => vi.advanceTimersByTime(1_000));
    expect(card).not.toHaveTextContent(SECRET);
    expect(card).toHaveTextContent(PASSWORD_MASK);
    expect(within(card).getByRole('button', { name: 'Show the password of FortiGate Firewall' })).toHaveAttribute('aria-pressed', 'false');
  });
});

describe('expiries', () => {
  it('flags a credential that expired and one that expires within 30 days, by the user’s today', async () => {
    stubApi(
      vault([
        aCredential({ id: 1, service_name: 'Old Wi-Fi', expires: dayFromToday(-1) }),
        aCredential({ id: 2, service_name: 'Registrar', expires: dayFromToday(10) }),
        aCredential({ id: 3, service_name: 'Backup Console', expires: dayFromToday(200) }),
        aCredential({ id: 4, service_name: 'Cloudflare', expires: null }),
      ]),
    );
    renderSignedIn(<VaultPage />, { route: '/it-assets/vault', session: ADMIN });
    expect(within(await screen.findByRole('article', { name: 'Old Wi-Fi' })).getByText(EXPIRED)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Registrar' })).getByText(EXPIRES_SOON)).toBeInTheDocument();
    for (const name of ['Backup Console', 'Cloudflare']) expect(within(screen.getByRole('article', { name })).queryByTestId('expiry-badge')).toBeNull();
  });

  it('flags an asset whose warranty has expired or expires soon', async () => {
    stubApi({
      'GET /api/crm/assets/stats': ok(STATS),
      'GET /api/crm/assets': ok([
        anAsset({ id: 1, name: 'Old Router', warranty_expires: dayFromToday(-30) }),
        anAsset({ id: 2, name: 'New Switch', warranty_expires: dayFromToday(5) }),
        anAsset({ id: 3, name: 'Fresh Laptop', warranty_expires: dayFromToday(400) }),
      ]),
      'GET /api/crm/vendors': ok([]),
      'GET /api/crm/credentials': ok([]),
    });
    renderSignedIn(<ItAssetsPage />, { route: '/it-assets?tab=assets', session: ADMIN });
    expect(within(await screen.findByRole('button', { name: /Old Router: details/ })).getByText(EXPIRED)).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /New Switch: details/ })).getByText(EXPIRES_SOON)).toBeInTheDocument();
    expect(within(screen.getByRole('button', { name: /Fresh Laptop: details/ })).queryByTestId('expiry-badge')).toBeNull();
  });
});

describe('the credential form sets the category and the expiry', () => {
  it('sends them with a new credential, and only when filled', async () => {
    const user = userEvent.setup();
    const created = aCredential({ id: 9, service_name: 'Printer Admin', category: 'Printers', expires: '2027-03-31' });
    const fetchMock = stubApi(vault([], { 'POST /api/crm/credentials': ok(created) }));
    renderSignedIn(<VaultPage />, { route: '/it-assets/vault', session: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Add Credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Credential' });
    await user.type(within(dialog).getByRole('textbox', { name: /Service Name/ }), 'Printer Admin');
    await user.type(within(dialog).getByRole('combobox', { name: 'Category' }), 'Printers');
    const expires = within(dialog).getByLabelText('Expires');
    expect(expires).toHaveAttribute('type', 'date');
    await user.type(expires, '2027-03-31');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Credential' })).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'POST', '/api/crm/credentials')).toMatchObject({ title: 'Printer Admin', category: 'Printers', expires: '2027-03-31' });
  });

  it('sends only the spec’s fields when category and expiry are left empty', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(vault([], { 'POST /api/crm/credentials': ok(aCredential({ id: 9, service_name: 'Printer Admin' })) }));
    renderSignedIn(<VaultPage />, { route: '/it-assets/vault', session: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Add Credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Credential' });
    await user.type(within(dialog).getByRole('textbox', { name: /Service Name/ }), 'Printer Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Credential' })).not.toBeInTheDocument());
    expect(Object.keys(bodyOf(fetchMock, 'POST', '/api/crm/credentials')).sort()).toEqual(['notes', 'password', 'title', 'url', 'username']);
  });

  it('shows the stored ones when editing, and sends a change or a clearing of them', async () => {
    const user = userEvent.setup();
    const stored = aCredential({ category: 'Network', expires: '2027-01-15' });
    const fetchMock = stubApi(vault([stored], { 'PATCH /api/crm/credentials/7': ok({ ...stored, category: 'Firewalls', expires: null }) }));
    renderSignedIn(<VaultPage />, { route: '/it-assets/vault', session: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Actions for FortiGate Firewall' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit FortiGate Firewall' });
    const category = within(dialog).getByRole('combobox', { name: 'Category' });
    const expires = within(dialog).getByLabelText('Expires');
    expect(category).toHaveValue('Network');
    expect(expires).toHaveValue('2027-01-15');
    await user.clear(category);
    await user.type(category, 'Firewalls');
    await user.clear(expires);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit FortiGate Firewall' })).not.toBeInTheDocument());
    expect(bodyOf(fetchMock, 'PATCH', '/api/crm/credentials/7')).toMatchObject({ category: 'Firewalls', expires: '' });
  });

  it('takes a category of at most 60 characters, as the server does', async () => {
    const user = userEvent.setup();
    stubApi(vault([]));
    renderSignedIn(<VaultPage />, { route: '/it-assets/vault', session: ADMIN });
    await user.click(await screen.findByRole('button', { name: 'Add Credential' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Credential' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Category' }), 'x'.repeat(70));
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveValue('x'.repeat(60));
  });
});
