import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MOBILE_NUMBER_INVALID, type AccountUser } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, pending, renderSignedIn, stubApi } from '../../../test/signed-in';
import { UsersPage } from './UsersPage';

afterEach(() => vi.unstubAllGlobals());

const aUser = (pk: number, overrides: Partial<AccountUser> = {}): AccountUser => ({
  pk,
  firstname: `First${pk}`,
  lastname: `Last${pk}`,
  full_name: `First${pk} Last${pk}`,
  email: `user${pk}@acme.example`,
  mobile: null,
  admin_group: false,
  billing_group: false,
  technical_group: false,
  time_zone: 'US/Eastern',
  account_id: 1,
  date_created: '2026-01-01T00:00:00.000Z',
  licenses_count: 0,
  licenses: [],
  invitation_pending: false,
  ...overrides,
});
const HELD_SEAT = { pk: 5, service_id: 9, service_name: 'ITP Voice Business Seat' };
const STATS = { total: 120, admins: 2, billing: 5, technical: 7, matching: 120 };
const VOICE = [{ service_id: 9, name: 'ITP Voice Business Seat', description: 'Head office', seats: 3, seats_used: 2 }];

const render = () => renderSignedIn(<UsersPage />, { route: '/users' });

/** A screen as wide as Mantine's `lg` breakpoint: the users are a table (below it, one card per user). */
function onAWideScreen() {
  const matchMedia = window.matchMedia;
  vi.stubGlobal('matchMedia', (query: string) => ({ ...matchMedia(query), matches: query === '(min-width: 75em)' }));
}

