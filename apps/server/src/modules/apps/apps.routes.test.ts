import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, errorEnvelope, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, createService } from '../../../test/factories.js';
import { auditLog, oneTimeTokens } from '../../db/schema/index.js';
import { APP_NOT_READY, INVALID_LAUNCH_TOKEN } from './apps.service.js';

let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp({ VOICE_APP_URL: 'https://voice.test/app?lang=en', PAYLINK_APP_URL: 'https://paylink.test/' });
});
afterAll(() => test.close());

const db = () => test.database.db;
const tilesOf = (response: { json(): unknown }) => successEnvelope(endpoints.listApps.result).parse(response.json()).result;
const listApps = (token: string) => test.app.inject({ method: 'GET', url: '/api/portal/apps', headers: bearer(token) });
const launch = (token: string, appId: string) => test.app.inject({ method: 'POST', url: `/api/portal/apps/${appId}/launch`, headers: bearer(token) });
const redeem = (appId: string, token: unknown) => test.app.inject({ method: 'POST', url: `/api/portal/apps/${appId}/launch/redeem`, payload: { token } });

/** An account with every kind of app service, and an admin and a plain user in it. */
async function accountWithApps() {
  const account = await createAccount(db());
  await createService(db(), { accountId: account.id, itemType: 'itp_voice', apiId: 'itpv-1' });
  await createService(db(), { accountId: account.id, itemType: 'paylink360', apiId: 'pl-1' });
  await createService(db(), { accountId: account.id, itemType: 'office365' });
  await createService(db(), { accountId: account.id, itemType: 'google_apps' });
  await createService(db(), { accountId: account.id, itemType: 'it_managed_services' });
  await createService(db(), { accountId: account.id, itemType: 'itp_cloud' });
  const admin = await createContact(db(), { accountId: account.id, adminGroup: true });
  const technical = await createContact(db(), { accountId: account.id, technicalGroup: true });
  const user = await createContact(db(), { accountId: account.id, billingGroup: true });
  return {
    account,
    admin: { contact: admin, token: (await signIn(test.app, admin.email)).access_token },
    technical: { contact: technical, token: (await signIn(test.app, technical.email)).access_token },
    user: { contact: user, token: (await signIn(test.app, user.email)).access_token },
  };
}

describe('GET /api/portal/apps', () => {
  it('gives a tile per app the account has, with the IT managed services tile for admins and technical contacts only', async () => {
    const { admin, technical, user } = await accountWithApps();
    const adminTiles = tilesOf(await listApps(admin.token));
    expect(adminTiles.map((tile) => [tile.id, tile.launch, tile.url])).toEqual([
      ['itp_voice', 'token', null],
      ['paylink360', 'token', null],
      ['office365', 'external', test.config.apps.office365],
      ['google_workspace', 'external', test.config.apps.googleWorkspace],
      ['it_managed_services', 'internal', '/it-assets'],
    ]);
    expect(adminTiles[0]).toMatchObject({ api_id: 'itpv-1', item_type: 'itp_voice', audience: 'user' });
    expect(adminTiles[4]).toMatchObject({ audience: 'technical' });

    // Decision 0031: a technical contact opens the IT Asset Manager, so gets its tile.
    expect(tilesOf(await listApps(technical.token))).toEqual(adminTiles);

    // Billing access is no way in.
    const userTiles = tilesOf(await listApps(user.token));
    expect(userTiles.map((tile) => tile.id)).toEqual(['itp_voice', 'paylink360', 'office365', 'google_workspace']);
  });

  it('shows an app whose service is still being provisioned, or lacks its api_id, as not ready', async () => {
    const account = await createAccount(db());
    await createService(db(), { accountId: account.id, itemType: 'itp_voice', apiId: 'itpv-2', provisionStatus: 'pending' });
    await createService(db(), { accountId: account.id, itemType: 'paylink360', apiId: null });
    await createService(db(), { accountId: account.id, itemType: 'office365', status: 'inactive' });
    const user = await createContact(db(), { accountId: account.id });
    const tiles = tilesOf(await listApps((await signIn(test.app, user.email)).access_token));
    expect(tiles.map((tile) => [tile.id, tile.launch, tile.url])).toEqual([
      ['itp_voice', 'unavailable', null],
      ['paylink360', 'unavailable', null],
    ]);
  });

  it('never derives tiles from another account’s services, and is empty without services', async () => {
    const other = await accountWithApps();
    const lonely = await createContact(db(), { accountId: (await createAccount(db())).id, adminGroup: true });
    expect(other.account.id).not.toBe(lonely.accountId);
    expect(tilesOf(await listApps((await signIn(test.app, lonely.email)).access_token))).toEqual([]);
  });

  it('refuses an anonymous caller', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/portal/apps' })).statusCode).toBe(401);
  });
});

