import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope, loginResult, passkey, passkeyCeremony, passkeyList, successEnvelope, twoFactorChallenge } from '@portal/contract';
import { bearer, signIn, signInAsImpersonator } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, TEST_PASSWORD } from '../../../test/factories.js';
import { createSoftPasskey, type SoftPasskey } from '../../../test/passkey-authenticator.js';
import { auditLog, mailOutbox, passkeyChallenges, passkeys } from '../../db/schema/index.js';
import { hashToken } from '../../platform/tokens.js';
import { PASSKEY_REFUSED, SECOND_FACTOR_EXPIRED } from './auth.messages.js';
import { IMPERSONATED_TWO_FACTOR } from './two-factor.js';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

/** The test app's PUBLIC_URL is http://portal.test: its host is the relying party, its origin the one accepted. */
const RP = { origin: 'http://portal.test', rpId: 'portal.test' };
const db = () => test.database.db;
let addressCounter = 0;
/** Each test its own client address, so the address's failed sign-ins of one test do not throttle another. */
const newAddress = () => `10.77.0.${++addressCounter}`;

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: { token?: string; payload?: object; address?: string } = {}) =>
  test.app.inject({
    method,
    url: `/api${url}`,
    headers: options.token ? bearer(options.token) : {},
    remoteAddress: options.address ?? '127.0.0.1',
    ...(options.payload ? { payload: options.payload } : {}),
  });
const ceremonyOf = (response: { json(): unknown }) => successEnvelope(passkeyCeremony).parse(response.json()).result;
const options = (ceremony: { options: Record<string, unknown> }) => ceremony.options as { challenge: string; user?: { id: string } };

/** A person of a new account, signed in, with a passkey registered from Profile → Security. */
async function personWithPasskey(name = 'Work laptop') {
  const account = await createAccount(db());
  const person = await createContact(db(), { accountId: account.id });
  const token = (await signIn(test.app, person.email)).access_token;
  const key = createSoftPasskey(RP);
  const begun = ceremonyOf(await inject('POST', '/portal/passkeys/registration', { token }));
  const added = await inject('POST', '/portal/passkeys', { token, payload: { token: begun.token, name, credential: key.register(options(begun)) } });
  expect(added.statusCode).toBe(200);
  return { account, person, token, key, added: successEnvelope(passkey).parse(added.json()).result };
}

async function passkeySignIn(key: SoftPasskey, address: string, answer?: (challenge: { challenge: string }) => object) {
  const begun = ceremonyOf(await inject('POST', '/crm/auth/passkey/options', { address }));
  const credential = answer ? answer(options(begun)) : key.assert(options(begun));
  return inject('POST', '/crm/auth/passkey', { address, payload: { token: begun.token, credential } });
}

const auditOf = (contactId: number) =>
  db().select({ action: auditLog.action, outcome: auditLog.outcome, details: auditLog.details }).from(auditLog).where(eq(auditLog.contactId, contactId));

