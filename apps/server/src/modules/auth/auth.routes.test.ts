import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentUser, errorEnvelope, loginResult, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, TEST_PASSWORD } from '../../../test/factories.js';
import { auditLog, contacts, mailOutbox, oneTimeTokens, passwordResetTokens } from '../../db/schema/index.js';
import { createTokenService, hashToken } from '../../platform/tokens.js';
import { INVALID_IMPERSONATION, LOGIN_FAILED, RESET_REQUESTED, SESSION_EXPIRED } from './auth.messages.js';
import { createSessionsService } from './sessions.service.js';
import { contactPasswords } from '../users/index.js';
import { createPortalMetrics } from '../../platform/metrics.js';

let test: TestApp;
let accountId: number;

beforeAll(async () => {
  test = await buildTestApp();
  accountId = (await createAccount(test.database.db, { name: 'Acme Test' })).id;
});
afterAll(() => test.close());

const inject = (options: InjectOptions) => test.app.inject(options);
const me = (token: string) => inject({ method: 'GET', url: '/api/crm/auth/me', headers: bearer(token) });
const refresh = (token: string) => inject({ method: 'GET', url: '/api/crm/auth/refresh', headers: bearer(token) });
const login = (username: string, password: string, ip = '10.0.0.1') =>
  inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username, password }, remoteAddress: ip });
const errorOf = (response: { json(): unknown }) => errorEnvelope.parse(response.json());

async function newContact(overrides: Partial<Parameters<typeof createContact>[1]> = {}) {
  return createContact(test.database.db, { accountId, ...overrides });
}

describe('sign-in', () => {
  it('returns a session in the contract shape, with the flags and account', async () => {
    const contact = await newContact({ adminGroup: true, billingGroup: false, technicalGroup: true, timeZone: 'US/Pacific' });
    const response = await login(contact.email.toUpperCase(), TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const result = successEnvelope(loginResult).parse(response.json()).result;
    expect(result).toMatchObject({
      pk: contact.id,
      email: contact.email,
      admin_group: true,
      billing_group: false,
      technical_group: true,
      time_zone: 'US/Pacific',
      account_id: accountId,
      account: { name: 'Acme Test' },
      impersonated_by: null,
    });
    expect(result.token).toBe(result.access_token);
    expect(new Date(result.expireDate).getTime()).toBeGreaterThan(Date.now());
    const [audit] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.contactId, contact.id), eq(auditLog.action, 'auth.login')));
    expect(audit).toMatchObject({ outcome: 'success', ip: '10.0.0.1' });
  });

  it('refuses a wrong password and an unknown username with the same message', async () => {
    const contact = await newContact();
    const wrong = await login(contact.email, 'not-the-password');
    const unknown = await login('nobody@nowhere.example', TEST_PASSWORD);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(errorOf(wrong).message).toBe(LOGIN_FAILED);
    expect(errorOf(unknown).message).toBe(LOGIN_FAILED);
    const failures = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login'), eq(auditLog.outcome, 'failure')));
    expect(failures.map((f) => f.actor)).toEqual(expect.arrayContaining([contact.email, 'nobody@nowhere.example']));
  });

  it('refuses a contact who has no password yet', async () => {
    const contact = await newContact({ password: null });
    expect((await login(contact.email, '')).statusCode).toBe(400);
    expect((await login(contact.email, 'anything-at-all')).statusCode).toBe(401);
  });

  it('requires both fields, naming them', async () => {
    const response = await inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: '  ' } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ username: 'Username is required', password: expect.any(String) });
  });
});

describe('access tokens', () => {
  it('identify the caller, with flags read from the database on every request', async () => {
    const contact = await newContact({ adminGroup: true });
    const session = await signIn(test.app, contact.email);
    expect(successEnvelope(currentUser).parse((await me(session.access_token)).json()).result.admin_group).toBe(true);
    await test.database.db.update(contacts).set({ adminGroup: false }).where(eq(contacts.id, contact.id));
    expect(successEnvelope(currentUser).parse((await me(session.access_token)).json()).result.admin_group).toBe(false);
  });

  it('are refused when missing, expired, forged or of another kind', async () => {
    const contact = await newContact();
    const session = await signIn(test.app, contact.email);
    const tokens = createTokenService(test.config.secrets.tokenSecret);
    const expired = await tokens.signAccessToken({ contactId: contact.id, accountId, sessionId: crypto.randomUUID() }, new Date(Date.now() - 3600_000));
    const forged = await createTokenService('x'.repeat(40)).signAccessToken({ contactId: contact.id, accountId, sessionId: crypto.randomUUID() });

    expect((await inject({ method: 'GET', url: '/api/crm/auth/me' })).statusCode).toBe(401);
    for (const token of [expired.token, forged.token, session.refresh_token, 'garbage']) {
      const response = await me(token);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(SESSION_EXPIRED);
    }
  });
});