describe('POST /api/portal/apps/:appId/launch', () => {
  it('returns the configured address with a one-time token and v2={api_id}, never the access token', async () => {
    const { user } = await accountWithApps();
    const response = await launch(user.token, 'itp_voice');
    expect(response.statusCode).toBe(200);
    const url = new URL(successEnvelope(endpoints.launchApp.result).parse(response.json()).result.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://voice.test/app');
    expect(url.searchParams.get('lang')).toBe('en');
    expect(url.searchParams.get('v2')).toBe('itpv-1');
    const token = url.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(token).not.toBe(user.token);
    expect(response.body).not.toContain(user.token);

    const [row] = await db()
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.contactId, user.contact.id), eq(oneTimeTokens.purpose, 'app_launch')));
    expect(row!.payload).toMatchObject({ app: 'itp_voice', apiId: 'itpv-1' });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(61_000);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.contactId, user.contact.id), eq(auditLog.action, 'apps.launch')));
    expect(audits).toHaveLength(1);
  });

  it('gives each launch a fresh token', async () => {
    const { user } = await accountWithApps();
    const first = successEnvelope(endpoints.launchApp.result).parse((await launch(user.token, 'paylink360')).json()).result.url;
    const second = successEnvelope(endpoints.launchApp.result).parse((await launch(user.token, 'paylink360')).json()).result.url;
    expect(new URL(first).searchParams.get('v2')).toBe('pl-1');
    expect(new URL(first).searchParams.get('token')).not.toBe(new URL(second).searchParams.get('token'));
  });

  it('returns the plain link of an external app and refuses an app that is not ready', async () => {
    const { user } = await accountWithApps();
    expect(successEnvelope(endpoints.launchApp.result).parse((await launch(user.token, 'office365')).json()).result.url).toBe(test.config.apps.office365);

    const account = await createAccount(db());
    await createService(db(), { accountId: account.id, itemType: 'itp_voice', apiId: 'x', provisionStatus: 'pending' });
    const waiting = await createContact(db(), { accountId: account.id });
    const response = await launch((await signIn(test.app, waiting.email)).access_token, 'itp_voice');
    expect(response.statusCode).toBe(409);
    expect(errorEnvelope.parse(response.json()).message).toBe(APP_NOT_READY);
  });

  it('answers 404 for an app the caller does not have: unknown, another account’s, or admin-only', async () => {
    const { user } = await accountWithApps();
    const lonely = await createContact(db(), { accountId: (await createAccount(db())).id });
    const lonelyToken = (await signIn(test.app, lonely.email)).access_token;
    for (const [token, appId] of [
      [user.token, 'no_such_app'],
      [lonelyToken, 'itp_voice'],
      [user.token, 'it_managed_services'],
    ] as const) {
      const response = await launch(token, appId);
      expect(response.statusCode, appId).toBe(404);
      expect(errorEnvelope.parse(response.json()).message).toBe('The application was not found');
    }
  });

  it('refuses an app id that is too long, naming the parameter', async () => {
    const { user } = await accountWithApps();
    const response = await launch(user.token, 'x'.repeat(101));
    expect(response.statusCode).toBe(400);
    expect(errorEnvelope.parse(response.json()).fields).toHaveProperty('appId');
  });

  it('refuses an anonymous caller', async () => {
    expect((await test.app.inject({ method: 'POST', url: '/api/portal/apps/itp_voice/launch' })).statusCode).toBe(401);
  });
});

describe('POST /api/portal/apps/:appId/launch/redeem', () => {
  async function launchToken(token: string, appId: string) {
    const url = successEnvelope(endpoints.launchApp.result).parse((await launch(token, appId)).json()).result.url;
    return new URL(url).searchParams.get('token')!;
  }

  it('tells the launched app who launched it, once', async () => {
    const { account, user } = await accountWithApps();
    const token = await launchToken(user.token, 'itp_voice');
    const response = await redeem('itp_voice', token);
    expect(response.statusCode).toBe(200);
    expect(successEnvelope(endpoints.redeemAppLaunch.result).parse(response.json()).result).toEqual({
      app: 'itp_voice',
      api_id: 'itpv-1',
      contact: { pk: user.contact.id, email: user.contact.email, firstname: user.contact.firstname, lastname: user.contact.lastname, time_zone: 'US/Eastern' },
      account: { id: account.id, name: account.name },
    });
    const again = await redeem('itp_voice', token);
    expect(again.statusCode).toBe(401);
    expect(errorEnvelope.parse(again.json()).message).toBe(INVALID_LAUNCH_TOKEN);
  });

  it('refuses a token presented to another app, an expired one, and an access token', async () => {
    const { user } = await accountWithApps();
    const forPaylink = await launchToken(user.token, 'paylink360');
    expect((await redeem('itp_voice', forPaylink)).statusCode).toBe(401);

    const expiring = await launchToken(user.token, 'itp_voice');
    await db()
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.purpose, 'app_launch'));
    expect((await redeem('itp_voice', expiring)).statusCode).toBe(401);
    expect((await redeem('itp_voice', user.token)).statusCode).toBe(401);
  });

  it('refuses bad input with the field named', async () => {
    const response = await redeem('itp_voice', 42);
    expect(response.statusCode).toBe(400);
    expect(errorEnvelope.parse(response.json()).fields).toHaveProperty('token');
  });
});
