import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TwoFactorStatus } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, pending, renderSignedIn, stubApi } from '../../../test/signed-in';
import { SecuritySection } from './SecuritySection';

afterEach(() => vi.unstubAllGlobals());

const OFF: TwoFactorStatus = { totp: false, enabled_at: null, recovery_codes_left: 0 };
const ON: TwoFactorStatus = { totp: true, enabled_at: '2026-11-20T09:00:00.000Z', recovery_codes_left: 10 };
const ENROLMENT = {
  otpauth_uri: 'otpauth://totp/Portal:dana%40northwind.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Portal',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = Array.from({ length: 10 }, (_, index) => `abcd-efgh-jkmn-pq${String(index).padStart(2, '0')}`);
const render = () => renderSignedIn(<SecuritySection />, { route: '/profile' });

describe('Two-step sign-in (Profile → Security)', () => {
  it('sets it up: QR code and secret, a code from the app, then the recovery codes, to download and confirm as saved', async () => {
    let status = OFF;
    const fetchMock = stubApi({
      'GET /api/portal/sessions': () => ok([]),
      'GET /api/portal/two-factor': () => ok(status),
      'POST /api/portal/two-factor/totp': () => ok(ENROLMENT),
      'POST /api/portal/two-factor/totp/confirm': () => {
        const body = JSON.parse(String(fetchMock.mock.lastCall?.[1]?.body)) as { code: string };
        if (body.code !== '123456') return failure(400, 'That code is not right.', { code: 'That code is not right.' });
        status = ON;
        return ok({ recovery_codes: CODES });
      },
    });
    const createObjectURL = vi.fn(() => 'blob:codes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up two-step sign-in' });
    expect(await within(dialog).findByRole('img', { name: 'QR code to scan with your authenticator app' })).toHaveAttribute('src', ENROLMENT.qr_code);
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(within(dialog).getByRole('button', { name: 'Copy the secret' })).toBeInTheDocument();
    const code = within(dialog).getByLabelText(/Code from the app/);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('Enter the 6-digit code your app shows')).toBeInTheDocument();
    await user.type(code, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText('That code is not right.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    const saved = screen.getByRole('dialog', { name: 'Save your recovery codes' });
    expect(within(saved).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.click(within(saved).getByRole('button', { name: 'Download' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const file = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await file.text()).toContain(CODES.join('\n'));

    const done = within(saved).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(saved).getByRole('checkbox', { name: 'I have saved them' }));
    await user.click(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/10 recovery codes are left/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('turns it off with the password, the server’s word under the field when it is wrong', async () => {
    let status = ON;
    const fetchMock = stubApi({
      'GET /api/portal/sessions': () => ok([]),
      'GET /api/portal/two-factor': () => ok(status),
      'POST /api/portal/two-factor/totp/disable': () => {
        const body = JSON.parse(String(fetchMock.mock.lastCall?.[1]?.body)) as { current_password?: string };
        if (body.current_password !== 'right')
          return failure(400, 'The current password is not correct.', { current_password: 'The current password is not correct.' });
        status = OFF;
        return ok(null, 'Two-step sign-in is off.');
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in' });
    await user.type(within(dialog).getByLabelText(/Current password/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('The current password is not correct.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Current password/));
    await user.type(within(dialog).getByLabelText(/Current password/), 'right');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step sign-in is off.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
  });

  it('makes new recovery codes with a code from the app, and shows them once until they are saved', async () => {
    const NEW_CODES = CODES.map((code) => code.split('').reverse().join(''));
    const fetchMock = stubApi({
      'GET /api/portal/sessions': () => ok([]),
      'GET /api/portal/two-factor': () => ok(ON),
      'POST /api/portal/two-factor/recovery-codes': () => {
        const body = JSON.parse(String(fetchMock.mock.lastCall?.[1]?.body)) as { code?: string };
        if (body.code !== '123456') return failure(400, 'That code is not right.', { code: 'That code is not right.' });
        return ok({ recovery_codes: NEW_CODES });
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'New recovery codes' });
    await user.click(within(dialog).getByRole('button', { name: 'Use a code from your app instead' }));
    await user.type(within(dialog).getByLabelText(/Code from your authenticator app/), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    expect(await within(dialog).findByText('That code is not right.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Code from your authenticator app/));
    await user.type(within(dialog).getByLabelText(/Code from your authenticator app/), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Make new codes' }));
    const saved = await screen.findByRole('dialog', { name: 'Save your new recovery codes' });
    expect(
      within(saved)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(NEW_CODES);
    expect(within(saved).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.click(within(saved).getByRole('checkbox', { name: 'I have saved them' }));
    await user.click(within(saved).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says that a passkey is asked after the password when the person has no authenticator app but a passkey', async () => {
    stubApi({
      'GET /api/portal/sessions': () => ok([]),
      'GET /api/portal/two-factor': () => ok(OFF),
      'GET /api/portal/passkeys': () => ok([{ id: 1, name: 'Work laptop', created_at: '2026-11-20T09:00:00.000Z', last_used_at: null, synced: false }]),
    });
    render();
    expect(await screen.findByText(/signing in asks for one of your passkeys/)).toBeInTheDocument();
    expect(screen.queryByText(/^Off\./)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
  });

  it('is left out against an API without it', async () => {
    stubApi({ 'GET /api/portal/sessions': () => ok([]), 'GET /api/portal/two-factor': () => failure(404, 'Not found') });
    render();
    expect(await screen.findByText('No sign-ins')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Two-step sign-in' })).not.toBeInTheDocument());
  });

  it('shows a loading state while the setup is prepared', async () => {
    stubApi({ 'GET /api/portal/sessions': () => ok([]), 'GET /api/portal/two-factor': () => ok(OFF), 'POST /api/portal/two-factor/totp': pending });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    expect(await screen.findByLabelText('Preparing your authenticator secret')).toBeInTheDocument();
  });
});
