import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope, loginResult, providerEndpoints, providerIdentityProvider, successEnvelope, type IdentityProviderRefusal } from '@portal/contract';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { signIn } from '../../../test/auth.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { signInAtIdentityProvider, startTestIdentityProvider, type TestIdentityProvider } from '../../../test/oidc-test-provider.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { auditLog, contacts, domainEvents, identityProviderSignIns, identityProviders } from '../../db/schema/index.js';
import { createLogger } from '../../platform/logger.js';

const PORTAL = 'http://portal.test';
const CALLBACK = `${PORTAL}/api/crm/auth/identity-provider/callback`;
const CLIENT_SECRET = `idp-client-secret-${Math.random().toString(36).slice(2)}-never-shown`;
const OTHER_SECRET = 'other-client-secret-never-shown';
const DOMAIN = 'acme-idp.example';

const claims = (email: string, verified = true) => ({ email, email_verified: verified, given_name: 'Ida', family_name: 'Provider' });
const ACCOUNTS = {
  ada: claims(`ada@${DOMAIN}`),
  unverified: claims(`una@${DOMAIN}`, false),
  elsewhere: claims('sam@globex-idp.example'),
  borrowed: claims(`bo@${DOMAIN}`),
  newcomer: claims(`new@${DOMAIN}`),
  newcomer2: claims(`new2@${DOMAIN}`),
  removed: claims(`gone@${DOMAIN}`),
  blocked: claims(`blocked@${DOMAIN}`),
};
const clients = [
  { client_id: 'portal', client_secret: CLIENT_SECRET, redirect_uris: [CALLBACK] },
  { client_id: 'other-client', client_secret: OTHER_SECRET, redirect_uris: [CALLBACK] },
];

let test: TestApp;
let idp: TestIdentityProvider;
let lateIdp: TestIdentityProvider;
let strayIdp: TestIdentityProvider;
let providerKey: string;
let logFile: string;
let account: { id: number; externalId: string | null };
const db = () => test.database.db;

beforeAll(async () => {
  logFile = join(mkdtempSync(join(tmpdir(), 'idp-log-')), 'portal.log');
  test = await buildTestApp({}, { logger: createLogger('debug', { file: logFile }) });
  [idp, lateIdp, strayIdp] = await Promise.all([
    startTestIdentityProvider({ clients, accounts: ACCOUNTS }),
    // Its clock is two hours behind: every ID token it issues expired long ago (beyond any clock tolerance).
    startTestIdentityProvider({ clients, accounts: ACCOUNTS, clockOffsetSeconds: -7200 }),
    // Its ID tokens are addressed to another client than the portal.
    startTestIdentityProvider({ clients, accounts: ACCOUNTS, idTokenAudience: 'another-relying-party' }),
  ]);
  providerKey = await createTestApiKey(db(), ['accounts:write']);
  account = await createAccount(db(), { externalId: `acme-idp-${Date.now()}` });
  await createContact(db(), { accountId: account.id, email: `ada@${DOMAIN}` });
  await createContact(db(), { accountId: account.id, email: `blocked@${DOMAIN}`, deactivatedAt: new Date() });
  // An address of the domain that is another account's contact.
  await createContact(db(), { accountId: (await createAccount(db())).id, email: `bo@${DOMAIN}` });
  expect((await configure({ issuer: idp.issuer })).statusCode).toBe(201);
}, 60_000);
afterAll(async () => {
  await Promise.all([idp?.close(), lateIdp?.close(), strayIdp?.close()]);
  await test?.close();
});

function configure(changes: Partial<{ issuer: string; client_id: string; client_secret: string; allow_jit_users: boolean; domains: string[] }> = {}) {
  return test.app.inject({
    method: 'PUT',
    url: `/api/provider/v1/accounts/${account.externalId}/identity-provider`,
    headers: keyHeader(providerKey),
    payload: { name: 'Acme Entra', issuer: idp.issuer, client_id: 'portal', client_secret: CLIENT_SECRET, domains: [DOMAIN], ...changes },
  });
}

/** The portal's start: where it sends the browser (the IdP's authorization endpoint). */
async function start(domain = DOMAIN): Promise<string> {
  const response = await test.app.inject({ method: 'GET', url: `/api/crm/auth/identity-provider/start?domain=${domain}` });
  expect(response.statusCode).toBe(302);
  return response.headers.location as string;
}

/** The IdP's redirect back, handed to the portal's callback: where the portal sends the browser next. */
async function callback(back: URL): Promise<URL> {
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  const response = await test.app.inject({ method: 'GET', url: `/api/crm/auth/identity-provider/callback${back.search}` });
  expect(response.statusCode).toBe(302);
  return new URL(response.headers.location as string);
}

