import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../../../test/fixtures';
import { failure, ok, pending, renderSignedIn, stubApi } from '../../../test/signed-in';
import { readSessionForTest } from './profile-test-helpers';
import { ProfilePage } from './ProfilePage';
import { EMAIL_IS_USERNAME_WARNING } from './ProfileDetails';

afterEach(() => vi.unstubAllGlobals());

const ZONES = ['US/Eastern', 'US/Central', 'US/Mountain', 'US/Pacific', 'UTC'].map((zone) => ({ value: zone, label: zone }));
const contact = (overrides: Record<string, unknown> = {}) => ({
  pk: 42,
  firstname: 'Dana',
  lastname: 'Reyes',
  full_name: 'Dana Reyes',
  email: 'dana.reyes@northwind.example',
  mobile: null,
  admin_group: false,
  billing_group: false,
  technical_group: false,
  time_zone: 'US/Eastern',
  account_id: 7,
  date_created: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const details = () => screen.getByRole('region', { name: 'Personal information' });
const render = (session = aStoredSession()) => renderSignedIn(<ProfilePage />, { route: '/profile', session });

async function edit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
  return screen.getByRole('form', { name: 'Edit profile' });
}

describe('ProfilePage', () => {
  it('shows the profile in view mode', () => {
    stubApi({ 'GET /api/crm/misc/timezones': ok(ZONES) });
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const view = details();
    expect(within(view).getByText('First Name').nextSibling).toHaveTextContent('Dana');
    expect(within(view).getByText('Last Name').nextSibling).toHaveTextContent('Reyes');
    expect(within(view).getByText('Email').nextSibling).toHaveTextContent('dana.reyes@northwind.example');
    expect(within(view).getByText('Timezone').nextSibling).toHaveTextContent('Eastern Time (US/Eastern)');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('edits with the e-mail warning and the profile time zones of docs/product.md §9', async () => {
    stubApi({ 'GET /api/crm/misc/timezones': ok(ZONES) });
    const user = userEvent.setup();
    render();
    const form = await edit(user);
    expect(within(form).getByRole('textbox', { name: 'First Name' })).toHaveValue('Dana');
    expect(within(form).getByText(EMAIL_IS_USERNAME_WARNING)).toBeInTheDocument();
    await user.click(within(form).getByRole('combobox', { name: 'Timezone' }));
    const options = await screen.findAllByRole('option');
    // The spec's five zones, in its order, each named as people say it.
    expect(options.map((option) => option.textContent)).toEqual([
      'Eastern Time (US/Eastern)',
      'Central Time (US/Central)',
      'Mountain Time (US/Mountain)',
      'Pacific Time (US/Pacific)',
      'Coordinated Universal Time (UTC)',
    ]);
  });

  it('keeps a time zone set outside the list choosable', async () => {
    stubApi({ 'GET /api/crm/misc/timezones': ok(ZONES) });
    const user = userEvent.setup();
    render(aStoredSession({ time_zone: 'America/Chicago' }));
    const form = await edit(user);
    expect(within(form).getByRole('combobox', { name: 'Timezone' })).toHaveValue('Central Time (America/Chicago)');
  });

  it('restores the original values on Cancel', async () => {
    stubApi({ 'GET /api/crm/misc/timezones': ok(ZONES) });
    const user = userEvent.setup();
    render();
    let form = await edit(user);
    const first = within(form).getByRole('textbox', { name: 'First Name' });
    await user.clear(first);
    await user.type(first, 'Changed');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(details()).getByText('First Name').nextSibling).toHaveTextContent('Dana');
    form = await edit(user);
    expect(within(form).getByRole('textbox', { name: 'First Name' })).toHaveValue('Dana');
  });

  it('saves, shows “Profile updated successfully!”, returns to view and updates the session', async () => {
    const fetchMock = stubApi({
      'GET /api/crm/misc/timezones': ok(ZONES),
      'PATCH /api/portal/my-profile': () => ok(contact({ firstname: 'Dani', email: 'dani@northwind.example', time_zone: 'UTC' })),
    });
    const user = userEvent.setup();
    render();
    const form = await edit(user);
    const first = within(form).getByRole('textbox', { name: 'First Name' });
    await user.clear(first);
    await user.type(first, 'Dani');
    const email = within(form).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'dani@northwind.example');
    await user.click(within(form).getByRole('combobox', { name: 'Timezone' }));
    await user.click(await screen.findByRole('option', { name: 'Coordinated Universal Time (UTC)' }));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    // The e-mail is the username: the current password confirms the change first.
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.type(within(confirm).getByLabelText(/Current password/), 'my-old-pass');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm and save' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch![1]!.body))).toEqual({
      firstname: 'Dani',
      lastname: 'Reyes',
      email: 'dani@northwind.example',
      timezone: 'UTC',
      current_password: 'my-old-pass',
    });
    expect(within(details()).getByText('Email').nextSibling).toHaveTextContent('dani@northwind.example');
    expect(readSessionForTest()).toMatchObject({ firstname: 'Dani', email: 'dani@northwind.example', time_zone: 'UTC' });
  });

  it('keeps the password step open with the server’s word when the password is wrong', async () => {
    const wrong = 'The current password is not correct.';
    stubApi({ 'GET /api/crm/misc/timezones': ok(ZONES), 'PATCH /api/portal/my-profile': failure(400, wrong, { current_password: wrong }) });
    const user = userEvent.setup();
    render();
    const form = await edit(user);
    const email = within(form).getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'dani@northwind.example');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(confirm).getByRole('button', { name: 'Confirm and save' }));
    expect(within(confirm).getByText('Please enter your current password')).toBeInTheDocument();
    await user.type(within(confirm).getByLabelText(/Current password/), 'a-wrong-guess');
    await user.click(within(confirm).getByRole('button', { name: 'Confirm and save' }));
    expect(await within(confirm).findByText(wrong)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('disables the form while saving', async () => {
    stubApi({ 'GET /api/crm/misc/timezones': ok(ZONES), 'PATCH /api/portal/my-profile': pending });
    const user = userEvent.setup();
    render();
    const form = await edit(user);
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'First Name' })).toBeDisabled());
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('stays in edit on failure, with the server’s message in the toast and on the field', async () => {
    const taken = 'The e-mail address bob@northwind.example is already used by another user. Please choose a different address.';
    stubApi({ 'GET /api/crm/misc/timezones': ok(ZONES), 'PATCH /api/portal/my-profile': failure(409, taken, { email: taken }) });
    const user = userEvent.setup();
    render();
    const form = await edit(user);
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(`Failed to update profile: ${taken}`)).toBeInTheDocument();
    expect(within(form).getByText(taken)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('says “Unknown error” when the failure carries no message', async () => {
    stubApi({ 'GET /api/crm/misc/timezones': ok(ZONES), 'PATCH /api/portal/my-profile': () => new Response('', { status: 502 }) });
    const user = userEvent.setup();
    render();
    const form = await edit(user);
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile: Unknown error')).toBeInTheDocument();
  });

  it('checks the fields before sending', async () => {
    const fetchMock = stubApi({ 'GET /api/crm/misc/timezones': ok(ZONES) });
    const user = userEvent.setup();
    render();
    const form = await edit(user);
    await user.clear(within(form).getByRole('textbox', { name: 'Email' }));
    await user.type(within(form).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it('summarizes permissions: portal always enabled, admin and billing from the flags', () => {
    stubApi({ 'GET /api/crm/misc/timezones': ok(ZONES) });
    const { unmount } = render(aStoredSession({ admin_group: true, billing_group: false }));
    const permissions = screen.getByRole('region', { name: 'Permissions' });
    expect(within(permissions).getByRole('listitem', { name: 'Portal Access: Enabled' })).toBeInTheDocument();
    expect(within(permissions).getByRole('listitem', { name: 'Admin Access: Enabled' })).toBeInTheDocument();
    expect(within(permissions).getByRole('listitem', { name: 'Billing Access: Disabled' })).toBeInTheDocument();
    unmount();
    window.localStorage.clear();
    render(aStoredSession({ admin_group: false, billing_group: true }));
    expect(screen.getByRole('listitem', { name: 'Admin Access: Disabled' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Billing Access: Enabled' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Technical Access: Disabled' })).toBeInTheDocument();
  });

  it('shows technical access Enabled for a technical contact, with what it grants (decision 0031)', () => {
    stubApi({ 'GET /api/crm/misc/timezones': ok(ZONES) });
    render(aStoredSession({ technical_group: true }));
    const technical = screen.getByRole('listitem', { name: 'Technical Access: Enabled' });
    expect(technical).toHaveTextContent(
      'All of your organization’s tickets, the support tools, and the IT assets and vendors to view (not the stored credentials).',
    );
    expect(screen.getByRole('listitem', { name: 'Admin Access: Disabled' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Billing Access: Disabled' })).toBeInTheDocument();
  });
});
