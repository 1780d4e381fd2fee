import { storedSession } from '@portal/contract';
import { specShapedCalls, specSignedIn } from '@portal/contract/spec-shaped';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../../shared/session/session-store';
import { stubFetchForEachTest } from '../../../test/fetch-stub';
import { currentPath, renderWithProviders } from '../../../test/render';
import { specShapedResponse } from '../../../test/spec-shaped';
import { LoginPage } from './LoginPage';

const network = stubFetchForEachTest();

describe('LoginPage against a spec-shaped API', () => {
  it('signs in with an answer of the spec’s fields alone, stores a complete userDetails and opens /apps', async () => {
    network.fetch.mockImplementation(async () => specShapedResponse('login'));
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    const { username, password } = specShapedCalls.login.body;
    await user.type(screen.getByLabelText(/username/i), username);
    await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), password);
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(currentPath()).toBe('/apps'));
    // What docs/product.md §3 lists under userDetails, every field there, as the browser stores it.
    const stored = storedSession.parse(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null'));
    expect(stored).toMatchObject({
      id: specSignedIn.pk,
      pk: specSignedIn.pk,
      email: specSignedIn.email,
      firstname: 'Dana',
      lastname: 'Admin',
      // The access token itself is the session's business (shared/session tests); `token` is the spec's copy of it.
      token: 'spec-access-token',
      refresh_token: specSignedIn.refresh_token,
      auth: { admin_group: true, billing_group: true },
      account_id: specSignedIn.account_id,
      account: specSignedIn.account,
      technical_group: false,
      time_zone: specSignedIn.time_zone,
      ui_color_mode: specSignedIn.ui_color_mode,
    });
    // The access token is no JWT, so nothing says how long it lives: the session counts as expiring
    // at once, and the next page load refreshes it (docs/product.md §4).
    expect(Date.parse(stored.expireDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(stored.expireDate)).toBeLessThanOrEqual(Date.now());
    expect(stored.exp).toBe(Math.floor(Date.parse(stored.expireDate) / 1000));
  });
});
