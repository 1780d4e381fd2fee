import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { failure, ok, stubApi } from '../../../test/signed-in';
import { UnsubscribePage } from './UnsubscribePage';

afterEach(() => vi.unstubAllGlobals());

describe('UnsubscribePage', () => {
  it('asks first, then posts the link’s token, signed out', async () => {
    const fetchMock = stubApi({ 'POST /api/portal/unsubscribe': ok({ category: 'billing', email: false }, 'You will no longer get e-mails about billing.') });
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?link=un1.a.b.billing.sig' });
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/You will no longer get e-mails about billing\./)).toBeInTheDocument();
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://x').searchParams.get('token')).toBe('un1.a.b.billing.sig');
  });

  it('says so when the link does not work, with the way to the profile', async () => {
    stubApi({ 'POST /api/portal/unsubscribe': failure(400, 'This unsubscribe link is not valid.', { token: 'This unsubscribe link is not valid.' }) });
    renderWithProviders(<UnsubscribePage />, { route: '/unsubscribe?link=forged' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('This unsubscribe link is not valid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /on your profile/ })).toHaveAttribute('href', '/profile');
  });
});
