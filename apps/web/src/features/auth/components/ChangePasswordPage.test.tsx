import { PASSWORD_CHANGE_REDIRECT_MS } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession, jsonResponse } from '../../../test/fixtures';
import { currentPath, renderWithProviders } from '../../../test/render';
import { readSession } from '../../../shared/session/session-store';
import { ChangePasswordPage } from './ChangePasswordPage';
import { stubFetchForEachTest } from '../../../test/fetch-stub';

const network = stubFetchForEachTest();
afterEach(() => {
  vi.useRealTimers();
});

function renderPage(route = '/page-change-password?token=reset-token-1') {
  renderWithProviders(
    <Routes>
      <Route path="/page-change-password" element={<ChangePasswordPage />} />
      <Route path="/login" element={<h1>Sign in</h1>} />
      <Route path="/forgot-password" element={<h1>Reset your password</h1>} />
    </Routes>,
    { route },
  );
}

const newPassword = () => screen.getByLabelText(/^New password/, { selector: 'input' });
const confirmPassword = () => screen.getByLabelText(/^Confirm new password/, { selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: 'Change Password' });

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, password: string, confirmation: string) {
  if (password) await user.type(newPassword(), password);
  if (confirmation) await user.type(confirmPassword(), confirmation);
  await user.click(submitButton());
}

describe('ChangePasswordPage', () => {
  it('shows the form of docs/product.md §2: two required password fields, each with a show/hide toggle', async () => {
    const user = userEvent.setup();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(newPassword()).toBeRequired();
    expect(confirmPassword()).toBeRequired();
    expect(newPassword()).toHaveAttribute('type', 'password');
    expect(submitButton()).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(newPassword()).toHaveAttribute('type', 'text');
    expect(confirmPassword()).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show confirm new password' }));
    expect(confirmPassword()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide new password' }));
    expect(newPassword()).toHaveAttribute('type', 'password');
  });

  it('requires both fields before calling the server', async () => {
    const user = userEvent.setup();
    renderPage();

    await user.click(submitButton());

    expect(await screen.findByText('Please enter a new password.')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your new password.')).toBeInTheDocument();
    expect(network.fetch).not.toHaveBeenCalled();
  });

  it("says 'Passwords do not match.' when the confirmation differs", async () => {
    const user = userEvent.setup();
    renderPage();

    await fillAndSubmit(user, 'long enough 1', 'long enough 2');

    expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
    expect(network.fetch).not.toHaveBeenCalled();
  });

  it('asks for at least 8 characters', async () => {
    const user = userEvent.setup();
    renderPage();

    await fillAndSubmit(user, 'seven77', 'seven77');

    expect(await screen.findByText('Password must be at least 8 characters long.')).toBeInTheDocument();
    expect(network.fetch).not.toHaveBeenCalled();
  });

  it('accepts exactly 8 characters', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: null }));
    const user = userEvent.setup();
    renderPage();

    await fillAndSubmit(user, 'eight888', 'eight888');

    expect(await screen.findByRole('heading', { level: 1, name: 'Password Changed Successfully' })).toBeInTheDocument();
  });

  it('refuses a blank token at submit with the message of docs/product.md §5', async () => {
    const user = userEvent.setup();
    renderPage('/page-change-password?token=%20%20');

    await fillAndSubmit(user, 'a new password', 'a new password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid reset token. Please request a new password reset.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(network.fetch).not.toHaveBeenCalled();
  });

  it("shows 'Invalid Reset Link' when the token is missing, with a link to request a new one", () => {
    renderPage('/page-change-password');

    expect(screen.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText('Invalid or missing reset token. Please request a new password reset.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
  });

  it('treats an empty token parameter as missing', () => {
    renderPage('/page-change-password?token=');
    expect(screen.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument();
  });

  it('sends PATCH /crm/myprofile with the reset token as bearer, shows the submitting state, then success', async () => {
    let answer: (response: Response) => void = () => {};
    network.fetch.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderPage();

    await fillAndSubmit(user, 'a brand new password', 'a brand new password');

    // Submitting: the button shows progress and the fields are locked.
    await waitFor(() => expect(submitButton()).toHaveAttribute('data-loading', 'true'));
    expect(newPassword()).toBeDisabled();
    expect(confirmPassword()).toBeDisabled();
    const [url, init] = network.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/crm/myprofile');
    expect(init?.method).toBe('PATCH');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer reset-token-1' });
    expect(init?.body).toBe(JSON.stringify({ password: 'a brand new password' }));

    await act(async () => {
      answer(jsonResponse({ errors: false, result: null, message: 'Your password has been changed. Please sign in with your new password.' }));
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Password Changed Successfully' })).toBeInTheDocument();
    expect(screen.getByText('Your password has been changed. Please sign in with your new password.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in now' })).toHaveAttribute('href', '/login');
  });

  it('goes to /login 3 seconds after the success, not before', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: null }));
    renderPage();

    // Fake timers freeze Testing Library's async helpers, so this test drives the form with fireEvent.
    vi.useFakeTimers();
    fireEvent.change(newPassword(), { target: { value: 'a brand new password' } });
    fireEvent.change(confirmPassword(), { target: { value: 'a brand new password' } });
    await act(async () => {
      fireEvent.click(submitButton());
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Password Changed Successfully' })).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(PASSWORD_CHANGE_REDIRECT_MS - 1));
    expect(currentPath()).toBe('/page-change-password');

    act(() => vi.advanceTimersByTime(1));
    expect(currentPath()).toBe('/login');
  });

  it("shows the server's message when the change is refused", async () => {
    network.fetch.mockResolvedValue(
      jsonResponse({ errors: true, message: 'This password reset link is invalid, expired or already used. Please request a new one.' }, 401),
    );
    const user = userEvent.setup();
    renderPage();

    await fillAndSubmit(user, 'a brand new password', 'a brand new password');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password reset link is invalid, expired or already used. Please request a new one.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeEnabled();
  });

  it('shows a refused password (e.g. too common) at the field', async () => {
    network.fetch.mockResolvedValue(
      jsonResponse(
        {
          errors: true,
          message: 'This password is too common and easy to guess. Please choose another.',
          code: 'validation_failed',
          fields: { password: 'This password is too common and easy to guess. Please choose another.' },
        },
        400,
      ),
    );
    const user = userEvent.setup();
    renderPage();

    await fillAndSubmit(user, 'password123', 'password123');

    expect(await screen.findByText('This password is too common and easy to guess. Please choose another.')).toBeInTheDocument();
    expect(newPassword()).toHaveAccessibleDescription(/too common/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to the default failure message of docs/product.md §8 when the server gives none', async () => {
    network.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderPage();

    await fillAndSubmit(user, 'a brand new password', 'a brand new password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to change password. The reset link may have expired. Please request a new one.');
  });

  it('does not sign in with the token and never sends it to the token-login endpoint', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: null }));
    renderPage();
    await screen.findByRole('button', { name: 'Change Password' });
    expect(network.fetch).not.toHaveBeenCalled();
  });

  it('clears any stored session when the page is opened (docs/product.md §4)', () => {
    renderWithProviders(
      <Routes>
        <Route path="/page-change-password" element={<ChangePasswordPage />} />
      </Routes>,
      { route: '/page-change-password?token=reset-token-1', session: aStoredSession() },
    );
    expect(readSession()).toBeNull();
  });
});