describe('UsersPage', () => {
  it('shows Admin / Users, the four cards, the table of spec columns and a paginator with ellipses', async () => {
    stubApi({
      'GET /api/crm/contacts': ok([
        aUser(1, {
          admin_group: true,
          billing_group: true,
          licenses_count: 2,
          licenses: [HELD_SEAT, { pk: 6, service_id: 10, service_name: 'ITP Voice Branch Seat' }],
        }),
        aUser(2, { invitation_pending: true }),
      ]),
      'GET /api/crm/contacts/stats': ok(STATS),
    });
    onAWideScreen();
    render();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument();
    // The spec's columns without its row number ('#'), and each user's licenses (decision 0034).
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['User', 'Email', 'Roles', 'Licenses', 'Timezone', 'Actions']);
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(within(summary).getByRole('group', { name: 'Total Users' })).getByText('120')).toBeInTheDocument();
    expect(within(within(summary).getByRole('group', { name: 'Technical' })).getByText('7')).toBeInTheDocument();
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(firstRow).toHaveTextContent('Admin');
    expect(firstRow).toHaveTextContent('Billing');
    expect(within(firstRow).getAllByRole('cell')[3]).toHaveTextContent('ITP Voice Business Seat, ITP Voice Branch Seat');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('User');
    expect(within(within(table).getAllByRole('row')[2]!).getAllByRole('cell')[3]).toHaveTextContent('None');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    // 120 users, 10 a page: 1 2 3 4 … 12.
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page / })
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3', '4', '12']);
    expect(pages).toHaveTextContent('…');
  });

  it('shows one card per user below a wide screen, and no table', async () => {
    stubApi({ 'GET /api/crm/contacts': ok([aUser(1, { admin_group: true }), aUser(2)]), 'GET /api/crm/contacts/stats': ok(STATS) });
    render();
    const cards = await screen.findByRole('list', { name: 'Users' });
    expect(
      within(cards)
        .getAllByRole('listitem')
        .map((card) => card.textContent),
    ).toEqual([expect.stringContaining('First1 Last1'), expect.stringContaining('First2 Last2')]);
    expect(within(cards).getAllByRole('listitem')[1]).toHaveTextContent('Licenses:None');
    expect(screen.queryByRole('table', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('says why the list is empty, with or without a search', async () => {
    stubApi({ 'GET /api/crm/contacts': ok([]), 'GET /api/crm/contacts/stats': ok({ ...STATS, matching: 0 }) });
    const user = userEvent.setup();
    render();
    expect(await screen.findByText('No users found.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Search users' }), 'zz');
    expect(await screen.findByText('No users found matching your search.', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('shows Error Loading Users with Retry', async () => {
    stubApi({ 'GET /api/crm/contacts': failure(500, ''), 'GET /api/crm/contacts/stats': ok(STATS) });
    render();
    expect(await screen.findByText('Error Loading Users')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('Add User: Next only with a valid profile and the product’s messages, Back returns, Create User on the last step', async () => {
    const fetchMock = stubApi({
      'GET /api/crm/contacts': ok([aUser(1)]),
      'GET /api/crm/contacts/stats': ok(STATS),
      'GET /api/crm/licenses/services': ok(VOICE),
      'POST /api/crm/contacts': ok(aUser(3, { firstname: 'Nia', full_name: 'Nia New', email: 'nia@acme.example', invitation_pending: true })),
      'POST /api/crm/contacts/3/licenses': ok({
        pk: 1,
        service_id: 9,
        contact_id: 3,
        service_name: 'ITP Voice Business Seat',
        date_created: '2026-01-01T00:00:00.000Z',
      }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    // A field's error clears when that field is edited.
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Nia');
    expect(within(dialog).queryByText('First name is required')).not.toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'New');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'nia@acme.example');
    await user.click(within(dialog).getByRole('checkbox', { name: /Billing Access/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    const seat = await within(dialog).findByRole('checkbox', { name: /ITP Voice Business Seat/ });
    expect(within(dialog).getByText(/2 of 3 seats used · 1 free/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByRole('textbox', { name: 'First name' })).toHaveValue('Nia');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /ITP Voice Business Seat/ }));
    expect(seat).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User' })).not.toBeInTheDocument());
    const create = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/crm/contacts') && init?.method === 'POST');
    expect(JSON.parse(String(create![1]!.body)).user).toMatchObject({
      firstname: 'Nia',
      lastname: 'New',
      email: 'nia@acme.example',
      billing_group: true,
      time_zone: 'US/Eastern',
    });
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/crm/contacts/3/licenses'))).toBe(true);
    expect(await screen.findByText(/An invitation to choose a password is on its way to nia@acme.example/)).toBeInTheDocument();
    // The longest journey of the file (two steps, five fields typed key by key): 7 s on a quiet machine, twice that on a busy one.
  }, 30_000);

  it('Edit User: one Save sends the profile and the licenses in one request, and closes when both are saved', async () => {
    const hannah = aUser(4, { firstname: 'Hannah', lastname: 'Brooks', full_name: 'Hannah Brooks', mobile: '+1 617 555 0100' });
    const fetchMock = stubApi({
      'GET /api/crm/contacts': ok([hannah]),
      'GET /api/crm/contacts/stats': ok(STATS),
      'GET /api/crm/licenses/services': ok(VOICE),
      'GET /api/crm/contacts/4/licenses': ok([]),
      'PATCH /api/crm/contacts/4': ok({ ...hannah, firstname: 'Hana', full_name: 'Hana Brooks', licenses_count: 1, licenses: [HELD_SEAT] }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Edit Hannah Brooks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Hannah Brooks' });
    expect(within(dialog).queryByRole('button', { name: /Update/ })).not.toBeInTheDocument();
    const firstName = within(dialog).getByRole('textbox', { name: 'First name' });
    await user.clear(firstName);
    await user.type(firstName, 'Hana');
    await user.click(within(dialog).getByRole('tab', { name: 'Licenses' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /ITP Voice Business Seat/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Hannah Brooks' })).not.toBeInTheDocument());
    expect(await screen.findByText('Hana Brooks was updated.')).toBeInTheDocument();
    const writes = fetchMock.mock.calls.filter(([, init]) => init?.method && init.method !== 'GET');
    expect(writes).toHaveLength(1);
    expect(JSON.parse(String(writes[0]![1]!.body))).toMatchObject({ firstname: 'Hana', service_ids: [9] });
  });

  it('Edit User: a refused license keeps the dialog open on the Licenses tab with the server’s reason', async () => {
    const reason = 'All 3 seats of ITP Voice Business Seat are in use. Free a seat or buy more before giving another license.';
    stubApi({
      'GET /api/crm/contacts': ok([aUser(4)]),
      'GET /api/crm/contacts/stats': ok(STATS),
      'GET /api/crm/licenses/services': ok(VOICE),
      'GET /api/crm/contacts/4/licenses': ok([]),
      'PATCH /api/crm/contacts/4': failure(409, reason, { service_ids: reason }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Edit First4 Last4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit First4 Last4' });
    await user.click(within(dialog).getByRole('tab', { name: 'Licenses' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /ITP Voice Business Seat/ }));
    await user.click(within(dialog).getByRole('tab', { name: 'Profile' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update licenses');
    expect(alert).toHaveTextContent(reason);
    expect(within(dialog).getByRole('tab', { name: 'Licenses' })).toHaveAttribute('aria-selected', 'true');
  });

  it('refuses a mobile number that is not a phone number, on leaving the field and on saving, and reads a valid one back', async () => {
    const fetchMock = stubApi({
      'GET /api/crm/contacts': ok([aUser(4)]),
      'GET /api/crm/contacts/stats': ok(STATS),
      'GET /api/crm/contacts/4/licenses': ok([]),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Edit First4 Last4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit First4 Last4' });
    const mobile = within(dialog).getByRole('textbox', { name: 'Mobile' });
    await user.type(mobile, '12345');
    await user.tab();
    expect(within(dialog).getByText(MOBILE_NUMBER_INVALID)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    // A field's error clears when that field is edited; a valid number is read back while it is typed.
    await user.clear(mobile);
    expect(within(dialog).queryByText(MOBILE_NUMBER_INVALID)).not.toBeInTheDocument();
    await user.type(mobile, '(617) 555-0142');
    expect(within(dialog).getByText('Reads as +1 617 555 0142')).toBeInTheDocument();
  });

  it('resets a user’s two-step sign-in after asking, naming them, and says the server’s refusal', async () => {
    let answer = () => failure(409, 'This user does not sign in with two-step sign-in.');
    const fetchMock = stubApi({
      'GET /api/crm/contacts': ok([aUser(1, { admin_group: true }), aUser(2)]),
      'GET /api/crm/contacts/stats': ok(STATS),
      'POST /api/crm/contacts/2/two-factor/reset': () => answer(),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'More actions for First2 Last2' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset two-step sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step sign-in' });
    expect(dialog).toHaveTextContent('First2 Last2');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await within(dialog).findByText('This user does not sign in with two-step sign-in.')).toBeInTheDocument();
    answer = () => ok(null, 'Two-step sign-in is off for this user.');
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Two-step sign-in is off for First2 Last2. They have been told by e-mail.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).endsWith('/two-factor/reset'))).toHaveLength(2);
  });

  it('requires two-step sign-in of every user with one switch', async () => {
    const fetchMock = stubApi({
      'GET /api/crm/contacts': ok([aUser(1)]),
      'GET /api/crm/contacts/stats': ok(STATS),
      'GET /api/portal/account/sign-in-policy': ok({ two_factor_required: false }),
      'PUT /api/portal/account/sign-in-policy': () => ok({ two_factor_required: true }),
    });
    const user = userEvent.setup();
    render();
    const toggle = await screen.findByRole('switch', { name: /^Require two-step sign-in for every user/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Every user now signs in with two-step sign-in.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[1]?.body).toBe(JSON.stringify({ two_factor_required: true }));
  });

  it('stays in its loading state while the users load', () => {
    stubApi({ 'GET /api/crm/contacts': pending, 'GET /api/crm/contacts/stats': pending });
    render();
    expect(screen.getByText('Loading users')).toBeInTheDocument();
  });
});