describe('passkeys in Profile → Security', () => {
  it('registers a discoverable passkey for this relying party, named, listed, renamed and removed; each change is a mailed security notice', async () => {
    const before = new Date();
    const { person, token, key, added } = await personWithPasskey('  Work laptop  ');
    expect(added).toMatchObject({ name: 'Work laptop', last_used_at: null, synced: false });

    const begun = ceremonyOf(await inject('POST', '/portal/passkeys/registration', { token }));
    expect(begun.options).toMatchObject({
      rp: { id: 'portal.test', name: test.config.provider.name },
      user: { name: person.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      excludeCredentials: [{ id: key.credentialId, type: 'public-key' }],
    });
    // The challenge is in the database, behind the token's hash; the token itself is not kept.
    const [kept] = await db()
      .select()
      .from(passkeyChallenges)
      .where(eq(passkeyChallenges.tokenHash, hashToken(begun.token)));
    expect(kept).toMatchObject({ purpose: 'registration', contactId: person.id, challenge: options(begun).challenge, usedAt: null });

    const listed = successEnvelope(passkeyList).parse((await inject('GET', '/portal/passkeys', { token })).json()).result;
    expect(listed).toEqual([added]);
    expect(JSON.stringify(listed)).not.toContain(key.credentialId);

    const renamed = await inject('PUT', `/portal/passkeys/${added.id}`, { token, payload: { name: 'Phone' } });
    expect(successEnvelope(passkey).parse(renamed.json()).result.name).toBe('Phone');
    const tooLong = await inject('PUT', `/portal/passkeys/${added.id}`, { token, payload: { name: 'x'.repeat(61) } });
    expect(tooLong.statusCode).toBe(400);
    expect((await inject('PUT', `/portal/passkeys/${added.id}`, { token, payload: { name: '   ' } })).statusCode).toBe(400);

    // Another person's passkey is not theirs to rename or remove.
    const other = await personWithPasskey();
    expect((await inject('DELETE', `/portal/passkeys/${other.added.id}`, { token })).statusCode).toBe(404);
    expect((await inject('PUT', `/portal/passkeys/${other.added.id}`, { token, payload: { name: 'Mine' } })).statusCode).toBe(404);

    expect((await inject('DELETE', `/portal/passkeys/${added.id}`, { token })).statusCode).toBe(200);
    expect(successEnvelope(passkeyList).parse((await inject('GET', '/portal/passkeys', { token })).json()).result).toEqual([]);
    expect((await inject('DELETE', `/portal/passkeys/${added.id}`, { token })).statusCode).toBe(404);

    expect(await auditOf(person.id)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'auth.passkey_added', details: expect.objectContaining({ name: 'Work laptop' }) }),
        expect.objectContaining({ action: 'auth.passkey_removed', details: expect.objectContaining({ name: 'Phone' }) }),
      ]),
    );
    await expect
      .poll(async () => {
        const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, person.email));
        return mails.filter((mail) => mail.createdAt >= before).map((mail) => mail.subject);
      })
      .toEqual(expect.arrayContaining([expect.stringMatching(/passkey was added/i), expect.stringMatching(/passkey was removed/i)]));
  });

  it('refuses an answer over a used token, another person’s token, another origin or another relying party; and a passkey twice', async () => {
    const account = await createAccount(db());
    const person = await createContact(db(), { accountId: account.id });
    const token = (await signIn(test.app, person.email)).access_token;
    const otherToken = (await signIn(test.app, (await createContact(db(), { accountId: account.id })).email)).access_token;
    const attempt = async (answer: (key: SoftPasskey, challenge: { challenge: string }) => object, as = token) => {
      const begun = ceremonyOf(await inject('POST', '/portal/passkeys/registration', { token }));
      return inject('POST', '/portal/passkeys', {
        token: as,
        payload: { token: begun.token, name: 'Key', credential: answer(createSoftPasskey(RP), options(begun)) },
      });
    };
    expect((await attempt((key, o) => key.register(o), otherToken)).statusCode).toBe(400);
    expect((await attempt((key, o) => key.register(o, 'http://evil.test'))).statusCode).toBe(400);
    expect((await attempt((key, o) => key.register(o, RP.origin, 'evil.test'))).statusCode).toBe(400);
    expect((await attempt((key) => key.register({ challenge: 'not-the-challenge' }))).statusCode).toBe(400);

    const key = createSoftPasskey(RP);
    const begun = ceremonyOf(await inject('POST', '/portal/passkeys/registration', { token }));
    const credential = key.register(options(begun));
    expect((await inject('POST', '/portal/passkeys', { token, payload: { token: begun.token, name: 'Key', credential } })).statusCode).toBe(200);
    const reused = await inject('POST', '/portal/passkeys', { token, payload: { token: begun.token, name: 'Key', credential } });
    expect(reused.statusCode).toBe(400);
    const again = ceremonyOf(await inject('POST', '/portal/passkeys/registration', { token }));
    const twice = await inject('POST', '/portal/passkeys', { token, payload: { token: again.token, name: 'Key', credential: key.register(options(again)) } });
    expect(twice.statusCode).toBe(409);
    expect(await db().select().from(passkeys).where(eq(passkeys.contactId, person.id))).toHaveLength(1);
  });

  it('is not for the provider’s staff signed in as the person', async () => {
    const account = await createAccount(db());
    const person = await createContact(db(), { accountId: account.id });
    const token = (await signInAsImpersonator(test, person.email)).access_token;
    const refused = await inject('POST', '/portal/passkeys/registration', { token });
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelope.parse(refused.json()).message).toBe(IMPERSONATED_TWO_FACTOR);
    expect((await inject('GET', '/portal/passkeys', { token })).statusCode).toBe(200);
  });
});

