import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SignInSession } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { PASSWORD_CHANGED, PASSWORDS_DIFFER } from './ChangePasswordModal';
import { writeImpersonation } from '../../../shared/session/session-store';
import { SecuritySection } from './SecuritySection';

afterEach(() => vi.unstubAllGlobals());

const aSession = (id: string, overrides: Partial<SignInSession> = {}): SignInSession => ({
  id,
  current: false,
  started_at: '2026-11-20T09:00:00.000Z',
  last_seen_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  ip: '198.51.100.24',
  browser: 'Safari 18 on iOS 18',
  impersonated_by: null,
  ...overrides,
});
const THIS = aSession('11111111-1111-4111-8111-111111111111', { current: true, browser: 'Chrome 142 on Windows 10' });
const PHONE = aSession('22222222-2222-4222-8222-222222222222');
const render = () => renderSignedIn(<SecuritySection />, { route: '/profile' });
const callsTo = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://portal.test').pathname === path);

describe('SecuritySection', () => {
  it('lists where I am signed in, this browser marked, and signs another one out', async () => {
    const fetchMock = stubApi({
      'GET /api/portal/sessions': () => ok([THIS, PHONE]),
      [`DELETE /api/portal/sessions/${PHONE.id}`]: ok(null, 'That browser is signed out.'),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Where you are signed in' });
    const [mine, phone] = within(list).getAllByRole('listitem');
    expect(mine).toHaveTextContent('Chrome 142 on Windows 10');
    expect(mine).toHaveTextContent('This browser');
    expect(within(mine!).queryByRole('button')).not.toBeInTheDocument();
    expect(phone).toHaveTextContent('198.51.100.24');
    await userEvent.click(within(phone!).getByRole('button', { name: 'Sign out Safari 18 on iOS 18' }));
    expect(await screen.findByText('Safari 18 on iOS 18 is signed out.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', `/api/portal/sessions/${PHONE.id}`)).toHaveLength(1);
  });

  it('signs out everywhere else, and offers it only when there is somewhere else', async () => {
    let sessions = [THIS, PHONE, aSession('33333333-3333-4333-8333-333333333333')];
    stubApi({
      'GET /api/portal/sessions': () => ok(sessions),
      'POST /api/portal/sessions/sign-out-others': () => {
        sessions = [THIS];
        return ok({ signed_out: 2 });
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('2 other browsers are signed out.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).not.toBeInTheDocument());
  });

  it('changes my password: the two new ones must match, the server’s word goes under its field, then it is done', async () => {
    let answer = () => failure(400, 'The current password is not correct.', { current_password: 'The current password is not correct.' });
    const fetchMock = stubApi({ 'GET /api/portal/sessions': () => ok([THIS]), 'POST /api/portal/password': () => answer() });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your password' });
    await userEvent.type(within(dialog).getByLabelText(/^Current password/), 'old one');
    await userEvent.type(within(dialog).getByLabelText(/^New password \*?$/), 'Harbour lantern 4 violet');
    await userEvent.type(within(dialog).getByLabelText(/^New password, again/), 'Harbour lantern 4 violent');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(within(dialog).getByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/portal/password')).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText(/^New password, again/));
    await userEvent.type(within(dialog).getByLabelText(/^New password, again/), 'Harbour lantern 4 violet');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('The current password is not correct.')).toBeInTheDocument();

    answer = () => ok(null, PASSWORD_CHANGED);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_CHANGED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change your password' })).not.toBeInTheDocument());
    const sent = callsTo(fetchMock, 'POST', '/api/portal/password').at(-1)!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ current_password: 'old one', new_password: 'Harbour lantern 4 violet' });
  });

  it('shows an error with a retry, and nothing at all against a server without these calls', async () => {
    let answer = () => failure(500, 'Something broke on our side.');
    // A server without passkeys: that part is left out, so the one retry is the sessions'.
    stubApi({ 'GET /api/portal/sessions': () => answer(), 'GET /api/portal/passkeys': () => failure(404, 'Not found') });
    const { unmount } = render();
    expect(await screen.findByText('Something broke on our side.')).toBeInTheDocument();
    answer = () => ok([THIS]);
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByRole('list', { name: 'Where you are signed in' })).toBeInTheDocument();
    unmount();

    stubApi({ 'GET /api/portal/sessions': () => failure(404, 'Not found') });
    render();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Security' })).not.toBeInTheDocument());
  });
});

describe('SecuritySection, signed in for support', () => {
  it('offers the provider’s staff neither a password change nor two-step sign-in, and says why', async () => {
    writeImpersonation('Sam Staff');
    stubApi({
      'GET /api/portal/sessions': () => ok([THIS]),
      'GET /api/portal/two-factor': () => ok({ totp: false, enabled_at: null, recovery_codes_left: 0 }),
    });
    render();
    expect(await screen.findByText(/signed in for support by Sam Staff/)).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Where you are signed in' });
    // Two-step sign-in's state is shown; its button is not.
    expect(await screen.findByText(/^Off\. Add a code/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set up two-step sign-in' })).not.toBeInTheDocument();
    writeImpersonation(null);
  });
});
