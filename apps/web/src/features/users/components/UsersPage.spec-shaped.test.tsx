import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { specContacts } from '@portal/contract/spec-shaped';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { specShapedRoutes } from '../../../test/spec-shaped';
import { UsersPage } from './UsersPage';

afterEach(() => vi.unstubAllGlobals());

/**
 * The Users screen against a portal API that answers exactly as the spec describes (docs/decisions/0029):
 * GET /crm/contacts is every contact (twelve: more than a page) whatever limit, offset or search was
 * asked, with none of our additions, and our own calls (the counts, the licensable services) are not there.
 */
function aSpecServer(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    ...specShapedRoutes('listContacts', 'createContact', 'updateContact', 'listLicenses', 'listServices'),
    'GET /api/crm/contacts/stats': failure(404, 'Not found'),
    'GET /api/crm/licenses/services': failure(404, 'Not found'),
    ...extra,
  });
}

const render = () => renderSignedIn(<UsersPage />, { route: '/users' });
const card = (label: string) => within(screen.getByRole('region', { name: 'Summary' })).getByRole('group', { name: label });
const shownUsers = async () => within(await screen.findByRole('list', { name: 'Users' })).getAllByRole('listitem');
/** Each shown user's name, as its edit button names it. */
const namesOf = (items: HTMLElement[]) =>
  items.map((item) =>
    within(item)
      .getByRole('button', { name: /^Edit / })
      .getAttribute('aria-label')!
      .replace(/^Edit /, ''),
  );
const listCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.filter(([url, init]) => new URL(String(url), 'http://portal.test').pathname === '/api/crm/contacts' && (init?.method ?? 'GET') === 'GET')
    .length;

describe('UsersPage against a spec-shaped API', () => {
  it('counts the four cards from the list, pages it by ten and names each user from first and last name', async () => {
    aSpecServer();
    const user = userEvent.setup();
    render();

    const firstPage = await shownUsers();
    expect(firstPage).toHaveLength(10);
    expect(namesOf(firstPage)).toEqual(specContacts.slice(0, 10).map((contact) => `${contact.firstname} ${contact.lastname}`));
    expect(firstPage[0]).toHaveTextContent('Dana Admin');
    expect(card('Total Users')).toHaveTextContent('12');
    expect(card('Admins')).toHaveTextContent('1');
    expect(card('Billing Access')).toHaveTextContent('2');
    expect(card('Technical')).toHaveTextContent('1');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Page / })
        .map((button) => button.textContent),
    ).toEqual(['1', '2']);
    // Nothing says whether anyone was invited: no user is marked so.
    expect(screen.queryByText(/Invited/)).not.toBeInTheDocument();

    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(async () => expect(namesOf(await shownUsers())).toEqual(['Nia Ortiz', 'Oto Park']));
    expect(card('Total Users')).toHaveTextContent('12');
  });

  it('searches the list on the screen: the server answered every contact', async () => {
    aSpecServer();
    const user = userEvent.setup();
    render();
    await shownUsers();

    await user.type(screen.getByRole('textbox', { name: 'Search users' }), 'ORTIZ');

    await waitFor(async () => expect(namesOf(await shownUsers())).toEqual(['Nia Ortiz']), { timeout: 2000 });
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(card('Total Users')).toHaveTextContent('12');
    await user.clear(screen.getByRole('textbox', { name: 'Search users' }));
    await user.type(screen.getByRole('textbox', { name: 'Search users' }), 'no such person');
    expect(await screen.findByText('No users found matching your search.', {}, { timeout: 2000 })).toBeInTheDocument();
  });

  it('Add User: offers the itp_voice services as licenses, creates with an answer of just the new pk, closes and reloads the list', async () => {
    const fetchMock = aSpecServer({ 'POST /api/crm/contacts/42/licenses': ok(null) });
    const user = userEvent.setup();
    render();
    await shownUsers();
    const listedBefore = listCalls(fetchMock);

    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Pia');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Quinn');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'pia.quinn@spec.example');
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    // From GET /crm/services: the voice service with its purchased seats; not the cloud one (§9).
    const voice = await within(dialog).findByRole('checkbox', { name: /Hosted Voice/ });
    expect(within(dialog).getByText('10 seats · Hosted Voice — 10 seats')).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: /Cloud Backup/ })).not.toBeInTheDocument();
    await user.click(voice);
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User' })).not.toBeInTheDocument());
    expect(await screen.findByText('Pia Quinn was added.')).toBeInTheDocument();
    const license = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/crm/contacts/42/licenses') && init?.method === 'POST');
    expect(JSON.parse(String(license![1]!.body))).toEqual({ service_id: 301 });
    await waitFor(() => expect(listCalls(fetchMock)).toBeGreaterThan(listedBefore));
  });

  it('Edit User: names the licenses held ({pk, service_id}) from the services, and saves a profile whose answer carries no contact', async () => {
    const fetchMock = aSpecServer();
    const user = userEvent.setup();
    render();
    await shownUsers();

    await user.click(screen.getByRole('button', { name: 'Edit Dana Admin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit Dana Admin' });
    await user.click(within(dialog).getByRole('tab', { name: 'Licenses' }));
    expect(await within(dialog).findByRole('checkbox', { name: /Hosted Voice/ })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Edit Eli Billing' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit Eli Billing' });
    const lastName = within(dialog).getByRole('textbox', { name: 'Last name' });
    await user.clear(lastName);
    await user.type(lastName, 'Billing-Jones');
    const listedBefore = listCalls(fetchMock);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Eli Billing-Jones was updated.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Eli Billing' })).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls(fetchMock)).toBeGreaterThan(listedBefore));
  });

  it('Edit User: one Save changes the profile and, with the spec’s calls, the licenses; a refused one is reported, not hidden', async () => {
    const fetchMock = aSpecServer({
      ...specShapedRoutes('addLicense'),
      'GET /api/crm/contacts/8/licenses': ok([]),
      'POST /api/crm/contacts/8/licenses': failure(409, 'No seat left'),
    });
    const user = userEvent.setup();
    render();
    await shownUsers();
    // The list names each user's licenses, asked per user from a server whose list does not carry them.
    expect(await within((await shownUsers())[0]!).findByText('Hosted Voice')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Eli Billing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Eli Billing' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Last name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Billing-Jones');
    await user.click(within(dialog).getByRole('tab', { name: 'Licenses' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: /Hosted Voice/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update licenses');
    expect(alert).toHaveTextContent('The profile was saved, but these licenses were not changed: Hosted Voice: No seat left');
    const patch = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/crm/contacts/8') && init?.method === 'PATCH');
    expect(JSON.parse(String(patch![1]!.body))).toMatchObject({ lastname: 'Billing-Jones', service_ids: [301] });
  });
});
