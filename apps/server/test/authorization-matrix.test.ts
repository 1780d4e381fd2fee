import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROVIDER_RESOURCES,
  PROVIDER_SCOPES,
  buildPath,
  endpoints,
  errorEnvelope,
  providerEndpoints,
  type Endpoint,
  type EndpointName,
  type ProviderEndpointName,
  type ProviderScope,
} from '@portal/contract';
import { buildTestApp, type TestApp } from './app.js';
import { signIn } from './auth.js';
import {
  MATRIX_ROWS,
  PROVIDER_MATRIX_ROWS,
  createBillingAccount,
  createProviderMatrixContext,
  createVoiceService,
  type MatrixContext,
} from './authorization-matrix.rows.js';
import { createTestApiKey } from './provider-keys.js';
import { injectEndpoint } from './inject-endpoint.js';
import { createAccount, createContact } from './factories.js';

/**
 * Every endpoint of the contract × every kind of caller, generated from the contract
 * (docs/architecture.md, Testing). The expected answer follows from the endpoint's declared access
 * and its row's scope: anonymous → 401; signed in without the role → 403; an endpoint without a
 * handler → 501 once the caller is allowed; an admin of another account naming this account's
 * object → 404; else success.
 */
const CALLERS = ['anonymous', 'none', 'technical', 'billing', 'admin', 'otherAccountAdmin'] as const;
type Who = (typeof CALLERS)[number];

const FLAGS: Record<Exclude<Who, 'anonymous'>, { adminGroup: boolean; billingGroup: boolean; technicalGroup: boolean }> = {
  none: { adminGroup: false, billingGroup: false, technicalGroup: false },
  technical: { adminGroup: false, billingGroup: false, technicalGroup: true },
  billing: { adminGroup: false, billingGroup: true, technicalGroup: false },
  admin: { adminGroup: true, billingGroup: false, technicalGroup: false },
  // Every flag, so that only the account can stop it.
  otherAccountAdmin: { adminGroup: true, billingGroup: true, technicalGroup: true },
};

/**
 * Whether a signed-in access lets this caller in, written out here rather than taken from the server's code under
 * test. Exhaustive: a new kind of access fails the typecheck until its rule is written here.
 */
function allowed(access: Endpoint['access'], who: Who): boolean {
  if (who === 'anonymous') return false;
  const flags = FLAGS[who];
  switch (access) {
    case 'user':
      return true;
    case 'admin':
      return flags.adminGroup;
    case 'billing':
      return flags.billingGroup;
    // Decision 0031: administrators and technical contacts.
    case 'technical':
      return flags.adminGroup || flags.technicalGroup;
    case 'public':
    case 'refresh':
    case 'reset':
    case 'provider':
      // Answered by the row's own status (public, refresh, reset) or by the provider matrix below; never reached.
      throw new Error(`${access} endpoints are not decided by the caller's flags`);
  }
}

type Expected = number | 'success';

function expectedAnswer(name: EndpointName, endpoint: Endpoint, who: Who, built: boolean): Expected {
  const row = MATRIX_ROWS[name];
  if (row.scope === 'public') return row.status;
  if (who === 'anonymous') return 401;
  if (!allowed(endpoint.access, who)) return 403;
  if (!built) return 501;
  if (who === 'otherAccountAdmin' && row.scope === 'object') return 404;
  return 'success';
}

