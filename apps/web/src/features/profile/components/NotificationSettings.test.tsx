import { DEFAULT_NOTIFICATION_PREFERENCES } from '@portal/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../../../test/fixtures';
import { failure, ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { NotificationSettings } from './NotificationSettings';

afterEach(() => vi.unstubAllGlobals());

const mine = (overrides = {}) => ({ ...structuredClone(DEFAULT_NOTIFICATION_PREFERENCES), from_account_default: true, ...overrides });

describe('NotificationSettings', () => {
  it('switches a channel off and saves the whole choice', async () => {
    const fetchMock = stubApi({
      'GET /api/portal/my-profile/notifications': ok(mine()),
      'PUT /api/portal/my-profile/notifications': ok(mine({ from_account_default: false }), 'Your notification settings have been saved.'),
    });
    renderSignedIn(<NotificationSettings />);
    const form = await screen.findByRole('form', { name: 'Notification settings' });
    expect(within(form).getByText(/your account’s default applies/)).toBeInTheDocument();
    const security = within(form).getByRole('switch', { name: 'Security: by e-mail' });
    expect(security).toBeChecked();
    expect(security).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('switch', { name: 'Billing: by e-mail' }));
    await user.click(within(form).getByRole('button', { name: 'Save notification settings' }));
    expect(await screen.findByText('Your notification settings have been saved.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      categories: { ...DEFAULT_NOTIFICATION_PREFERENCES.categories, billing: { in_portal: true, email: false } },
    });
  });

  it('offers administrators every ticket of the account, and no one else', async () => {
    stubApi({ 'GET /api/portal/my-profile/notifications': ok(mine()) });
    const { unmount } = renderSignedIn(<NotificationSettings />, { session: aStoredSession({ admin_group: true }) });
    expect(await screen.findByRole('switch', { name: /every ticket of my account/ })).not.toBeChecked();
    unmount();
    renderSignedIn(<NotificationSettings />);
    await screen.findByRole('form', { name: 'Notification settings' });
    expect(screen.queryByRole('switch', { name: /every ticket of my account/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Account notification default' })).toBeNull();
  });

  it('lets an administrator set the account’s default, and no one else', async () => {
    const fetchMock = stubApi({
      'GET /api/portal/my-profile/notifications': ok(mine()),
      'GET /api/portal/notification-defaults': ok(structuredClone(DEFAULT_NOTIFICATION_PREFERENCES)),
      'PUT /api/portal/notification-defaults': ok(structuredClone(DEFAULT_NOTIFICATION_PREFERENCES), 'The account’s notification defaults have been saved.'),
    });
    renderSignedIn(<NotificationSettings />, { session: aStoredSession({ admin_group: true }) });
    const form = await screen.findByRole('form', { name: 'Account notification default' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('switch', { name: 'Default, Tickets: in the portal' }));
    await user.click(within(form).getByRole('button', { name: 'Save account default' }));
    expect(await screen.findByText('The account’s notification defaults have been saved.')).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body)).categories.tickets).toEqual({ in_portal: false, email: true });
  });

  it('shows the server’s refusal by its field, and a failed load with Retry', async () => {
    stubApi({
      'GET /api/portal/my-profile/notifications': ok(mine()),
      'PUT /api/portal/my-profile/notifications': failure(400, 'email_digest must be immediately, daily or never', {
        email_digest: 'email_digest must be immediately, daily or never',
      }),
    });
    renderSignedIn(<NotificationSettings />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save notification settings' }));
    await waitFor(() => expect(screen.getAllByText('email_digest must be immediately, daily or never').length).toBeGreaterThan(0));

    stubApi({ 'GET /api/portal/my-profile/notifications': failure(503, 'Unavailable') });
    renderSignedIn(<NotificationSettings />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
