import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { aLoginResult, jsonResponse } from '../../../test/fixtures';
import { currentPath, renderWithProviders } from '../../../test/render';
import { stubFetchForEachTest } from '../../../test/fetch-stub';
import { readSession } from '../../../shared/session/session-store';
import { IdentityProviderCompletionPage } from './IdentityProviderCompletionPage';
import { LoginPage } from './LoginPage';

const network = stubFetchForEachTest({ identityProviderLookups: 'mocked' });
afterEach(() => window.history.replaceState(null, '', '/'));

const acme = { name: 'Acme Entra', start_url: '/api/crm/auth/identity-provider/start?domain=acme.example' };
const requested = () => network.fetch.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input));

describe('sign-in with the account’s identity provider (decision 0051)', () => {
  it('offers "Sign in with <name>" once the typed e-mail’s domain is one an identity provider serves, asking each domain once', async () => {
    network.fetch.mockImplementation(async () => jsonResponse({ errors: false, result: acme }));
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText(/username/i), 'ada@acme.example');
    const button = await screen.findByRole('link', { name: 'Sign in with Acme Entra' }, { timeout: 3000 });
    expect(button).toHaveAttribute('href', `${acme.start_url}&login_hint=ada%40acme.example`);
    await user.tab();
    await user.click(screen.getByLabelText(/username/i));
    expect(requested().filter((url) => url.includes('/crm/auth/identity-provider?domain=acme.example'))).toHaveLength(1);
  });

  it('shows nothing for a domain no identity provider serves', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: null }));
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText(/username/i), 'dana@elsewhere.example');
    await waitFor(() => expect(requested().some((url) => url.includes('domain=elsewhere.example'))).toBe(true), { timeout: 3000 });
    expect(screen.queryByRole('link', { name: /Sign in with/ })).not.toBeInTheDocument();
  });

  it('shows the button at once from an account’s sign-in link, and says why a sign-in there was refused', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: acme }));
    renderWithProviders(<LoginPage />, { route: '/login?idp=acme.example&idp_error=email_unverified' });
    expect(await screen.findByRole('link', { name: 'Sign in with Acme Entra' }, { timeout: 3000 })).toHaveAttribute('href', acme.start_url);
    expect(await screen.findByText(/has not verified your e-mail address/)).toBeInTheDocument();
  });

  it('exchanges the one-time code of the address’s fragment for the session, clears it, and opens the portal', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: aLoginResult({ email: 'ada@acme.example' }) }));
    window.history.replaceState(null, '', '/login/identity-provider#code=one-time-code');
    renderWithProviders(<IdentityProviderCompletionPage />, { route: '/login/identity-provider' });
    expect(screen.getByRole('heading', { name: 'Signing you in' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/apps'));
    expect(readSession()?.email).toBe('ada@acme.example');
    expect(window.location.hash).toBe('');
    const [, init] = network.fetch.mock.calls[0]!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ code: 'one-time-code' });
  });

  it('says a used or expired code could not complete the sign-in, with the way back to sign in', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: true, message: 'This sign-in has expired or was already used. Please sign in again.' }, 401));
    window.history.replaceState(null, '', '/login/identity-provider#code=used');
    renderWithProviders(<IdentityProviderCompletionPage />, { route: '/login/identity-provider' });
    expect(await screen.findByText('This sign-in has expired or was already used. Please sign in again.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  });
});
