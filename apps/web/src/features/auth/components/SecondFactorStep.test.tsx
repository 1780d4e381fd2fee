import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aLoginResult, jsonResponse } from '../../../test/fixtures';
import { stubFetchForEachTest } from '../../../test/fetch-stub';
import { currentPath, renderWithProviders } from '../../../test/render';
import { readSession } from '../../../shared/session/session-store';
import { LoginPage } from './LoginPage';

const network = stubFetchForEachTest();
const CHALLENGE = { two_factor_required: true, pending_token: 'pending-1', expires_at: '2026-11-28T12:05:00.000Z', methods: ['totp', 'recovery_code'] };

async function passwordStep(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<LoginPage />, { route: '/login' });
  await user.type(screen.getByLabelText(/username/i), 'dana.reyes@northwind.example');
  await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByRole('textbox', { name: /Code from your authenticator app/ }, { timeout: 3000 });
}
const bodyOf = (call: number) => JSON.parse(String(network.fetch.mock.calls[call]?.[1]?.body)) as Record<string, unknown>;

describe('the sign-in’s second step', () => {
  it('asks for the code after the password, as a one-time-code numeric field, and signs in with it', async () => {
    network.fetch
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: CHALLENGE }))
      .mockResolvedValueOnce(
        jsonResponse({ errors: true, message: 'That code is not right.', fields: { code: 'That code is not right. Enter the current code.' } }, 401),
      )
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: aLoginResult() }));
    const user = userEvent.setup();
    const code = await passwordStep(user);
    expect(readSession()).toBeNull();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app')).toBeInTheDocument();
    expect(network.fetch).toHaveBeenCalledTimes(1);

    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('That code is not right. Enter the current code.')).toBeInTheDocument();
    expect(bodyOf(1)).toEqual({ pending_token: 'pending-1', code: '111111' });

    await user.type(code, '222 222');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(currentPath()).toBe('/apps'));
    expect(network.fetch.mock.calls[2]?.[0]).toBe('/api/crm/auth/login/second-factor');
    expect(bodyOf(2)).toEqual({ pending_token: 'pending-1', code: '222222' });
    expect(readSession()).not.toBeNull();
  });

  it('takes a recovery code instead', async () => {
    network.fetch
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: CHALLENGE }))
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: aLoginResult() }));
    const user = userEvent.setup();
    await passwordStep(user);
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByRole('textbox', { name: /Recovery code/ }), 'abcd-efgh-jkmn-pqrs');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(currentPath()).toBe('/apps'));
    expect(bodyOf(1)).toEqual({ pending_token: 'pending-1', recovery_code: 'abcd-efgh-jkmn-pqrs' });
  });

  it('goes back to the password with the server’s word when the pending sign-in has expired', async () => {
    network.fetch
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: CHALLENGE }))
      .mockResolvedValueOnce(jsonResponse({ errors: true, message: 'This sign-in has expired. Please sign in again.' }, 401));
    const user = userEvent.setup();
    const code = await passwordStep(user);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in has expired. Please sign in again.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});

describe('setting up two-step sign-in at sign-in, when the account requires it', () => {
  it('shows the QR code and the secret, takes a code, then the recovery codes, and signs in on Continue once they are saved', async () => {
    const enrolment = { otpauth_uri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', secret: 'JBSWY3DPEHPK3PXP', qr_code: 'data:image/svg+xml;base64,PHN2Zy8+' };
    const codes = Array.from({ length: 10 }, (_, index) => `abcd-efgh-jkmn-pq${String(index).padStart(2, '0')}`);
    network.fetch
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: { ...CHALLENGE, methods: [], enrolment_required: true } }))
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: enrolment }))
      .mockResolvedValueOnce(jsonResponse({ errors: false, result: { ...aLoginResult(), recovery_codes: codes } }));
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />, { route: '/login' });
    await user.type(screen.getByLabelText(/username/i), 'dana.reyes@northwind.example');
    await user.type(screen.getByLabelText(/password/i, { selector: 'input' }), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' }, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeInTheDocument();
    expect(bodyOf(1)).toEqual({ pending_token: 'pending-1' });
    await user.type(screen.getByRole('textbox', { name: /Code from the app/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on and sign in' }));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toHaveTextContent(codes[0]!);
    expect(readSession()).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved them' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentPath()).toBe('/apps'));
    expect(readSession()).not.toBeNull();
  });
});
