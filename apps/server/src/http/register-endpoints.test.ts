import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { endpoints, errorEnvelope } from '@portal/contract';
import type { Caller } from '../modules/auth/caller.js';
import { createTokenService } from '../platform/tokens.js';
import { unauthenticated } from '../platform/app-error.js';
import { createAuthenticator } from './authenticate.js';
import { installErrorHandler } from './error-handler.js';
import { createInFlight } from './in-flight.js';
import { registerEndpoints } from './register-endpoints.js';

const tokens = createTokenService('k'.repeat(48));
const caller = (flags: Partial<Caller>): Caller => ({
  contactId: 1,
  externalId: null,
  accountId: 1,
  sessionId: '00000000-0000-4000-8000-000000000001',
  email: 'someone@example.test',
  firstname: 'Some',
  lastname: 'One',
  adminGroup: false,
  billingGroup: false,
  technicalGroup: false,
  timeZone: 'US/Eastern',
  uiColorMode: 'light',
  account: { name: 'Test', billingApiId: null },
  impersonatedBy: null,
  ...flags,
});

/** A server where no endpoint has a handler yet: every one of them is "not built". */
async function serverWithNothingBuilt(signedIn: Caller) {
  const app = Fastify();
  installErrorHandler(app);
  const authenticate = createAuthenticator({ tokens, findLiveCaller: async () => signedIn });
  const built = registerEndpoints(app, [], {
    authenticate,
    authenticateApiKey: async () => {
      throw unauthenticated('No provider keys in this test');
    },
    budget: { spend: async () => undefined, flush: async () => undefined },
    inFlight: createInFlight(),
  });
  await app.ready();
  const token = (await tokens.signAccessToken({ contactId: signedIn.contactId, accountId: signedIn.accountId, sessionId: signedIn.sessionId })).token;
  return { app, built, token };
}

describe('an endpoint not built yet', () => {
  it('asks who is calling first: 401 anonymous, 403 without the role, 501 only for a permitted caller', async () => {
    const { app, built, token } = await serverWithNothingBuilt(caller({}));
    expect(built.size).toBe(0);
    const url = `/api${endpoints.listContacts.path}`;

    const anonymous = await app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(errorEnvelope.parse(anonymous.json()).code).toBe('unauthenticated');

    const withoutRole = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(withoutRole.statusCode).toBe(403);

    const admin = await serverWithNothingBuilt(caller({ adminGroup: true }));
    const permitted = await admin.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${admin.token}` } });
    expect(permitted.statusCode).toBe(501);
    expect(errorEnvelope.parse(permitted.json()).code).toBe('not_implemented');
    await Promise.all([app.close(), admin.app.close()]);
  });

  it('answers a billing endpoint 403 to a signed-in caller without the billing flag', async () => {
    const { app, token } = await serverWithNothingBuilt(caller({ adminGroup: true }));
    const response = await app.inject({ method: 'GET', url: '/api/billing/account/ba_1', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode).toBe(403);
    await app.close();
  });
});
