import { DEFAULT_USER_TIME_ZONE } from '@portal/contract';
import { specSignedIn } from '@portal/contract/spec-shaped';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetchForEachTest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { specShapedResponse } from '../../test/spec-shaped';
import { readSession, toStoredSession } from './session-store';
import { useSignedInUser } from './signed-in-user';

const network = stubFetchForEachTest();

/** A sign-in answer with §7's fields alone: not even §3's technical_group, time_zone and ui_color_mode. */
const { technical_group: _technical, time_zone: _zone, ui_color_mode: _mode, ...onlySection7 } = specSignedIn;
const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const aJwtExpiringAt = (exp: number) => `${base64url({ alg: 'HS256', typ: 'at+jwt' })}.${base64url({ sub: '7', exp })}.signature`;

function SignedInProbe() {
  const user = useSignedInUser();
  return (
    <output data-testid="signed-in">
      {user.contactId} {user.fullName} {user.timeZone} technical:{String(user.flags.technical_group)}
    </output>
  );
}

describe('a stored session made from a spec-shaped sign-in (docs/product.md §3, §7)', () => {
  it('completes what the answer left out: id from pk, token from access_token, the expiry from the JWT, technical false', () => {
    const session = toStoredSession({ ...onlySection7, access_token: aJwtExpiringAt(1_900_000_000) });

    expect(session).toMatchObject({
      id: 7,
      pk: 7,
      token: session.access_token,
      exp: 1_900_000_000,
      expireDate: '2030-03-17T17:46:40.000Z',
      technical_group: false,
    });
    expect(session.auth).toEqual({ admin_group: true, billing_group: true });
    // No time zone or theme of the user's: the screens use the product's default zone and this browser's theme.
    expect(session.time_zone).toBeUndefined();
    expect(session.ui_color_mode).toBeUndefined();
  });

  it('gives the screens the default time zone when the sign-in had none', async () => {
    const session = toStoredSession({ ...onlySection7, access_token: aJwtExpiringAt(1_900_000_000) });
    renderWithProviders(<SignedInProbe />, { route: '/apps', session });

    expect(await screen.findByTestId('signed-in')).toHaveTextContent(`7 Dana Admin ${DEFAULT_USER_TIME_ZONE} technical:false`);
    expect(network.fetch).not.toHaveBeenCalled();
  });

  it('refreshes on the next page load when the access token tells no expiry, and keeps the refreshed session', async () => {
    network.fetch.mockImplementation(async () => specShapedResponse('refresh'));
    const stale = { ...toStoredSession(onlySection7), access_token: 'old-access', refresh_token: 'old-refresh' };
    renderWithProviders(<SignedInProbe />, { route: '/apps', session: stale });

    expect(await screen.findByTestId('signed-in')).toHaveTextContent('7 Dana Admin');
    const [url, init] = network.fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/crm/auth/refresh');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer old-refresh');
    await waitFor(() =>
      expect(readSession()).toMatchObject({ access_token: specSignedIn.access_token, token: specSignedIn.access_token, time_zone: specSignedIn.time_zone }),
    );
  });
});
