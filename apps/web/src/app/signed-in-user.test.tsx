import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../test/fixtures';
import { renderWithProviders } from '../test/render';
import { ok, stubApi } from '../test/signed-in';
import { AppRoutes } from './router';

afterEach(() => vi.unstubAllGlobals());

describe('the signed-in user handed to screens', () => {
  it('follows a saved profile into the header', async () => {
    stubApi({
      'GET /api/crm/misc/timezones': ok([{ value: 'US/Eastern', label: 'US/Eastern' }]),
      'PATCH /api/portal/my-profile': ok({
        pk: 42,
        firstname: 'Dani',
        lastname: 'Reyes',
        full_name: 'Dani Reyes',
        email: 'dani@northwind.example',
        mobile: null,
        admin_group: false,
        billing_group: false,
        technical_group: false,
        time_zone: 'US/Eastern',
        account_id: 7,
        date_created: '2026-01-01T00:00:00.000Z',
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<AppRoutes />, { route: '/profile', session: aStoredSession() });
    const header = await screen.findByRole('banner');
    expect(header).toHaveTextContent('Dana Reyes');

    await user.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const first = screen.getByRole('textbox', { name: 'First Name' });
    await user.clear(first);
    await user.type(first, 'Dani');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await within(header).findByText('Dani Reyes');
    expect(header).toHaveTextContent('dani@northwind.example');
  });
});