describe('refresh', () => {
  it('rotates the refresh token and keeps the session', async () => {
    const contact = await newContact();
    const first = await signIn(test.app, contact.email);
    const response = await refresh(first.refresh_token);
    expect(response.statusCode).toBe(200);
    const second = successEnvelope(loginResult).parse(response.json()).result;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.access_token)).statusCode).toBe(200);
  });

  it('treats a reused refresh token as theft and ends the whole sign-in', async () => {
    const contact = await newContact();
    const first = await signIn(test.app, contact.email);
    const second = successEnvelope(loginResult).parse((await refresh(first.refresh_token)).json()).result;

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await me(second.access_token)).statusCode).toBe(401);
    const [audit] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.refresh_reuse'), eq(auditLog.contactId, contact.id)));
    expect(audit?.outcome).toBe('denied');
  });

  it('refuses an access token in place of a refresh token, and nothing at all', async () => {
    const contact = await newContact();
    const session = await signIn(test.app, contact.email);
    expect((await refresh(session.access_token)).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/crm/auth/refresh' })).statusCode).toBe(401);
  });
});

describe('sign-out', () => {
  it('revokes the session on the server: its access and refresh tokens stop working', async () => {
    const contact = await newContact();
    const session = await signIn(test.app, contact.email);
    const other = await signIn(test.app, contact.email);
    const response = await inject({
      method: 'POST',
      url: '/api/crm/auth/logout',
      headers: bearer(session.access_token),
      payload: { refresh_token: session.refresh_token },
    });
    expect(response.statusCode).toBe(200);
    expect((await me(session.access_token)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await me(other.access_token)).statusCode).toBe(200);
  });

  it('succeeds when already signed out', async () => {
    expect((await inject({ method: 'POST', url: '/api/crm/auth/logout', payload: {} })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const requestReset = (email: string, ip = '10.1.0.1') =>
    inject({ method: 'GET', url: `/api/crm/auth/reset-pw?username=${encodeURIComponent(email)}`, headers: { host: 'evil.example' }, remoteAddress: ip });
  const changePassword = (token: string, password: string) =>
    inject({ method: 'PATCH', url: '/api/crm/myprofile', headers: bearer(token), payload: { password } });

  async function mailedToken(email: string): Promise<string> {
    await new Promise((resolve) => setTimeout(resolve, 50)); // delivery runs after the response
    const [mail] = await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(desc(mailOutbox.id)).limit(1);
    const match = /http:\/\/portal\.test\/page-change-password\?token=([\w-]+)/.exec(mail?.textBody ?? '');
    if (!match) throw new Error(`no reset link mailed to ${email}: ${mail?.textBody}`);
    return match[1]!;
  }

  it('answers the same for a known and an unknown address, mailing only the known one', async () => {
    const contact = await newContact();
    const known = await requestReset(contact.email);
    const unknown = await requestReset('ghost@nowhere.example');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toMatchObject({ errors: false, message: RESET_REQUESTED });
    expect(await mailedToken(contact.email)).toHaveLength(43);
    expect(await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ghost@nowhere.example'))).toHaveLength(0);
  });

  it('builds the link from the configured public URL, never the Host header, and stores only a hash', async () => {
    const contact = await newContact();
    await requestReset(contact.email);
    const token = await mailedToken(contact.email);
    const [stored] = await test.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.contactId, contact.id));
    expect(stored!.tokenHash).toBe(hashToken(token));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('accepts the POST form too', async () => {
    const contact = await newContact();
    const response = await inject({ method: 'POST', url: '/api/crm/auth/reset-pw', payload: { email: contact.email } });
    expect(response.statusCode).toBe(200);
    expect(await mailedToken(contact.email)).toBeTruthy();
  });

  it('changes the password once per link, ends every session and tells the user', async () => {
    const contact = await newContact();
    const session = await signIn(test.app, contact.email);
    await requestReset(contact.email);
    const token = await mailedToken(contact.email);

    const changed = await changePassword(token, 'lantern-orbit-quietly-74');
    expect(changed.statusCode).toBe(200);
    expect((await login(contact.email, 'lantern-orbit-quietly-74', '10.9.9.9')).statusCode).toBe(200);
    expect((await login(contact.email, TEST_PASSWORD, '10.9.9.9')).statusCode).toBe(401);
    expect((await me(session.access_token)).statusCode).toBe(401);

    const reused = await changePassword(token, 'another-fine-passphrase');
    expect(reused.statusCode).toBe(401);
    expect(errorOf(reused).message).toMatch(/invalid, expired or already used/);

    await new Promise((resolve) => setTimeout(resolve, 50));
    const mails = await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, contact.email));
    expect(mails.map((m) => m.subject)).toContain('Your IT Partners portal password was changed');
  });

  it('refuses short and common passwords without using up the link', async () => {
    const contact = await newContact();
    await requestReset(contact.email);
    const token = await mailedToken(contact.email);
    const short = await changePassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).message).toBe('Password must be at least 8 characters long.');
    const common = await changePassword(token, 'Password123');
    expect(common.statusCode).toBe(400);
    expect(errorOf(common).message).toMatch(/too common/);
    expect((await changePassword(token, 'lantern-orbit-quietly-74')).statusCode).toBe(200);
  });

  it('refuses an expired link, a missing one and a made-up one', async () => {
    const contact = await newContact();
    await requestReset(contact.email);
    const token = await mailedToken(contact.email);
    await test.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.contactId, contact.id));
    expect((await changePassword(token, 'lantern-orbit-quietly-74')).statusCode).toBe(401);
    expect((await inject({ method: 'PATCH', url: '/api/crm/myprofile', payload: { password: 'lantern-orbit-quietly-74' } })).statusCode).toBe(401);
    expect((await changePassword('made-up-token', 'lantern-orbit-quietly-74')).statusCode).toBe(401);
  });

  it('refuses an address that is not an e-mail', async () => {
    const response = await inject({ method: 'GET', url: '/api/crm/auth/reset-pw?username=not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('Please enter a valid email address');
  });
});

describe('throttling', () => {
  it('refuses sign-in for a username after 5 failures, even with the right password, and not for others', async () => {
    const target = await newContact();
    const bystander = await newContact();
    for (let attempt = 0; attempt < 5; attempt++) expect((await login(target.email, 'wrong-password', '10.2.0.1')).statusCode).toBe(401);
    const blocked = await login(target.email, TEST_PASSWORD, '10.2.0.2');
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked).message).toMatch(/Too many failed sign-in attempts\. Please wait 1[45] minutes/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(bystander.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(200);
  });

  it('refuses sign-in from one address after 30 failures across usernames', async () => {
    for (let attempt = 0; attempt < 30; attempt++) await login(`spray${attempt}@nowhere.example`, 'wrong-password', '10.3.0.1');
    const contact = await newContact();
    expect((await login(contact.email, TEST_PASSWORD, '10.3.0.1')).statusCode).toBe(429);
    expect((await login(contact.email, TEST_PASSWORD, '10.3.0.2')).statusCode).toBe(200);
  });

  it('refuses a fourth reset request for one address within the hour', async () => {
    const contact = await newContact();
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(
        (await inject({ method: 'POST', url: '/api/crm/auth/reset-pw', payload: { email: contact.email }, remoteAddress: `10.4.0.${attempt}` })).statusCode,
      ).toBe(200);
    }
    const fourth = await inject({ method: 'POST', url: '/api/crm/auth/reset-pw', payload: { email: contact.email }, remoteAddress: '10.4.0.9' });
    expect(fourth.statusCode).toBe(429);
    expect(errorOf(fourth).message).toMatch(/Too many password reset requests/);
  });
});

