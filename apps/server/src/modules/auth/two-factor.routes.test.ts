import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope, loginResult, recoveryCodes, signInPolicy, successEnvelope, totpEnrolment, twoFactorChallenge, twoFactorStatus } from '@portal/contract';
import { bearer, signIn, signInAsImpersonator } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, TEST_PASSWORD } from '../../../test/factories.js';
import { auditLog, mailOutbox, recoveryCodes as recoveryCodeRows, refreshTokens, totpAuthenticators } from '../../db/schema/index.js';
import { issuePasswordLinks } from './index.js';
import { IMPERSONATED_TWO_FACTOR } from './two-factor.js';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const db = () => test.database.db;
const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  test.app.inject({ method, url: `/api${url}`, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
const login = (email: string, password = TEST_PASSWORD) => inject('POST', '/crm/auth/login', undefined, { username: email, password });
const secondStep = (payload: object) => inject('POST', '/crm/auth/login/second-factor', undefined, payload);
/** A code of the secret `steps` 30-second steps from now (-1, 0, 1 are all inside the window). */
const codeOf = (secret: string, steps = 0) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * 30_000 });
const auditActions = async (contactId: number) =>
  (
    await db().select({ action: auditLog.action, outcome: auditLog.outcome, details: auditLog.details }).from(auditLog).where(eq(auditLog.contactId, contactId))
  ).map((entry) => entry);

/** A person with TOTP on: their secret and recovery codes; the enrolment's code was of the step before now. */
async function enrolledPerson() {
  const account = await createAccount(db());
  const person = await createContact(db(), { accountId: account.id });
  const token = (await signIn(test.app, person.email)).access_token;
  const started = successEnvelope(totpEnrolment).parse((await inject('POST', '/portal/two-factor/totp', token)).json()).result;
  const confirmed = await inject('POST', '/portal/two-factor/totp/confirm', token, { code: codeOf(started.secret, -1) });
  expect(confirmed.statusCode).toBe(200);
  const codes = successEnvelope(recoveryCodes).parse(confirmed.json()).result.recovery_codes;
  return { account, person, token, secret: started.secret, codes };
}

/** An access token of the provider's staff signed in as the person (the one-minute impersonation link). */
const impersonatedToken = async (email: string) => (await signInAsImpersonator(test, email)).access_token;

async function challengeFor(email: string) {
  const response = await login(email);
  expect(response.statusCode).toBe(200);
  return successEnvelope(twoFactorChallenge).parse(response.json()).result;
}

describe('TOTP enrolment (Profile → Security)', () => {
  it('gives a secret as an otpauth URI, base32 text and a QR code; a code from the app turns it on and gives 10 recovery codes once', async () => {
    const account = await createAccount(db());
    const person = await createContact(db(), { accountId: account.id });
    const token = (await signIn(test.app, person.email)).access_token;
    expect(successEnvelope(twoFactorStatus).parse((await inject('GET', '/portal/two-factor', token)).json()).result).toEqual({
      totp: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });

    const started = successEnvelope(totpEnrolment).parse((await inject('POST', '/portal/two-factor/totp', token)).json()).result;
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/);
    expect(started.otpauth_uri).toContain(encodeURIComponent(person.email));
    expect(started.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(started.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');

    // The secret is sealed in the database, never in the clear.
    const [stored] = await db().select().from(totpAuthenticators).where(eq(totpAuthenticators.contactId, person.id));
    expect(stored!.secretSealed).not.toContain(started.secret);
    expect(stored!.secretKeyId).toBe(test.container.vault.current.id);
    expect(stored!.confirmedAt).toBeNull();

    const wrong = await inject('POST', '/portal/two-factor/totp/confirm', token, { code: codeOf(started.secret, 5) });
    expect(wrong.statusCode).toBe(400);
    expect(errorEnvelope.parse(wrong.json()).fields).toHaveProperty('code');

    const confirmed = await inject('POST', '/portal/two-factor/totp/confirm', token, { code: codeOf(started.secret) });
    expect(confirmed.statusCode).toBe(200);
    const codes = successEnvelope(recoveryCodes).parse(confirmed.json()).result.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    // Only hashes are kept.
    const rows = await db().select().from(recoveryCodeRows).where(eq(recoveryCodeRows.contactId, person.id));
    expect(rows).toHaveLength(10);
    expect(rows.some((row) => codes.some((code) => row.codeHash.includes(code.replaceAll('-', ''))))).toBe(false);

    const status = await inject('GET', '/portal/two-factor', token);
    expect(successEnvelope(twoFactorStatus).parse(status.json()).result).toMatchObject({ totp: true, recovery_codes_left: 10 });
    expect(status.body).not.toContain(started.secret);
    // Once on, a new enrolment is refused until it is turned off.
    expect((await inject('POST', '/portal/two-factor/totp', token)).statusCode).toBe(409);
    expect(await auditActions(person.id)).toContainEqual(expect.objectContaining({ action: 'auth.two_factor_enabled', outcome: 'success' }));
  });

  it('is not for the provider’s staff signed in as the person', async () => {
    const account = await createAccount(db());
    const person = await createContact(db(), { accountId: account.id });
    const refused = await inject('POST', '/portal/two-factor/totp', await impersonatedToken(person.email));
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelope.parse(refused.json()).message).toBe(IMPERSONATED_TWO_FACTOR);
  });
});

