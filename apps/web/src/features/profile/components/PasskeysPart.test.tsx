import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Passkey } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Ceremony from '../../../shared/passkeys/ceremony';
import { failure, ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { writeImpersonation } from '../../../shared/session/session-store';
import { PASSKEY_NAME_REQUIRED } from './PasskeyNameField';
import { PasskeysPart } from './PasskeysPart';

// The browser's ceremony is SimpleWebAuthn's and the e2e journey's (a virtual authenticator); here it answers at once.
vi.mock('../../../shared/passkeys/ceremony', async (original) => ({
  ...(await original<typeof Ceremony>()),
  createPasskey: vi.fn(async () => ({ id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} })),
}));

afterEach(() => vi.unstubAllGlobals());

const LAPTOP: Passkey = { id: 7, name: 'Work laptop', created_at: '2026-11-20T09:00:00.000Z', last_used_at: null, synced: false };
const PHONE: Passkey = {
  id: 8,
  name: 'Phone',
  created_at: '2026-11-21T09:00:00.000Z',
  last_used_at: new Date(Date.now() - 60_000).toISOString(),
  synced: true,
};
const render = (changeable = true) => renderSignedIn(<PasskeysPart changeable={changeable} />, { route: '/profile' });
const calls = (fetchMock: ReturnType<typeof stubApi>, method: string, path: string) =>
  fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && new URL(String(input), 'http://portal.test').pathname === path);

describe('PasskeysPart', () => {
  it('lists my passkeys with when each was added and last used', async () => {
    stubApi({ 'GET /api/portal/passkeys': () => ok([LAPTOP, PHONE]) });
    render();
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const [laptop, phone] = within(list).getAllByRole('listitem');
    expect(laptop).toHaveTextContent('Work laptop');
    expect(laptop).toHaveTextContent(/added .*2026/);
    expect(laptop).toHaveTextContent('never used');
    expect(phone).toHaveTextContent('last used');
  });

  it('says when there is none, and shows an error with a retry', async () => {
    let answer = () => failure(500, 'Something broke on our side.');
    stubApi({ 'GET /api/portal/passkeys': () => answer() });
    render();
    expect(await screen.findByText('Something broke on our side.')).toBeInTheDocument();
    answer = () => ok([]);
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('No passkeys')).toBeInTheDocument();
  });

  it('adds a passkey under the name given, after the browser’s prompt', async () => {
    let passkeys: Passkey[] = [];
    const fetchMock = stubApi({
      'GET /api/portal/passkeys': () => ok(passkeys),
      'POST /api/portal/passkeys/registration': () => ok({ token: 'tok', expires_at: '2026-11-20T09:05:00.000Z', options: { challenge: 'abc' } }),
      'POST /api/portal/passkeys': () => {
        passkeys = [LAPTOP];
        return ok(LAPTOP, 'The passkey was added.');
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a passkey' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(PASSKEY_NAME_REQUIRED)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Work laptop ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The passkey “Work laptop” was added.')).toBeInTheDocument();
    const sent = calls(fetchMock, 'POST', '/api/portal/passkeys').at(-1)!;
    expect(JSON.parse(String(sent[1]!.body))).toMatchObject({ token: 'tok', name: 'Work laptop', credential: { id: 'cred' } });
    expect(await screen.findByRole('list', { name: 'Your passkeys' })).toHaveTextContent('Work laptop');
  });

  it('removes a passkey only once confirmed', async () => {
    let passkeys = [LAPTOP];
    const fetchMock = stubApi({
      'GET /api/portal/passkeys': () => ok(passkeys),
      [`DELETE /api/portal/passkeys/${LAPTOP.id}`]: () => {
        passkeys = [];
        return ok(null, 'The passkey was removed.');
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove the passkey Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls(fetchMock, 'DELETE', `/api/portal/passkeys/${LAPTOP.id}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Remove the passkey Work laptop' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Remove this passkey?' })).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('No passkeys')).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock, 'DELETE', `/api/portal/passkeys/${LAPTOP.id}`)).toHaveLength(1));
  });

  it('renames a passkey: the field starts from its name, an empty name is refused, the server’s refusal is shown', async () => {
    let passkeys = [LAPTOP, PHONE];
    let refuse = true;
    const fetchMock = stubApi({
      'GET /api/portal/passkeys': () => ok(passkeys),
      // What was sent is checked below, from the calls.
      [`PUT /api/portal/passkeys/${PHONE.id}`]: () => {
        if (refuse) return failure(400, 'The name must be at most 60 characters');
        passkeys = [LAPTOP, { ...PHONE, name: 'Personal phone' }];
        return ok(passkeys[1]);
      },
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Rename the passkey Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename this passkey' });
    const field = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(field).toHaveValue('Phone');
    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(within(dialog).getByText(PASSKEY_NAME_REQUIRED)).toBeInTheDocument();
    expect(calls(fetchMock, 'PUT', `/api/portal/passkeys/${PHONE.id}`)).toHaveLength(0);
    await userEvent.type(field, ' Personal phone ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The name must be at most 60 characters');
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('The passkey is now called “Personal phone”.')).toBeInTheDocument();
    const sent = calls(fetchMock, 'PUT', `/api/portal/passkeys/${PHONE.id}`).at(-1)!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ name: 'Personal phone' });
    await waitFor(() => expect(screen.getByRole('list', { name: 'Your passkeys' })).toHaveTextContent('Personal phone'));
    // Opened again for the other passkey, the field holds that one's name, not what was typed before.
    await userEvent.click(screen.getByRole('button', { name: 'Rename the passkey Work laptop' }));
    expect(within(await screen.findByRole('dialog', { name: 'Rename this passkey' })).getByRole('textbox', { name: /Name/ })).toHaveValue('Work laptop');
  });

  it('shows the provider’s staff signed in as the person the list, and no way to change it', async () => {
    writeImpersonation('Sam Staff');
    stubApi({ 'GET /api/portal/passkeys': () => ok([LAPTOP]) });
    render(false);
    await screen.findByRole('list', { name: 'Your passkeys' });
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Rename/ })).not.toBeInTheDocument();
    writeImpersonation(null);
  });
});