const signInAs = async (login: keyof typeof ACCOUNTS) => callback(await signInAtIdentityProvider(await start(), login, PORTAL));

function expectRefused(landing: URL, reason: IdentityProviderRefusal) {
  expect(`${landing.origin}${landing.pathname}`).toBe(`${PORTAL}/login`);
  expect(landing.searchParams.get('idp_error')).toBe(reason);
}

/** What openid-client said of the last answer refused (the log line names the check that failed). */
function lastCheckFailed(): string {
  const lines = readFileSync(logFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { msg: string; err?: { message?: string; code?: string } });
  const refused = lines.filter((line) => line.msg === 'identity provider answer refused').at(-1);
  return `${refused?.err?.code ?? ''} ${refused?.err?.message ?? ''}`;
}

const complete = (code: string) => test.app.inject({ method: 'POST', url: '/api/crm/auth/identity-provider/complete', payload: { code } });
const codeOf = (landing: URL) => new URLSearchParams(landing.hash.slice(1)).get('code')!;

async function lastSignInEvent() {
  const [row] = await db()
    .select({ data: domainEvents.data })
    .from(domainEvents)
    .where(eq(domainEvents.type, 'auth.sign_in_attempted'))
    .orderBy(sql`${domainEvents.occurredAt} desc`)
    .limit(1);
  return row!.data as { outcome: string; reason: string | null; via?: string; username: string };
}

describe('the provider configures an account’s identity provider', () => {
  it('answers it without the secret, refuses a domain another account serves, and removes it', async () => {
    const read = await test.app.inject({
      method: 'GET',
      url: `/api/provider/v1/accounts/${account.externalId}/identity-provider`,
      headers: keyHeader(providerKey),
    });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(CLIENT_SECRET);
    const item = successEnvelope(providerIdentityProvider).parse(read.json()).result;
    expect(item).toMatchObject({ name: 'Acme Entra', client_secret_set: true, domains: [DOMAIN], allow_jit_users: false, redirect_uri: CALLBACK });

    const other = await createAccount(db(), { externalId: `other-idp-${Date.now()}` });
    const taken = await test.app.inject({
      method: 'PUT',
      url: `/api/provider/v1/accounts/${other.externalId}/identity-provider`,
      headers: keyHeader(providerKey),
      payload: { name: 'Other', issuer: idp.issuer, client_id: 'other-client', client_secret: OTHER_SECRET, domains: ['other-idp.example', DOMAIN] },
    });
    expect(taken.statusCode).toBe(409);
    expect(errorEnvelope.parse(taken.json()).fields?.domains).toContain(DOMAIN);

    const noSecret = await test.app.inject({
      method: 'PUT',
      url: `/api/provider/v1/accounts/${other.externalId}/identity-provider`,
      headers: keyHeader(providerKey),
      payload: { name: 'Other', issuer: idp.issuer, client_id: 'other-client', domains: ['other-idp.example'] },
    });
    expect(noSecret.statusCode).toBe(400);

    const plainHttp = await test.app.inject({
      method: 'PUT',
      url: `/api/provider/v1/accounts/${other.externalId}/identity-provider`,
      headers: keyHeader(providerKey),
      payload: { name: 'Other', issuer: 'http://idp.example.com', client_id: 'x', client_secret: 'y', domains: ['other-idp.example'] },
    });
    expect(plainHttp.statusCode).toBe(400);

    // The secret is stored sealed: nowhere in the table's text.
    const dump = await test.database.pool.query('select * from identity_providers');
    expect(JSON.stringify(dump.rows)).not.toContain(CLIENT_SECRET);

    const removable = await createAccount(db(), { externalId: `removable-idp-${Date.now()}` });
    const path = `/api/provider/v1/accounts/${removable.externalId}/identity-provider`;
    const put = { name: 'Gone', issuer: idp.issuer, client_id: 'other-client', client_secret: OTHER_SECRET, domains: ['gone-idp.example'] };
    expect((await test.app.inject({ method: 'PUT', url: path, headers: keyHeader(providerKey), payload: put })).statusCode).toBe(201);
    const { client_secret: _secret, ...sameWithoutSecret } = put;
    expect((await test.app.inject({ method: 'PUT', url: path, headers: keyHeader(providerKey), payload: sameWithoutSecret })).statusCode).toBe(200);
    const renamed = { ...sameWithoutSecret, name: 'Gone soon' };
    expect((await test.app.inject({ method: 'PUT', url: path, headers: keyHeader(providerKey), payload: renamed })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'DELETE', url: path, headers: keyHeader(providerKey) })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: path, headers: keyHeader(providerKey) })).statusCode).toBe(404);
    expect(providerEndpoints.providerDeleteIdentityProvider.scope).toBe('accounts:write');

    // Who may sign in for the account is in its audit log: added, changed, removed; the identical PUT recorded nothing.
    const entries = await db()
      .select({ action: auditLog.action, actor: auditLog.actor, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, removable.id), sql`${auditLog.action} like 'provider.identity_provider_%'`))
      .orderBy(auditLog.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'provider.identity_provider_added',
      'provider.identity_provider_changed',
      'provider.identity_provider_removed',
    ]);
    expect(entries[0]!.details).toMatchObject({
      name: 'Gone',
      issuer: idp.issuer,
      client_id: 'other-client',
      domains: ['gone-idp.example'],
      client_secret_changed: true,
    });
    expect(entries[1]!.details).toMatchObject({ name: 'Gone soon', client_secret_changed: false });
    expect(entries[2]!.details).toMatchObject({ name: 'Gone soon', issuer: idp.issuer, domains: ['gone-idp.example'] });
    expect(entries.every((entry) => entry.actor.length > 0)).toBe(true);
    expect(JSON.stringify(entries)).not.toContain(OTHER_SECRET);
  });
});