describe('authorization matrix (every endpoint × every kind of caller)', () => {
  let test: TestApp;
  const tokens = new Map<Who, string>();
  const contexts = new Map<Who, MatrixContext>();
  let accountA: MatrixContext;

  beforeAll(async () => {
    test = await buildTestApp();
    const db = test.database.db;
    const makeAccount = async () => {
      const account = await createAccount(db);
      await createBillingAccount(db, account.id, account.billingApiId!);
      const voice = await createVoiceService(db, account.id);
      return { account, voice };
    };
    const a = await makeAccount();
    const b = await makeAccount();
    const base = (accountId: number, billingId: string, voiceServiceId: number, assigneeId: number): MatrixContext => ({
      db,
      accountId,
      billingId,
      voiceServiceId,
      assigneeId,
      vault: test.container.vault,
    });

    const aAdmin = await createContact(db, { accountId: a.account.id, ...FLAGS.admin });
    accountA = base(a.account.id, a.account.billingApiId!, a.voice.id, aAdmin.id);
    contexts.set('anonymous', accountA);
    for (const who of ['none', 'technical', 'billing', 'admin', 'otherAccountAdmin'] as const) {
      const home = who === 'otherAccountAdmin' ? b : a;
      const contact = who === 'admin' ? aAdmin : await createContact(db, { accountId: home.account.id, ...FLAGS[who] });
      tokens.set(who, (await signIn(test.app, contact.email)).access_token);
      const caller = { contactId: contact.id, email: contact.email, accountId: home.account.id };
      // The other account's admin names account A's objects; everyone else their own account's.
      contexts.set(
        who,
        who === 'otherAccountAdmin' ? { ...accountA, caller } : { ...base(a.account.id, a.account.billingApiId!, a.voice.id, contact.id), caller },
      );
    }
  });
  afterAll(() => test.close());

  it('has a row for every endpoint of the contract, and none for an endpoint that is gone', () => {
    const names = Object.keys(endpoints).sort();
    expect(Object.keys(MATRIX_ROWS).sort()).toEqual(names);
  });

  it('answers every endpoint as its access and scope say, for every caller', async () => {
    const built = test.app.builtEndpoints;
    const failures: string[] = [];
    let cases = 0;
    const endsSession = (name: EndpointName) => {
      const row = MATRIX_ROWS[name];
      return row.scope === 'public' && row.endsSession === true;
    };
    const ordered = (Object.entries(endpoints) as [EndpointName, Endpoint][]).sort(([a], [b]) => Number(endsSession(a)) - Number(endsSession(b)));
    for (const [name, endpoint] of ordered) {
      // The other account's admin first, so that no earlier caller's change (a delete) can hide a leak.
      for (const who of ['otherAccountAdmin', 'anonymous', 'none', 'technical', 'billing', 'admin'] as const) {
        const expected = expectedAnswer(name, endpoint, who, built.has(endpoint));
        const request = await MATRIX_ROWS[name].request(contexts.get(who)!);
        const token = tokens.get(who);
        const url = `/api${buildPath(endpoint.path, request.params)}${request.query ? `?${new URLSearchParams(request.query)}` : ''}`;
        const response = await injectEndpoint(test.app, endpoint, {
          method: endpoint.method,
          url,
          headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          payload: request.body === undefined ? undefined : (request.body as object),
        });
        cases += 1;
        const ok = expected === 'success' ? response.statusCode >= 200 && response.statusCode < 300 : response.statusCode === expected;
        const envelopeOk = response.statusCode < 400 || errorEnvelope.safeParse(response.json()).success;
        if (!ok || !envelopeOk)
          failures.push(`${endpoint.method} ${endpoint.path} as ${who}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    console.log(`authorization matrix: ${Object.keys(endpoints).length} endpoints × ${CALLERS.length} callers = ${cases} cases; ${built.size} endpoints built`);
    expect(failures).toEqual([]);
  }, 120_000);
});

/**
 * Decision 0025: every provider endpoint × every kind of API caller. A key holding the endpoint's scope
 * succeeds; a key holding every scope but this resource's gets 403; a revoked key, an expired key,
 * a customer's access token (even an administrator's) and no token at all get 401.
 */
const PROVIDER_CALLERS = ['keyWithScope', 'keyWithoutScope', 'revokedKey', 'expiredKey', 'customerToken', 'anonymous'] as const;
type ProviderWho = (typeof PROVIDER_CALLERS)[number];
const PROVIDER_EXPECTED: Record<ProviderWho, number | 'success'> = {
  keyWithScope: 'success',
  keyWithoutScope: 403,
  revokedKey: 401,
  expiredKey: 401,
  customerToken: 401,
  anonymous: 401,
};

describe('authorization matrix of the provider API (every endpoint × every kind of key)', () => {
  let test: TestApp;
  const bearers = new Map<string, string>();

  beforeAll(async () => {
    test = await buildTestApp();
    const db = test.database.db;
    for (const scope of PROVIDER_SCOPES) bearers.set(`with:${scope}`, await createTestApiKey(db, [scope]));
    for (const resource of PROVIDER_RESOURCES) {
      const others = PROVIDER_SCOPES.filter((scope) => !scope.startsWith(`${resource}:`));
      bearers.set(`without:${resource}`, await createTestApiKey(db, others));
    }
    bearers.set('revokedKey', await createTestApiKey(db, PROVIDER_SCOPES, { revoked: true }));
    bearers.set('expiredKey', await createTestApiKey(db, PROVIDER_SCOPES, { expired: true }));
    const account = await createAccount(db);
    const admin = await createContact(db, { accountId: account.id, adminGroup: true, billingGroup: true, technicalGroup: true });
    bearers.set('customerToken', (await signIn(test.app, admin.email)).access_token);
  });
  afterAll(() => test.close());

  it('has a row for every provider endpoint, and none for an endpoint that is gone', () => {
    expect(Object.keys(PROVIDER_MATRIX_ROWS).sort()).toEqual(Object.keys(providerEndpoints).sort());
  });

  const bearerOf = (who: ProviderWho, scope: ProviderScope): string | undefined => {
    if (who === 'keyWithScope') return bearers.get(`with:${scope}`);
    if (who === 'keyWithoutScope') return bearers.get(`without:${scope.split(':')[0]}`);
    return bearers.get(who);
  };

  it('answers every provider endpoint as its scope says, for every caller', async () => {
    const failures: string[] = [];
    let cases = 0;
    for (const [name, endpoint] of Object.entries(providerEndpoints) as [ProviderEndpointName, Endpoint][]) {
      // Each endpoint on an account of its own, so no earlier write decides a later answer.
      const context = await createProviderMatrixContext(test.database.db);
      for (const who of PROVIDER_CALLERS) {
        const request = PROVIDER_MATRIX_ROWS[name](context);
        const token = bearerOf(who, endpoint.scope!);
        const url = `/api${buildPath(endpoint.path, request.params)}${request.query ? `?${new URLSearchParams(request.query)}` : ''}`;
        const response = await test.app.inject({
          method: endpoint.method,
          url,
          // A multipart upload's content type comes with its row.
          headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          payload: request.body === undefined ? undefined : (request.body as object),
        });
        cases += 1;
        const expected = PROVIDER_EXPECTED[who];
        const ok = expected === 'success' ? response.statusCode >= 200 && response.statusCode < 300 : response.statusCode === expected;
        const envelopeOk = response.statusCode < 400 || errorEnvelope.safeParse(response.json()).success;
        if (!ok || !envelopeOk)
          failures.push(`${endpoint.method} ${endpoint.path} as ${who}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }
    console.log(`provider authorization matrix: ${Object.keys(providerEndpoints).length} endpoints × ${PROVIDER_CALLERS.length} callers = ${cases} cases`);
    expect(failures).toEqual([]);
  }, 120_000);
});