describe('signing in with a passkey alone', () => {
  it('signs the person in without their e-mail address, recorded as a sign-in by passkey', async () => {
    const { person, key, added } = await personWithPasskey();
    const begun = ceremonyOf(await inject('POST', '/crm/auth/passkey/options'));
    expect(begun.options).toMatchObject({ rpId: 'portal.test', allowCredentials: [] });
    const response = await inject('POST', '/crm/auth/passkey', {
      address: newAddress(),
      payload: { token: begun.token, credential: key.assert(options(begun)) },
    });
    expect(response.statusCode).toBe(200);
    expect(successEnvelope(loginResult).parse(response.json()).result).toMatchObject({ email: person.email, id: person.id });
    const [row] = await db().select().from(passkeys).where(eq(passkeys.id, added.id));
    expect(row).toMatchObject({ signCount: 1 });
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    expect(await auditOf(person.id)).toContainEqual(expect.objectContaining({ action: 'auth.login', outcome: 'success', details: { via: 'passkey' } }));
  });

  it('refuses unknown, tampered, replayed, expired, cloned and other-site assertions with one message, counted as failed sign-ins', async () => {
    const { person, key } = await personWithPasskey();
    const address = newAddress();
    const refusedWith = async (response: Awaited<ReturnType<typeof inject>>) => {
      expect(response.statusCode).toBe(401);
      expect(errorEnvelope.parse(response.json()).message).toBe(PASSKEY_REFUSED);
    };
    await refusedWith(await passkeySignIn(createSoftPasskey(RP), address)); // never registered here
    await refusedWith(await passkeySignIn(key, address, (o) => key.assert(o, 'http://evil.test')));
    await refusedWith(await passkeySignIn(key, address, (o) => key.assert(o, RP.origin, 'evil.test')));
    // Alone, a passkey must have checked the person (PIN or biometrics), not only been touched.
    await refusedWith(await passkeySignIn(key, address, (o) => key.assert(o, RP.origin, RP.rpId, false)));
    await refusedWith(
      await passkeySignIn(key, address, (o) => {
        const answer = key.assert(o);
        const signature = Buffer.from(answer.response.signature, 'base64url');
        signature[signature.length - 1]! ^= 1;
        return { ...answer, response: { ...answer.response, signature: signature.toString('base64url') } };
      }),
    );

    // Replayed: the same answer, and its token, a second time.
    const begun = ceremonyOf(await inject('POST', '/crm/auth/passkey/options', { address }));
    const answer = key.assert(options(begun));
    expect((await inject('POST', '/crm/auth/passkey', { address, payload: { token: begun.token, credential: answer } })).statusCode).toBe(200);
    await refusedWith(await inject('POST', '/crm/auth/passkey', { address, payload: { token: begun.token, credential: answer } }));

    // Expired: its challenge's five minutes are over.
    const late = ceremonyOf(await inject('POST', '/crm/auth/passkey/options', { address }));
    await db()
      .update(passkeyChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passkeyChallenges.tokenHash, hashToken(late.token)));
    await refusedWith(await inject('POST', '/crm/auth/passkey', { address, payload: { token: late.token, credential: key.assert(options(late)) } }));

    // Cloned: an authenticator whose counter went back.
    key.counter = 0;
    await refusedWith(await passkeySignIn(key, address));

    const failures = (await auditOf(person.id)).filter((entry) => entry.action === 'auth.login' && entry.outcome === 'failure');
    expect(failures.map((entry) => (entry.details as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['bad_assertion', 'expired_challenge', 'counter_regression']),
    );
    // The success above cleared the person's window; three failures since (replayed, expired, cloned), and two more fill
    // it, as five wrong passwords do.
    for (let i = 0; i < 2; i++) await refusedWith(await passkeySignIn(key, address, (o) => key.assert(o, 'http://evil.test')));
    const locked = await passkeySignIn(key, newAddress());
    expect(locked.statusCode).toBe(429);
    expect((await inject('POST', '/crm/auth/login', { payload: { username: person.email, password: TEST_PASSWORD } })).statusCode).toBe(429);
  });
});

