import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aLoginResult, aStoredSession, jsonResponse } from '../../test/fixtures';
import { currentPath, renderWithProviders } from '../../test/render';
import { IMPERSONATED_BY_STORAGE_KEY, IMPERSONATING_STORAGE_KEY, readSession } from '../../shared/session/session-store';
import { ImpersonationBanner } from './ImpersonationBanner';
import { LoginPage } from '../../features/auth';
import { stubFetchForEachTest } from '../../test/fetch-stub';

const network = stubFetchForEachTest();

describe('ImpersonationBanner', () => {
  it('is absent for an ordinary sign-in', () => {
    renderWithProviders(<ImpersonationBanner />, { route: '/apps', session: aStoredSession() });
    expect(screen.queryByRole('region', { name: 'Impersonation' })).not.toBeInTheDocument();
  });

  it('names the impersonated user and the staff member after a token sign-in', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: aLoginResult({ impersonated_by: 'Sam Staff' }) }));
    renderWithProviders(<ImpersonationBanner />, { route: '/apps?token=one-time-1' });

    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    expect(banner).toHaveTextContent('Impersonating Dana Reyes');
    expect(banner).toHaveTextContent('dana.reyes@northwind.example');
    expect(banner).toHaveTextContent('on behalf of Sam Staff');
  });

  it('ends the impersonation: signs out and clears both flags', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: null }));
    localStorage.setItem(IMPERSONATING_STORAGE_KEY, 'true');
    localStorage.setItem(IMPERSONATED_BY_STORAGE_KEY, 'Sam Staff');
    const user = userEvent.setup();
    renderWithProviders(<ImpersonationBanner />, { route: '/apps', session: aStoredSession() });

    await user.click(screen.getByRole('button', { name: 'End impersonation' }));

    await waitFor(() => expect(currentPath()).toBe('/login'));
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(IMPERSONATING_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(IMPERSONATED_BY_STORAGE_KEY)).toBeNull();
  });
});

describe('a refused impersonation token', () => {
  it("shows 'Invalid token for impersonate login' on the sign-in screen", async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: true, message: 'Invalid token for impersonate login' }, 401));
    renderWithProviders(<LoginPage />, { route: '/login?token=used-already' });

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid token for impersonate login');
    expect(readSession()).toBeNull();
  });
});
