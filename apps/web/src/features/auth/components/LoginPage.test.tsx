import { COPY_CONFIRMATION_MS } from '@portal/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aLoginResult, jsonResponse } from '../../../test/fixtures';
import { currentPath, renderWithProviders } from '../../../test/render';
import { portalConfig } from '../../../shared/config';
import { readSession } from '../../../shared/session/session-store';
import { LoginPage } from './LoginPage';
import { stubFetchForEachTest } from '../../../test/fetch-stub';

const network = stubFetchForEachTest();
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(navigator, 'clipboard');
});

function renderLogin() {
  renderWithProviders(<LoginPage />, { route: '/login' });
}

async function signInAs(user: ReturnType<typeof userEvent.setup>, username: string, password: string) {
  await user.type(screen.getByLabelText(/username/i), username);
  await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  it('says a sign-in is coming when the password field is first focused, and on submit; not on load', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: true, message: 'Invalid username or password' }, 401));
    const onSigningIn = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<LoginPage onSigningIn={onSigningIn} />, { route: '/login?next=%2Ftickets%2F42%3Fstatus%3Dclosed' });
    await user.type(screen.getByLabelText(/username/i), 'dana.reyes@northwind.example');
    expect(onSigningIn).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText(/password/i, { selector: 'input' }));
    expect(onSigningIn).toHaveBeenCalledExactlyOnceWith('/tickets/42');
    await user.tab();
    await user.click(screen.getByLabelText(/password/i, { selector: 'input' }));
    await user.keyboard('not-the-password');
    expect(onSigningIn).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSigningIn).toHaveBeenCalledTimes(2);
    expect(onSigningIn).toHaveBeenLastCalledWith('/tickets/42');
  });

  it('shows the fields, the button, the reset link and the support block of docs/product.md §2', () => {
    renderLogin();

    expect(screen.getByRole('textbox', { name: /username/i })).toBeRequired();
    expect(screen.getByLabelText(/password/i, { selector: 'input' })).toBeRequired();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgot-password');

    const support = screen.getByRole('region', { name: 'Support contact' });
    expect(support).toHaveTextContent(portalConfig.supportPhone);
    expect(support).toHaveTextContent(portalConfig.supportEmail);
    expect(screen.getByRole('link', { name: portalConfig.supportEmail })).toHaveAttribute('href', `mailto:${portalConfig.supportEmail}`);
    // On a narrow screen the address may break before its '@', and only there.
    const [localPart, domain] = portalConfig.supportEmail.split('@');
    expect(screen.getByRole('link', { name: portalConfig.supportEmail }).innerHTML).toBe(`${localPart}<wbr>@${domain}`);
    expect(screen.getByRole('button', { name: 'Copy email address' })).toBeInTheDocument();
  });

  it('requires both username and password before calling the server', async () => {
    const user = userEvent.setup();
    renderLogin();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(network.fetch).not.toHaveBeenCalled();
  });

  it('stores the session and opens /apps after a successful sign-in', async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: false, result: aLoginResult({ billing_group: true }) }));
    const user = userEvent.setup();
    renderLogin();

    await signInAs(user, 'dana.reyes@northwind.example', 'correct horse');

    await waitFor(() => expect(currentPath()).toBe('/apps'));
    expect(readSession()?.auth).toEqual({ admin_group: false, billing_group: true });
    const [url, init] = network.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/crm/auth/login');
    expect(init?.body).toBe(JSON.stringify({ username: 'dana.reyes@northwind.example', password: 'correct horse' }));
  });

  it("shows the server's message when sign-in is refused", async () => {
    network.fetch.mockResolvedValue(jsonResponse({ errors: true, message: 'Invalid username or password.' }, 401));
    const user = userEvent.setup();
    renderLogin();

    await signInAs(user, 'dana.reyes@northwind.example', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password.');
    expect(currentPath()).toBe('/login');
    expect(readSession()).toBeNull();
  });

  it("shows the server's throttling message after too many failures", async () => {
    network.fetch.mockResolvedValue(
      jsonResponse(
        { errors: true, code: 'rate_limited', message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.' },
        429,
      ),
    );
    const user = userEvent.setup();
    renderLogin();

    await signInAs(user, 'dana.reyes@northwind.example', 'wrong again');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
    );
  });

  it("falls back to 'Login failed' when the server gives no message", async () => {
    network.fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    const user = userEvent.setup();
    renderLogin();

    await signInAs(user, 'dana.reyes@northwind.example', 'whatever');

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
  });

  it('shows the check mark on the copy button for 2 seconds', async () => {
    // Testing Library's async helpers wait on setTimeout, which fake timers freeze; so the click
    // goes through fireEvent and the clipboard (a browser edge jsdom lacks) is stubbed.
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    vi.useFakeTimers();
    renderLogin();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy email address' }));
    });

    expect(writeText).toHaveBeenCalledWith(portalConfig.supportEmail);
    expect(screen.getByRole('button', { name: 'Email address copied' })).toBeInTheDocument();
    expect(screen.getByTestId('copy-confirmation')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(screen.getByTestId('copy-confirmation')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('copy-confirmation')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy email address' })).toBeInTheDocument();
  });
});