describe('a passkey as the second factor', () => {
  it('is asked for after the password of a person who has one, and only their own passkey completes the sign-in', async () => {
    const { person, key } = await personWithPasskey();
    const other = await personWithPasskey();
    const login = await inject('POST', '/crm/auth/login', { payload: { username: person.email, password: TEST_PASSWORD } });
    const challenge = successEnvelope(twoFactorChallenge).parse(login.json()).result;
    expect(challenge.methods).toEqual(['passkey']);

    const address = newAddress();
    const begin = () => inject('POST', '/crm/auth/login/second-factor/passkey/options', { address, payload: { pending_token: challenge.pending_token } });
    const first = ceremonyOf(await begin());
    expect(first.options).toMatchObject({ allowCredentials: [{ id: key.credentialId, type: 'public-key' }] });
    const finish = (token: string, credential: object) =>
      inject('POST', '/crm/auth/login/second-factor/passkey', { address, payload: { pending_token: challenge.pending_token, token, credential } });

    const refused = await finish(first.token, other.key.assert(options(first)));
    expect(refused.statusCode).toBe(401);
    expect(errorEnvelope.parse(refused.json()).message).toBe(PASSKEY_REFUSED);
    expect(await auditOf(person.id)).toContainEqual(
      expect.objectContaining({
        action: 'auth.second_factor',
        outcome: 'failure',
        details: { method: 'passkey', reason: 'passkey_refused', purpose: 'sign_in' },
      }),
    );

    // After the password, the device is the second factor: a touch is enough, no PIN or biometrics needed.
    const second = ceremonyOf(await begin());
    const done = await finish(second.token, key.assert(options(second), RP.origin, RP.rpId, false));
    expect(done.statusCode).toBe(200);
    expect(successEnvelope(loginResult).parse(done.json()).result.email).toBe(person.email);
    expect(await auditOf(person.id)).toContainEqual(
      expect.objectContaining({ action: 'auth.login', outcome: 'success', details: { second_factor: 'passkey' } }),
    );
    // The pending sign-in is used up.
    const reused = await inject('POST', '/crm/auth/login/second-factor/passkey/options', { payload: { pending_token: challenge.pending_token } });
    expect(errorEnvelope.parse(reused.json()).message).toBe(SECOND_FACTOR_EXPIRED);
  });

  it('satisfies the account’s policy of two factors; an administrator’s reset removes the user’s passkeys', async () => {
    const { account, person } = await personWithPasskey();
    const admin = await createContact(db(), { accountId: account.id, adminGroup: true });
    const adminToken = (await signIn(test.app, admin.email)).access_token;
    expect((await inject('PUT', '/portal/account/sign-in-policy', { token: adminToken, payload: { two_factor_required: true } })).statusCode).toBe(200);
    const login = await inject('POST', '/crm/auth/login', { payload: { username: person.email, password: TEST_PASSWORD } });
    const challenge = successEnvelope(twoFactorChallenge).parse(login.json()).result;
    expect(challenge).toMatchObject({ methods: ['passkey'] });
    expect(challenge.enrolment_required).toBeUndefined();
    await inject('PUT', '/portal/account/sign-in-policy', { token: adminToken, payload: { two_factor_required: false } });

    expect((await inject('POST', `/crm/contacts/${person.id}/two-factor/reset`, { token: adminToken })).statusCode).toBe(200);
    expect(await db().select().from(passkeys).where(eq(passkeys.contactId, person.id))).toEqual([]);
    const after = await inject('POST', '/crm/auth/login', { payload: { username: person.email, password: TEST_PASSWORD } });
    expect(loginResult.safeParse(after.json().result).success).toBe(true);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.contactId, person.id), eq(auditLog.action, 'auth.two_factor_reset')));
    expect(entry).toBeDefined();
  });
});
