import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope, signInSession, successEnvelope, z } from '@portal/contract';
import { bearer, signIn, signInAsImpersonator } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, TEST_PASSWORD } from '../../../test/factories.js';
import { auditLog, mailOutbox } from '../../db/schema/index.js';
import { browserOf, IMPERSONATED_PASSWORD_CHANGE, SAME_PASSWORD } from './account-security.service.js';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const db = () => test.database.db;
const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const signInFrom = async (email: string, userAgent: string, password = TEST_PASSWORD) => {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/crm/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { username: email, password },
  });
  return {
    status: response.statusCode,
    session: response.statusCode === 200 ? (response.json() as { result: { access_token: string; refresh_token: string } }).result : undefined,
  };
};
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
  test.app.inject({ method, url: `/api/portal${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const sessionsOf = async (token: string) => successEnvelope(z.array(signInSession)).parse((await call('GET', '/sessions', token)).json()).result;
const refresh = (refreshToken: string) => test.app.inject({ method: 'GET', url: '/api/crm/auth/refresh', headers: bearer(refreshToken) });

async function personWithTwoBrowsers() {
  const account = await createAccount(db());
  const person = await createContact(db(), { accountId: account.id });
  const laptop = (await signInFrom(person.email, CHROME_ON_WINDOWS)).session!;
  const phone = (await signInFrom(person.email, SAFARI_ON_IPHONE)).session!;
  return { account, person, laptop, phone };
}

describe('Profile → Security: where I am signed in', () => {
  it('lists my live sign-ins, newest first, this browser marked, browser and system read from the user agent', async () => {
    const { account, laptop } = await personWithTwoBrowsers();
    const colleague = await createContact(db(), { accountId: account.id });
    await signIn(test.app, colleague.email);
    const sessions = await sessionsOf(laptop.access_token);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((session) => [session.browser, session.current])).toEqual([
      ['Safari 18 on iOS 18', false],
      ['Chrome 142 on Windows 10', true],
    ]);
    expect(sessions.every((session) => session.impersonated_by === null)).toBe(true);
  });

  it('signs out another browser at once; refuses a sign-in that is not mine (404) and an id that is none (400)', async () => {
    const { laptop, phone } = await personWithTwoBrowsers();
    const other = await personWithTwoBrowsers();
    const phoneSession = (await sessionsOf(laptop.access_token)).find((session) => !session.current)!;
    expect((await call('DELETE', `/sessions/${(await sessionsOf(other.laptop.access_token))[0]!.id}`, laptop.access_token)).statusCode).toBe(404);
    expect((await call('DELETE', '/sessions/not-a-session', laptop.access_token)).statusCode).toBe(400);

    const ended = await call('DELETE', `/sessions/${phoneSession.id}`, laptop.access_token);
    expect(ended.statusCode).toBe(200);
    // The phone's access token is refused on its next request, and its refresh token too.
    expect((await call('GET', '/sessions', phone.access_token)).statusCode).toBe(401);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(401);
    expect(await sessionsOf(laptop.access_token)).toHaveLength(1);
    expect((await call('DELETE', `/sessions/${phoneSession.id}`, laptop.access_token)).statusCode).toBe(404);
  });

  it('signs out every other browser, keeps this one, and records it in the audit log', async () => {
    const { account, person, laptop, phone } = await personWithTwoBrowsers();
    const tablet = (await signInFrom(person.email, SAFARI_ON_IPHONE)).session!;
    const answer = await call('POST', '/sessions/sign-out-others', laptop.access_token);
    expect(successEnvelope(z.object({ signed_out: z.number() })).parse(answer.json()).result).toEqual({ signed_out: 2 });
    for (const token of [phone.access_token, tablet.access_token]) expect((await call('GET', '/sessions', token)).statusCode).toBe(401);
    expect((await sessionsOf(laptop.access_token)).map((session) => session.current)).toEqual([true]);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'auth.sessions_ended')));
    expect(entry).toMatchObject({ actor: person.email, contactId: person.id, details: { ended: 2, which: 'others' } });
  });
});

describe('Profile → Security: my password', () => {
  const NEW_PASSWORD = 'Harbour lantern 4 violet';

  it('changes it with the current one: the new one signs in, the old one no longer, other browsers end, a mail says so', async () => {
    const { person, laptop, phone } = await personWithTwoBrowsers();
    const changed = await call('POST', '/password', laptop.access_token, { current_password: TEST_PASSWORD, new_password: NEW_PASSWORD });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/sessions', laptop.access_token)).statusCode).toBe(200);
    expect((await call('GET', '/sessions', phone.access_token)).statusCode).toBe(401);
    expect((await signInFrom(person.email, CHROME_ON_WINDOWS)).status).toBe(401);
    expect((await signInFrom(person.email, CHROME_ON_WINDOWS, NEW_PASSWORD)).status).toBe(200);
    await expect.poll(async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email))).length).toBeGreaterThan(0);
  });

  it('refuses a wrong current password, the same password, and a weak one, each naming its field and changing nothing', async () => {
    const { person, laptop } = await personWithTwoBrowsers();
    const refused = async (body: object, field: string, message?: string) => {
      const response = await call('POST', '/password', laptop.access_token, body);
      expect(response.statusCode).toBe(400);
      const error = errorEnvelope.parse(response.json());
      expect(Object.keys(error.fields ?? {})).toEqual([field]);
      if (message) expect(error.message).toBe(message);
    };
    await refused({ current_password: 'not it at all', new_password: NEW_PASSWORD }, 'current_password');
    await refused({ current_password: TEST_PASSWORD, new_password: TEST_PASSWORD }, 'new_password', SAME_PASSWORD);
    await refused({ current_password: TEST_PASSWORD, new_password: 'password1' }, 'new_password');
    await refused({ current_password: '', new_password: NEW_PASSWORD }, 'current_password');
    expect((await signInFrom(person.email, CHROME_ON_WINDOWS)).status).toBe(200);
  });

  it('is not for the provider’s staff signed in as the person for support', async () => {
    const account = await createAccount(db());
    const person = await createContact(db(), { accountId: account.id });
    const token = (await signInAsImpersonator(test, person.email)).access_token;
    const refused = await call('POST', '/password', token, { current_password: 'anything', new_password: NEW_PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelope.parse(refused.json()).message).toBe(IMPERSONATED_PASSWORD_CHANGE);
    expect((await sessionsOf(token))[0]).toMatchObject({ current: true, impersonated_by: 'Jordan Reyes (provider staff)' });
  });
});

describe('browserOf', () => {
  it('reads browser and system, and says nothing for a user agent that names neither', () => {
    expect(browserOf(CHROME_ON_WINDOWS)).toBe('Chrome 142 on Windows 10');
    expect(browserOf(null)).toBeNull();
    expect(browserOf('curl/8.5.0')).toBeNull();
  });
});