describe('signing in with a second factor', () => {
  it('answers a person without one exactly as before: a session, no challenge', async () => {
    const account = await createAccount(db());
    const person = await createContact(db(), { accountId: account.id });
    const response = await login(person.email);
    expect(response.statusCode).toBe(200);
    const { result } = response.json() as { result: Record<string, unknown> };
    expect(Object.keys(result).sort()).toEqual(Object.keys(loginResult.shape).sort());
    expect(loginResult.strict().safeParse(result).success).toBe(true);
  });

  it('asks for the code after the right password, with no session yet; the code completes the sign-in, and works once', async () => {
    const { person, secret } = await enrolledPerson();
    const sessionsBefore = await db().select().from(refreshTokens).where(eq(refreshTokens.contactId, person.id));
    const challenge = await challengeFor(person.email);
    expect(challenge.methods).toEqual(['totp', 'recovery_code']);
    expect(challenge).not.toHaveProperty('access_token');
    expect(await db().select().from(refreshTokens).where(eq(refreshTokens.contactId, person.id))).toHaveLength(sessionsBefore.length);
    // The pending token is no access token.
    expect((await inject('GET', '/crm/auth/me', challenge.pending_token)).statusCode).toBe(401);

    const code = codeOf(secret);
    const done = await secondStep({ pending_token: challenge.pending_token, code });
    expect(done.statusCode).toBe(200);
    const session = successEnvelope(loginResult).parse(done.json()).result;
    expect((await inject('GET', '/crm/auth/me', session.access_token)).statusCode).toBe(200);
    // The pending token is used up, and the same code again (replay) is refused on a new sign-in.
    expect((await secondStep({ pending_token: challenge.pending_token, code })).statusCode).toBe(401);
    const again = await challengeFor(person.email);
    const replayed = await secondStep({ pending_token: again.pending_token, code });
    expect(replayed.statusCode).toBe(401);
    expect(errorEnvelope.parse(replayed.json()).fields).toHaveProperty('code');
    expect((await secondStep({ pending_token: again.pending_token, code: codeOf(secret, 1) })).statusCode).toBe(200);

    const actions = await auditActions(person.id);
    expect(actions).toContainEqual(expect.objectContaining({ action: 'auth.login', outcome: 'success', details: { second_factor: 'totp' } }));
    expect(actions).toContainEqual(
      expect.objectContaining({ action: 'auth.second_factor', outcome: 'failure', details: { method: 'totp', reason: 'replayed_code', purpose: 'sign_in' } }),
    );
  });

  it('takes a recovery code once, in any case and with or without dashes', async () => {
    const { person, codes } = await enrolledPerson();
    const first = await challengeFor(person.email);
    const typed = codes[3]!.toUpperCase().replaceAll('-', ' ');
    expect((await secondStep({ pending_token: first.pending_token, recovery_code: typed })).statusCode).toBe(200);
    const second = await challengeFor(person.email);
    const reused = await secondStep({ pending_token: second.pending_token, recovery_code: codes[3] });
    expect(reused.statusCode).toBe(401);
    expect(errorEnvelope.parse(reused.json()).fields).toHaveProperty('recovery_code');
    const actions = await auditActions(person.id);
    expect(actions).toContainEqual(expect.objectContaining({ action: 'auth.recovery_code_used', details: { remaining: 9 } }));
    expect(actions).toContainEqual(expect.objectContaining({ action: 'auth.login', outcome: 'success', details: { second_factor: 'recovery_code' } }));
  });

  it('counts wrong codes as failed sign-ins: after five, the username is throttled', async () => {
    const { person, secret } = await enrolledPerson();
    const challenge = await challengeFor(person.email);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await secondStep({ pending_token: challenge.pending_token, code: codeOf(secret, 10 + attempt) });
      expect(wrong.statusCode).toBe(401);
    }
    expect((await secondStep({ pending_token: challenge.pending_token, code: codeOf(secret) })).statusCode).toBe(429);
    // The right password does not clear the count while a second factor is owed.
    expect((await login(person.email)).statusCode).toBe(429);
    const failures = (await auditActions(person.id)).filter((entry) => entry.action === 'auth.second_factor');
    expect(failures).toHaveLength(5);
  });

  it('refuses a pending token that is not one, and a request with neither or both codes', async () => {
    expect((await secondStep({ pending_token: 'not-a-token', code: '123456' })).statusCode).toBe(401);
    expect((await secondStep({ pending_token: 'not-a-token' })).statusCode).toBe(400);
    expect((await secondStep({ pending_token: 'x', code: '123456', recovery_code: 'abcd-efgh-jkmn-pqrs' })).statusCode).toBe(400);
  });

  it('is not bypassed by a password-reset link: the new password still asks for the code', async () => {
    const { person } = await enrolledPerson();
    const [link] = await issuePasswordLinks(db(), { contactIds: [person.id], ttlMs: 60_000, ip: null, publicUrl: test.config.publicUrl });
    const resetToken = new URL(link!).searchParams.get('token')!;
    const changed = await test.app.inject({
      method: 'PATCH',
      url: '/api/crm/myprofile',
      headers: bearer(resetToken),
      payload: { password: 'Quiet harbour lantern 2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).not.toHaveProperty('result.access_token');
    const response = await login(person.email, 'Quiet harbour lantern 2026');
    expect(successEnvelope(twoFactorChallenge).safeParse(response.json()).success).toBe(true);
  });

  it('is skipped by the provider’s impersonation, which stays recorded', async () => {
    const { person } = await enrolledPerson();
    expect((await signInAsImpersonator(test, person.email)).impersonated_by).toBe('Jordan Reyes (provider staff)');
    expect(await auditActions(person.id)).toContainEqual(expect.objectContaining({ action: 'auth.impersonation_login', outcome: 'success' }));
  });
});

describe('turning the second factor off', () => {
  it('takes the current password, or a code; a wrong one is refused and recorded; the sign-in is then the password alone', async () => {
    const { person, token, secret } = await enrolledPerson();
    const wrongPassword = await inject('POST', '/portal/two-factor/totp/disable', token, { current_password: 'not it' });
    expect(wrongPassword.statusCode).toBe(400);
    const wrongCode = await inject('POST', '/portal/two-factor/totp/disable', token, { code: codeOf(secret, 7) });
    expect(wrongCode.statusCode).toBe(400);
    expect(errorEnvelope.parse(wrongCode.json()).fields).toHaveProperty('code');
    expect((await inject('POST', '/portal/two-factor/totp/disable', token, {})).statusCode).toBe(400);

    const off = await inject('POST', '/portal/two-factor/totp/disable', token, { code: codeOf(secret) });
    expect(off.statusCode).toBe(200);
    expect(await db().select().from(totpAuthenticators).where(eq(totpAuthenticators.contactId, person.id))).toHaveLength(0);
    expect(await db().select().from(recoveryCodeRows).where(eq(recoveryCodeRows.contactId, person.id))).toHaveLength(0);
    expect(loginResult.safeParse((await login(person.email)).json().result).success).toBe(true);
    const disabled = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.contactId, person.id), eq(auditLog.action, 'auth.two_factor_disabled')));
    expect(disabled[0]).toMatchObject({ actor: person.email, details: { via: 'code' } });
    expect((await inject('POST', '/portal/two-factor/totp/disable', token, { current_password: TEST_PASSWORD })).statusCode).toBe(409);
  });

  it('with the password', async () => {
    const { token } = await enrolledPerson();
    expect((await inject('POST', '/portal/two-factor/totp/disable', token, { current_password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('new recovery codes', () => {
  it('replaces all ten with the password or a code: the old ones stop working, the new ones sign in once, and the person is told', async () => {
    const { person, token, secret, codes: oldCodes } = await enrolledPerson();
    expect((await inject('POST', '/portal/two-factor/recovery-codes', token, { current_password: 'not it' })).statusCode).toBe(400);
    expect((await inject('POST', '/portal/two-factor/recovery-codes', token, {})).statusCode).toBe(400);
    const renewed = await inject('POST', '/portal/two-factor/recovery-codes', token, { code: codeOf(secret) });
    expect(renewed.statusCode).toBe(200);
    const newCodes = successEnvelope(recoveryCodes).parse(renewed.json()).result.recovery_codes;
    expect(newCodes).toHaveLength(10);
    expect(newCodes).not.toContain(oldCodes[0]);
    expect(successEnvelope(twoFactorStatus).parse((await inject('GET', '/portal/two-factor', token)).json()).result).toMatchObject({
      totp: true,
      recovery_codes_left: 10,
    });

    const old = await secondStep({ pending_token: (await challengeFor(person.email)).pending_token, recovery_code: oldCodes[0] });
    expect(old.statusCode).toBe(401);
    const fresh = await secondStep({ pending_token: (await challengeFor(person.email)).pending_token, recovery_code: newCodes[0] });
    expect(loginResult.safeParse(fresh.json().result).success).toBe(true);
    const actions = await auditActions(person.id);
    expect(actions).toContainEqual(expect.objectContaining({ action: 'auth.recovery_codes_renewed', details: expect.objectContaining({ via: 'code' }) }));
    expect(actions).toContainEqual(
      expect.objectContaining({ action: 'auth.second_factor', outcome: 'failure', details: expect.objectContaining({ purpose: 'sign_in' }) }),
    );
    // The codes never reach the audit log.
    expect(JSON.stringify(actions)).not.toContain(newCodes[1]!.replace(/-/g, ''));
  });

  it('is refused without two-step sign-in on, and for the provider’s staff signed in as the person', async () => {
    const account = await createAccount(db());
    const person = await createContact(db(), { accountId: account.id });
    const token = (await signIn(test.app, person.email)).access_token;
    expect((await inject('POST', '/portal/two-factor/recovery-codes', token, { current_password: TEST_PASSWORD })).statusCode).toBe(409);
    const enrolled = await enrolledPerson();
    const refused = await inject('POST', '/portal/two-factor/recovery-codes', await impersonatedToken(enrolled.person.email), {
      code: codeOf(enrolled.secret),
    });
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelope.parse(refused.json()).message).toBe(IMPERSONATED_TWO_FACTOR);
  });
});

describe('an administrator’s reset of another user’s second factor', () => {
  it('turns it off for a user of the account, recorded under the administrator, and the user is told by mail', async () => {
    const { account, person } = await enrolledPerson();
    const admin = await createContact(db(), { accountId: account.id, adminGroup: true });
    const adminToken = (await signIn(test.app, admin.email)).access_token;
    const before = new Date();
    const reset = await inject('POST', `/crm/contacts/${person.id}/two-factor/reset`, adminToken);
    expect(reset.statusCode).toBe(200);
    expect(loginResult.safeParse((await login(person.email)).json().result).success).toBe(true);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.contactId, person.id), eq(auditLog.action, 'auth.two_factor_reset')));
    expect(entry).toMatchObject({ actor: admin.email, details: { by: admin.id, user: person.email } });
    await expect
      .poll(async () => {
        const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email));
        return mails.filter((mail) => mail.createdAt >= before).map((mail) => mail.subject);
      })
      .toContainEqual(expect.stringMatching(/two-step sign-in/i));
    // Nothing left to reset; and never one's own, nor another account's user.
    expect((await inject('POST', `/crm/contacts/${person.id}/two-factor/reset`, adminToken)).statusCode).toBe(409);
    expect((await inject('POST', `/crm/contacts/${admin.id}/two-factor/reset`, adminToken)).statusCode).toBe(409);
    const other = await enrolledPerson();
    expect((await inject('POST', `/crm/contacts/${other.person.id}/two-factor/reset`, adminToken)).statusCode).toBe(404);
  });
});

describe('the account’s policy: every user signs in with a second factor', () => {
  it('takes a user without one to set it up right after the password, then signs them in; others are unchanged', async () => {
    const { account, person: enrolled } = await enrolledPerson();
    const admin = await createContact(db(), { accountId: account.id, adminGroup: true });
    const newcomer = await createContact(db(), { accountId: account.id });
    const adminToken = (await signIn(test.app, admin.email)).access_token;
    expect(successEnvelope(signInPolicy).parse((await inject('GET', '/portal/account/sign-in-policy', adminToken)).json()).result).toEqual({
      two_factor_required: false,
    });
    const put = await test.app.inject({
      method: 'PUT',
      url: '/api/portal/account/sign-in-policy',
      headers: bearer(adminToken),
      payload: { two_factor_required: true },
    });
    expect(successEnvelope(signInPolicy).parse(put.json()).result).toEqual({ two_factor_required: true });

    const challenge = await challengeFor(newcomer.email);
    expect(challenge).toMatchObject({ enrolment_required: true, methods: [] });
    // No code can complete it: there is no authenticator yet.
    expect((await secondStep({ pending_token: challenge.pending_token, code: '123456' })).statusCode).toBe(401);
    const started = successEnvelope(totpEnrolment).parse(
      (await inject('POST', '/crm/auth/login/enrolment', undefined, { pending_token: challenge.pending_token })).json(),
    ).result;
    const done = await inject('POST', '/crm/auth/login/enrolment/confirm', undefined, { pending_token: challenge.pending_token, code: codeOf(started.secret) });
    expect(done.statusCode).toBe(200);
    const session = successEnvelope(loginResult.extend(recoveryCodes.shape)).parse(done.json()).result;
    expect(session.recovery_codes).toHaveLength(10);
    expect((await inject('GET', '/crm/auth/me', session.access_token)).statusCode).toBe(200);
    // The token is used up; and from now on the newcomer is asked for a code like anyone with one.
    expect((await inject('POST', '/crm/auth/login/enrolment', undefined, { pending_token: challenge.pending_token })).statusCode).toBe(401);
    expect((await challengeFor(newcomer.email)).methods).toEqual(['totp', 'recovery_code']);
    // Someone who has one already cannot enrol again at sign-in.
    const theirs = await challengeFor(enrolled.email);
    expect((await inject('POST', '/crm/auth/login/enrolment', undefined, { pending_token: theirs.pending_token })).statusCode).toBe(409);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'auth.sign_in_policy_changed')));
    expect(entries).toMatchObject([{ actor: admin.email, details: { two_factor_required: true } }]);
    expect(await auditActions(newcomer.id)).toContainEqual(
      expect.objectContaining({ action: 'auth.two_factor_enabled', details: { method: 'totp', at_sign_in: true } }),
    );
  });
});

