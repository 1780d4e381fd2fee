import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type * as Ceremony from '../../../shared/passkeys/ceremony';
import { aLoginResult, jsonResponse } from '../../../test/fixtures';
import { stubFetchForEachTest } from '../../../test/fetch-stub';
import { currentPath, renderWithProviders } from '../../../test/render';
import { readSession } from '../../../shared/session/session-store';
import { LoginPage } from './LoginPage';

// The browser's ceremony is SimpleWebAuthn's and the e2e journey's (a virtual authenticator); here it answers at once.
const ASSERTION = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'a', authenticatorData: 'b', signature: 'c' },
  clientExtensionResults: {},
};
vi.mock('../../../shared/passkeys/ceremony', async (original) => ({
  ...(await original<typeof Ceremony>()),
  askForPasskey: vi.fn(async () => ASSERTION),
}));

const network = stubFetchForEachTest();
const CEREMONY = { token: 'ceremony-1', expires_at: '2026-11-28T12:05:00.000Z', options: { challenge: 'abc' } };
const bodyOf = (call: number) => JSON.parse(String(network.fetch.mock.calls[call]?.[1]?.body)) as Record<string, unknown>;
const urlOf = (call: number) => new URL(String(network.fetch.mock.calls[call]?.[0]), 'http://portal.test').pathname;

describe('signing in with a passkey (decision 0050)', () => {
  it('signs in with a passkey alone, no address typed', async () => {
    network.fetch
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: CEREMONY }))
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: aLoginResult() }));
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await vi.waitFor(() => expect(readSession()).not.toBeNull());
    expect(urlOf(0)).toBe('/api/crm/auth/passkey/options');
    expect(urlOf(1)).toBe('/api/crm/auth/passkey');
    expect(bodyOf(1)).toEqual({ token: 'ceremony-1', credential: ASSERTION });
    await vi.waitFor(() => expect(currentPath()).toBe('/apps'));
  });

  it('shows the server’s refusal and stays signed out', async () => {
    network.fetch
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: CEREMONY }))
      .mockResolvedValueOnce(jsonResponse({ errors: true, message: 'That passkey could not sign you in.' }, 401));
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    await user.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('That passkey could not sign you in.')).toBeInTheDocument();
    expect(readSession()).toBeNull();
  });

  it('offers only a passkey as the second step of a person whose one factor is a passkey', async () => {
    network.fetch
      .mockResolvedValueOnce(
        jsonResponse({
          errors: false,
          result: { two_factor_required: true, pending_token: 'pending-1', expires_at: '2026-11-28T12:05:00.000Z', methods: ['passkey'] },
        }),
      )
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: CEREMONY }))
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: aLoginResult() }));
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText(/username/i), 'dana.reyes@northwind.example');
    await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const usePasskey = await screen.findByRole('button', { name: 'Use a passkey' }, { timeout: 3000 });
    expect(screen.queryByRole('textbox', { name: /Code from your authenticator app/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a recovery code' })).not.toBeInTheDocument();
    await user.click(usePasskey);
    await vi.waitFor(() => expect(readSession()).not.toBeNull());
    expect(urlOf(1)).toBe('/api/crm/auth/login/second-factor/passkey/options');
    expect(bodyOf(1)).toEqual({ pending_token: 'pending-1' });
    expect(bodyOf(2)).toEqual({ pending_token: 'pending-1', token: 'ceremony-1', credential: ASSERTION });
  });
});