describe('the sign-in page finds the account’s identity provider by the e-mail’s domain', () => {
  it('answers its name and start URL, and null for a domain no account serves (a 200: no error in the browser’s console)', async () => {
    const found = await test.app.inject({ method: 'GET', url: `/api/crm/auth/identity-provider?domain=${DOMAIN.toUpperCase()}` });
    expect(found.statusCode).toBe(200);
    expect(found.json().result).toEqual({ name: 'Acme Entra', start_url: `/api/crm/auth/identity-provider/start?domain=${DOMAIN}` });
    const none = await test.app.inject({ method: 'GET', url: '/api/crm/auth/identity-provider?domain=nobody.example' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ errors: false, result: null });
  });
});

describe('signing in through the identity provider (authorization code flow with PKCE)', () => {
  it('sends the browser to the IdP with PKCE, state and nonce kept in the database, and signs the contact in', async () => {
    const authorization = new URL(await start());
    expect(authorization.origin).toBe(idp.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('client_id')).toBe('portal');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const landing = await callback(await signInAtIdentityProvider(authorization.href, 'ada', PORTAL));
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PORTAL}/login/identity-provider`);
    // The code is in the fragment, never a query: no server log or Referer sees it.
    expect(landing.search).toBe('');
    const response = await complete(codeOf(landing));
    expect(response.statusCode).toBe(200);
    const session = successEnvelope(loginResult).parse(response.json()).result;
    expect(session.email).toBe(`ada@${DOMAIN}`);
    expect(await lastSignInEvent()).toMatchObject({ outcome: 'success', via: 'identity_provider' });
    // The code works once.
    expect((await complete(codeOf(landing))).statusCode).toBe(401);
  });

  it('refuses a state it did not issue, and an answer played again', async () => {
    const back = await signInAtIdentityProvider(await start(), 'ada', PORTAL);
    const forged = new URL(back);
    forged.searchParams.set('state', 'a-state-this-portal-never-issued');
    expectRefused(await callback(forged), 'expired');
    expect(await lastSignInEvent()).toMatchObject({ outcome: 'failure', reason: 'expired', via: 'identity_provider' });
    // The real answer still works once; a second time its state is used up.
    expect((await callback(back)).pathname).toBe('/login/identity-provider');
    expectRefused(await callback(back), 'expired');
  });

  it('refuses a nonce that is not the sign-in’s', async () => {
    const back = await signInAtIdentityProvider(await start(), 'ada', PORTAL);
    // As if the ID token came from another sign-in: the one kept here expects another nonce.
    await db().update(identityProviderSignIns).set({ nonce: 'another-nonce' }).where(isNull(identityProviderSignIns.usedAt));
    expectRefused(await callback(back), 'rejected');
    expect(lastCheckFailed()).toMatch(/^OAUTH_JWT_CLAIM_COMPARISON_FAILED/);
  });

  it('refuses an answer naming another issuer', async () => {
    const back = await signInAtIdentityProvider(await start(), 'ada', PORTAL);
    back.searchParams.set('iss', 'https://evil.example');
    expectRefused(await callback(back), 'rejected');
    expect(lastCheckFailed()).toMatch(/^OAUTH_INVALID_RESPONSE/);
  });

  it('refuses when the configured client is not one the IdP knows (its token endpoint refuses the code)', async () => {
    const back = await signInAtIdentityProvider(await start(), 'ada', PORTAL);
    expect((await configure({ client_id: 'other-client', client_secret: OTHER_SECRET })).statusCode).toBe(200);
    try {
      expectRefused(await callback(back), 'rejected');
      // The IdP itself refuses a code issued to another client at its token endpoint (invalid_grant).
      expect(lastCheckFailed()).toMatch(/^OAUTH_RESPONSE_BODY_ERROR/);
    } finally {
      await configure();
    }
  });

  it('refuses an ID token addressed to another client (audience)', async () => {
    expect((await configure({ issuer: strayIdp.issuer })).statusCode).toBe(200);
    try {
      expectRefused(await signInAs('ada'), 'rejected');
      expect(lastCheckFailed()).toMatch(/^OAUTH_JWT_CLAIM_COMPARISON_FAILED/);
    } finally {
      await configure();
    }
  });

  it('refuses an expired ID token', async () => {
    expect((await configure({ issuer: lateIdp.issuer })).statusCode).toBe(200);
    try {
      expectRefused(await signInAs('ada'), 'rejected');
      expect(lastCheckFailed()).toMatch(/^OAUTH_JWT_TIMESTAMP_CHECK_FAILED/);
    } finally {
      await configure();
    }
  });

  it('refuses an unverified e-mail, and one of a domain this account does not serve', async () => {
    expectRefused(await signInAs('unverified'), 'email_unverified');
    expect(await lastSignInEvent()).toMatchObject({ reason: 'email_unverified', username: `una@${DOMAIN}` });
    expectRefused(await signInAs('elsewhere'), 'domain_not_served');
  });

  it('refuses an address of the domain another account’s identity provider serves, and names only its own domains', async () => {
    const globex = await createAccount(db(), { externalId: `globex-idp-${Date.now()}` });
    const path = `/api/provider/v1/accounts/${globex.externalId}/identity-provider`;
    const put = { name: 'Globex SSO', issuer: idp.issuer, client_id: 'other-client', client_secret: OTHER_SECRET, domains: ['globex-idp.example'] };
    expect((await test.app.inject({ method: 'PUT', url: path, headers: keyHeader(providerKey), payload: put })).statusCode).toBe(201);
    try {
      expectRefused(await signInAs('elsewhere'), 'domain_not_served');
      const read = await test.app.inject({
        method: 'GET',
        url: `/api/provider/v1/accounts/${account.externalId}/identity-provider`,
        headers: keyHeader(providerKey),
      });
      expect(successEnvelope(providerIdentityProvider).parse(read.json()).result.domains).toEqual([DOMAIN]);
    } finally {
      await test.app.inject({ method: 'DELETE', url: path, headers: keyHeader(providerKey) });
    }
  });

  it('refuses a contact of another account, and a deactivated one', async () => {
    expectRefused(await signInAs('borrowed'), 'other_account');
    expectRefused(await signInAs('blocked'), 'deactivated');
  });

  it('creates no user unless the account allows just-in-time users; then a plain one, and never one deleted in the portal', async () => {
    expectRefused(await signInAs('newcomer'), 'unknown_user');
    expect((await configure({ allow_jit_users: true })).statusCode).toBe(200);
    try {
      const landing = await signInAs('newcomer');
      const session = successEnvelope(loginResult).parse((await complete(codeOf(landing))).json()).result;
      expect(session).toMatchObject({ email: `new@${DOMAIN}`, admin_group: false, billing_group: false, technical_group: false, firstname: 'Ida' });

      // A contact an administrator deletes in the portal does not come back through the IdP.
      const admin = await createContact(db(), { accountId: account.id, adminGroup: true });
      const gone = await createContact(db(), { accountId: account.id, email: `gone@${DOMAIN}` });
      const token = (await signIn(test.app, admin.email)).access_token;
      const deleted = await test.app.inject({ method: 'DELETE', url: `/api/crm/contacts/${gone.id}`, headers: { authorization: `Bearer ${token}` } });
      expect(deleted.statusCode).toBe(200);
      expectRefused(await signInAs('removed'), 'removed_user');
      expect(
        await db()
          .select()
          .from(contacts)
          .where(and(eq(contacts.accountId, account.id), eq(contacts.email, `gone@${DOMAIN}`))),
      ).toEqual([]);
    } finally {
      await configure({ allow_jit_users: false });
    }
  });

  it('never puts the client secret in an answer, a log line or the table', async () => {
    const [row] = await db().select().from(identityProviders).where(eq(identityProviders.accountId, account.id));
    expect(JSON.stringify(row)).not.toContain(CLIENT_SECRET);
    expect(readFileSync(logFile, 'utf8')).not.toContain(CLIENT_SECRET);
    expect(readFileSync(logFile, 'utf8').length).toBeGreaterThan(0);
  });
});