describe('setting up the second factor at sign-in', () => {
  it('counts wrong codes as failed sign-ins: after five, the username is throttled even with the right code', async () => {
    const account = await createAccount(db());
    const admin = await createContact(db(), { accountId: account.id, adminGroup: true });
    const newcomer = await createContact(db(), { accountId: account.id });
    const adminToken = (await signIn(test.app, admin.email)).access_token;
    await test.app.inject({ method: 'PUT', url: '/api/portal/account/sign-in-policy', headers: bearer(adminToken), payload: { two_factor_required: true } });
    const challenge = await challengeFor(newcomer.email);
    const started = successEnvelope(totpEnrolment).parse(
      (await inject('POST', '/crm/auth/login/enrolment', undefined, { pending_token: challenge.pending_token })).json(),
    ).result;
    for (let attempt = 0; attempt < 5; attempt++) {
      const wrong = await inject('POST', '/crm/auth/login/enrolment/confirm', undefined, {
        pending_token: challenge.pending_token,
        code: codeOf(started.secret, 9),
      });
      expect(wrong.statusCode).toBe(400);
    }
    const right = await inject('POST', '/crm/auth/login/enrolment/confirm', undefined, {
      pending_token: challenge.pending_token,
      code: codeOf(started.secret),
    });
    expect(right.statusCode).toBe(429);
    expect(await auditActions(newcomer.id)).toContainEqual(
      expect.objectContaining({ action: 'auth.second_factor', outcome: 'failure', details: expect.objectContaining({ purpose: 'enrolment' }) }),
    );
  });
});