describe('impersonation', () => {
  const service = () =>
    createSessionsService({
      db: test.database.db,
      tokens: createTokenService(test.config.secrets.tokenSecret),
      config: test.config,
      metrics: createPortalMetrics(),
      events: test.container.events,
      passwords: contactPasswords,
      vault: test.container.vault,
    });
  const tokenLogin = (token: string) => inject({ method: 'POST', url: '/api/crm/auth/token-login', payload: { token } });
  const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

  it('signs in once as the contact and records who impersonated whom', async () => {
    const contact = await newContact();
    const { url } = await service().issueImpersonationUrl(contact.email, 'Jordan Reyes (provider staff)');
    expect(url).toMatch(/^http:\/\/portal\.test\/apps\?token=/);

    const response = await tokenLogin(tokenOf(url));
    expect(response.statusCode).toBe(200);
    const session = successEnvelope(loginResult).parse(response.json()).result;
    expect(session).toMatchObject({ pk: contact.id, impersonated_by: 'Jordan Reyes (provider staff)' });
    expect(successEnvelope(currentUser).parse((await me(session.access_token)).json()).result.impersonated_by).toBe('Jordan Reyes (provider staff)');

    const [audit] = await test.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.impersonation_login'), eq(auditLog.contactId, contact.id)));
    expect(audit).toMatchObject({ outcome: 'success', actor: 'Jordan Reyes (provider staff)' });

    const reused = await tokenLogin(tokenOf(url));
    expect(reused.statusCode).toBe(401);
    expect(errorOf(reused).message).toBe(INVALID_IMPERSONATION);
  });

  it('refuses an expired token, a made-up one and a session token', async () => {
    const contact = await newContact();
    const { url } = await service().issueImpersonationUrl(contact.email, 'staff');
    await test.database.db
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(tokenOf(url))));
    const session = await signIn(test.app, contact.email);
    for (const token of [tokenOf(url), 'made-up', session.refresh_token, session.access_token]) {
      const response = await tokenLogin(token);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).message).toBe(INVALID_IMPERSONATION);
    }
  });

  it('gives impersonation URLs that expire within a minute', async () => {
    const contact = await newContact();
    const { expiresAt } = await service().issueImpersonationUrl(contact.email, 'staff');
    expect(expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60_000);
  });
});
