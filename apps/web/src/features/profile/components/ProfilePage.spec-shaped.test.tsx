import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { specShapedCalls, specSignedIn } from '@portal/contract/spec-shaped';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTimeZone } from '../../../shared/format';
import { toStoredSession } from '../../../shared/session/session-store';
import { ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { specShapedRoutes } from '../../../test/spec-shaped';
import { readSessionForTest } from './profile-test-helpers';
import { ProfilePage } from './ProfilePage';

afterEach(() => vi.unstubAllGlobals());

/**
 * Signed in with a spec-shaped sign-in answer (docs/decisions/0029). Its access token is no JWT, so
 * the session would count as expiring at once and a page load would refresh it: it is given an expiry ahead.
 */
const specSession = { ...toStoredSession(specSignedIn), exp: 1_900_000_000, expireDate: '2030-03-17T17:46:40.000Z' };
const render = () => renderSignedIn(<ProfilePage />, { route: '/profile', session: specSession });
const details = () => screen.getByRole('region', { name: 'Personal information' });

describe('ProfilePage against a spec-shaped API', () => {
  it('offers the time zones a server lists as plain names', async () => {
    // Not the screen's own list (shown while the answer loads): these can only come from the answer.
    const zones = ['US/Eastern', 'US/Hawaii', 'UTC'];
    stubApi({ 'GET /api/crm/misc/timezones': ok(zones) });
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('combobox', { name: 'Timezone' }));

    expect(await screen.findByRole('option', { name: /\(US\/Hawaii\)/ })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(zones.map((zone) => formatTimeZone(zone)));
  });

  it('saves with an answer that carries no contact: the success toast, the values sent shown and kept in the session', async () => {
    const fetchMock = stubApi(specShapedRoutes('listTimezones', 'updateMyProfile'));
    const user = userEvent.setup();
    render();
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const form = screen.getByRole('form', { name: 'Edit profile' });
    const last = within(form).getByRole('textbox', { name: 'Last Name' });
    await user.clear(last);
    await user.type(last, ' Admin-Smith ');
    await user.click(within(form).getByRole('combobox', { name: 'Timezone' }));
    await user.click(await screen.findByRole('option', { name: 'Central Time (US/Central)' }));
    await user.click(within(form).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch![1]!.body))).toEqual({ ...specShapedCalls.updateMyProfile.body, lastname: ' Admin-Smith ' });
    expect(within(details()).getByText('Last Name').nextSibling).toHaveTextContent(/^Admin-Smith$/);
    expect(within(details()).getByText('Timezone').nextSibling).toHaveTextContent('Central Time (US/Central)');
    expect(readSessionForTest()).toMatchObject({ firstname: 'Dana', lastname: 'Admin-Smith', email: specSignedIn.email, time_zone: 'US/Central' });
  });
});
