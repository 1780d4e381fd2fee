import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { stubFetchForEachTest } from '../../../test/fetch-stub';

const network = stubFetchForEachTest();

const SENT_MESSAGE = 'If an account exists for that address, we have sent it a link to reset the password. The link works for one hour.';

function renderPage() {
  renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
}

const emailField = () => screen.getByRole('textbox', { name: /email/i });

async function requestFor(user: ReturnType<typeof userEvent.setup>, email: string) {
  if (email) await user.type(emailField(), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
}

describe('ForgotPasswordPage', () => {
  it("shows a required email field of email type, 'Send Reset Link' and 'Back to Sign In'", () => {
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(emailField()).toBeRequired();
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
  });

  it('requires the email before calling the server', async () => {
    const user = userEvent.setup();
    renderPage();

    await requestFor(user, '');

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(network.fetch).not.toHaveBeenCalled();
  });

  it('requires an email address', async () => {
    const user = userEvent.setup();
    renderPage();

    await requestFor(user, 'not-an-address');

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(network.fetch).not.toHaveBeenCalled();
  });

  it("asks GET /crm/auth/reset-pw?username= and shows 'Check your email' with the server's message", async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: null, message: SENT_MESSAGE }));
    const user = userEvent.setup();
    renderPage();

    await requestFor(user, '  dana.reyes@northwind.example ');

    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(SENT_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('dana.reyes@northwind.example')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
    const [url, init] = network.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/crm/auth/reset-pw?username=dana.reyes%40northwind.example');
    expect(init?.method).toBe('GET');
  });

  it('shows the submitting state while the request runs', async () => {
    network.fetch.mockReturnValue(new Promise<Response>(() => {}));
    const user = userEvent.setup();
    renderPage();

    await requestFor(user, 'dana.reyes@northwind.example');

    await waitFor(() => expect(screen.getByRole('button', { name: 'Send Reset Link' })).toHaveAttribute('data-loading', 'true'));
    expect(emailField()).toBeDisabled();
  });

  it("shows the server's message when the request is refused (throttled)", async () => {
    network.fetch.mockResolvedValue(
      jsonResponse({ errors: true, message: 'Too many password reset requests. Please wait 60 minutes and try again.', code: 'rate_limited' }, 429),
    );
    const user = userEvent.setup();
    renderPage();

    await requestFor(user, 'dana.reyes@northwind.example');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many password reset requests. Please wait 60 minutes and try again.');
    expect(screen.queryByRole('heading', { name: 'Check your email' })).not.toBeInTheDocument();
  });

  it("falls back to 'Failed to send reset email. Please try again.'", async () => {
    network.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderPage();

    await requestFor(user, 'dana.reyes@northwind.example');

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to send reset email\. Please try again\.$/);
  });
});
