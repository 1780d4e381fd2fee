import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@portal/contract';
import { buildTestApp, type TestApp } from './app.js';
import { bearer, signIn } from './auth.js';
import { createAccount, createContact } from './factories.js';

/** Decision 0009: a request budget per caller across the API, beside the sign-in and reset throttles. */
describe('the request budget per caller', () => {
  const BUDGET = 8;
  let test: TestApp;
  let first: string;
  let second: string;

  beforeAll(async () => {
    test = await buildTestApp({ API_REQUESTS_PER_MINUTE: String(BUDGET) });
    const account = await createAccount(test.database.db);
    const [a, b] = await Promise.all([createContact(test.database.db, { accountId: account.id }), createContact(test.database.db, { accountId: account.id })]);
    first = (await signIn(test.app, a.email)).access_token;
    second = (await signIn(test.app, b.email)).access_token;
  });
  afterAll(() => test.close());

  it('answers 429 with Retry-After once a contact has spent the minute’s budget, and leaves others alone', async () => {
    // The sign-in above spent from the address's budget, not from the contact's.
    for (let i = 0; i < BUDGET; i += 1) {
      expect((await test.app.inject({ method: 'GET', url: '/api/crm/services', headers: bearer(first) })).statusCode).toBe(200);
    }
    const refused = await test.app.inject({ method: 'GET', url: '/api/crm/services', headers: bearer(first) });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = errorEnvelope.parse(refused.json());
    expect(body.code).toBe('rate_limited');
    expect(body.message).toMatch(/at most 8 a minute/);

    expect((await test.app.inject({ method: 'GET', url: '/api/crm/services', headers: bearer(second) })).statusCode).toBe(200);
  });

  it('counts signed-out callers by address, bad tokens included', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      test.app.inject({ method: 'GET', url: '/api/crm/services', remoteAddress, headers });
    for (let i = 0; i < BUDGET; i += 1) expect((await from('192.0.2.10', bearer('forged'))).statusCode).toBe(401);
    const refused = await from('192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await from('192.0.2.11')).statusCode).toBe(401);
  });

  it('never limits health checks', async () => {
    for (let i = 0; i < BUDGET * 2; i += 1) expect((await test.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
