import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_SCOPES, endpoints, errorEnvelope, providerEndpoints, type Endpoint, type EndpointName, type ProviderEndpointName } from '@portal/contract';
import { buildTestApp, type TestApp } from './app.js';
import { signIn } from './auth.js';
import {
  MATRIX_ROWS,
  PROVIDER_MATRIX_ROWS,
  createBillingAccount,
  createProviderMatrixContext,
  createVoiceService,
  type MatrixContext,
  type MatrixRequest,
  type ProviderMatrixContext,
} from './authorization-matrix.rows.js';
import { createTestApiKey } from './provider-keys.js';
import { createAccount, createContact } from './factories.js';
import { databaseFingerprint } from './database-fingerprint.js';
import { injectEndpoint } from './inject-endpoint.js';
import {
  NUMBER_CLASSES,
  PARAMETER_CLASSES,
  SHAPE_CLASSES,
  TEXT_CLASSES,
  hostileJson,
  hostilePathValue,
  hostileQuery,
  leavesOf,
  oddBody,
  withRawLeaf,
  withRepeatedKey,
  type OddBody,
} from './hostile-input.js';

/**
 * Malformed input, generated from the contract (docs/architecture.md, Testing). Each case starts from
 * an endpoint's valid request (its authorization-matrix row) and breaks it: wrong types, missing and
 * extra fields, huge and deeply nested values, control characters and invalid UTF-8, odd content
 * types, prototype keys, SQL and path metacharacters in the path and query. Whatever comes in, the
 * portal answers below 500, in the error envelope when it refuses, and a refused write changes
 * nothing.
 *
 * FUZZ_RUNS scales the run (npm run fuzz runs it longer); FUZZ_SEED replays a failure.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);

/** The customer API's endpoints and the provider API's (decision 0025): the provider's are called with a key holding every scope. */
type AnyEndpointName = EndpointName | ProviderEndpointName;
const everyEndpoint = { ...endpoints, ...providerEndpoints } as Record<AnyEndpointName, Endpoint>;
const names = Object.keys(everyEndpoint) as AnyEndpointName[];
const endpointOf = (name: AnyEndpointName) => everyEndpoint[name];
/** The query parameters an endpoint's schema names (an object schema's shape). */
const queryShapeOf = (endpoint: Endpoint): Record<string, unknown> => (endpoint.query as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
const isProviderEndpoint = (name: AnyEndpointName): name is ProviderEndpointName => name in providerEndpoints;
/** A sign-out would end the fuzzing caller's session; it is sent without a token instead. */
const endsSession = (name: AnyEndpointName) => {
  if (isProviderEndpoint(name)) return false;
  const row = MATRIX_ROWS[name];
  return row.scope === 'public' && row.endsSession === true;
};

describe('malformed input on every endpoint (property-based)', () => {
  let test: TestApp;
  let token: string;
  let context: MatrixContext;
  let providerKey: string;
  let providerContext: ProviderMatrixContext;
  let cases = 0;
  const perEndpoint = new Map<AnyEndpointName, number>();

  beforeAll(async () => {
    test = await buildTestApp();
    const db = test.database.db;
    const account = await createAccount(db);
    await createBillingAccount(db, account.id, account.billingApiId!);
    const voice = await createVoiceService(db, account.id);
    // Every flag, so that the role checks let the input through to the schemas and the handlers.
    const caller = await createContact(db, { accountId: account.id, adminGroup: true, billingGroup: true, technicalGroup: true });
    token = (await signIn(test.app, caller.email)).access_token;
    providerKey = await createTestApiKey(db, PROVIDER_SCOPES, { name: 'Fuzzing key' });
    providerContext = await createProviderMatrixContext(db);
    context = {
      db,
      accountId: account.id,
      billingId: account.billingApiId!,
      voiceServiceId: voice.id,
      assigneeId: caller.id,
      caller: { contactId: caller.id, email: caller.email, accountId: account.id },
      vault: test.container.vault,
    };
  });
  afterAll(() => {
    console.log(`request fuzzing: ${cases} cases over ${perEndpoint.size} of ${names.length} endpoints (seed ${SEED})`);
    return test.close();
  });

  /** Sends one broken request and checks the answer; a refused write must leave the database as it was. */
  async function check(name: AnyEndpointName, request: MatrixRequest, options: { rawBody?: OddBody } = {}) {
    const endpoint = endpointOf(name);
    const isWrite = endpoint.method !== 'GET';
    const before = isWrite ? await databaseFingerprint(test.database.pool) : undefined;
    // A lone surrogate has no UTF-8 form, so no client can put it in a URL: it becomes U+FFFD (toWellFormed), as a browser would send it.
    const params = Object.fromEntries(Object.entries(request.params ?? {}).map(([k, v]) => [k, String(v)]));
    const path = endpoint.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => (key in params ? encodeURIComponent(params[key]!.toWellFormed()) : '1'));
    const query = request.query === undefined ? '' : `?${new URLSearchParams(request.query as Record<string, string>)}`;
    const bearer = isProviderEndpoint(name) ? providerKey : token;
    const headers: Record<string, string> = { ...request.headers, ...(endsSession(name) ? {} : { authorization: `Bearer ${bearer}` }) };
    let payload: string | Buffer | undefined;
    if (options.rawBody) {
      payload = options.rawBody.payload;
      if (options.rawBody.contentType) headers['content-type'] = options.rawBody.contentType;
    } else if (request.body !== undefined) {
      payload = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    const response = await injectEndpoint(test.app, endpoint, {
      method: endpoint.method,
      url: `/api${path}${query}`,
      headers,
      payload,
      // Each case from an address of its own, so the sign-in throttle per address does not answer for every later case.
      remoteAddress: `10.${(cases >> 16) & 255}.${(cases >> 8) & 255}.${cases & 255}`,
    });
    cases += 1;
    perEndpoint.set(name, (perEndpoint.get(name) ?? 0) + 1);
    const what = `${endpoint.method} /api${path}${query} ${String(payload ?? '').slice(0, 300)}`;
    // An endpoint without a handler yet answers 501 once the input is valid; anything else is below 500.
    const notBuilt = response.statusCode === 501 && !test.app.builtEndpoints.has(endpoint);
    if (!notBuilt) expect(response.statusCode, `${what} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
    if (response.statusCode >= 400) {
      expect(errorEnvelope.safeParse(response.json()).success, `${what} answers in the error envelope`).toBe(true);
      // A payment the card network refused (402) is recorded as a Failed payment by design; every other refusal writes nothing.
      if (before && response.statusCode !== 402)
        expect(await databaseFingerprint(test.database.pool), `${what} was refused but changed the database`).toEqual(before);
    }
  }

  const baseRequest = async (name: AnyEndpointName): Promise<MatrixRequest> =>
    isProviderEndpoint(name) ? PROVIDER_MATRIX_ROWS[name](providerContext) : MATRIX_ROWS[name].request(context);
  const anEndpoint = fc.constantFrom(...names);
  const withBody = fc.constantFrom(...names.filter((name) => endpointOf(name).body));
  const withParams = fc.constantFrom(...names.filter((name) => endpointOf(name).path.includes(':')));

  it(
    'survives broken JSON bodies: wrong types, missing, extra and prototype keys, huge and nested values',
    async () => {
      await fc.assert(
        fc.asyncProperty(withBody, hostileJson, fc.nat(), async (name, hostile, pick) => {
          const request = await baseRequest(name);
          const body = (request.body ?? {}) as Record<string, unknown>;
          const keys = Object.keys(body);
          const target = keys.length > 0 ? keys[pick % keys.length]! : 'field';
          const mutations: unknown[] = [
            hostile, // the whole body replaced
            { ...body, [target]: hostile }, // one field replaced
            Object.fromEntries(Object.entries(body).filter(([key]) => key !== target)), // one field missing
            { ...body, ...(typeof hostile === 'object' && hostile !== null && !Array.isArray(hostile) ? hostile : { extra: hostile }) }, // extra fields
          ];
          await check(name, { ...request, body: mutations[pick % mutations.length] });
        }),
        { seed: SEED, numRuns: 2_400 * SCALE },
      );
    },
    600_000 * Math.max(1, SCALE),
  );

  it(
    'survives hostile path parameters and query strings',
    async () => {
      await fc.assert(
        fc.asyncProperty(anEndpoint, hostilePathValue, hostileQuery, fc.boolean(), async (name, value, query, breakPath) => {
          const request = await baseRequest(name);
          const params = breakPath && request.params ? Object.fromEntries(Object.keys(request.params).map((key) => [key, value])) : request.params;
          await check(name, { ...request, params, query: breakPath ? request.query : { ...(request.query ?? {}), ...query } });
        }),
        { seed: SEED + 1, numRuns: 1_600 * SCALE },
      );
    },
    600_000 * Math.max(1, SCALE),
  );

  it(
    'survives odd bodies: invalid UTF-8, other content types, empty and truncated JSON',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(withBody, withParams), oddBody, async (name, odd) => {
          await check(name, await baseRequest(name), { rawBody: odd });
        }),
        { seed: SEED + 2, numRuns: 1_000 * SCALE },
      );
    },
    600_000 * Math.max(1, SCALE),
  );

  /*
   * Classes of input a random run rarely puts in the right place, sent to every field of
   * every endpoint, customer and provider, whatever the run's size: lone surrogates and
   * non-characters in each text, integers at and beyond 2^31 and 2^53, negative zero and exponents
   * in each number, an object or an array in place of each value, a key repeated, a 1 MiB key,
   * and the numeric and broken-text classes in each path and query parameter.
   */
  it('survives each class of hostile value in every field, path and query parameter of every endpoint', async () => {
    const failures: string[] = [];
    let sent = 0;
    const send = async (name: AnyEndpointName, request: MatrixRequest, rawBody?: string) => {
      sent += 1;
      try {
        await check(name, request, rawBody === undefined ? {} : { rawBody: { payload: rawBody, contentType: 'application/json' } });
      } catch (error) {
        failures.push(
          String((error as Error).message)
            .split('\n')[0]!
            .slice(0, 400),
        );
      }
    };
    for (const name of names) {
      const request = await baseRequest(name);
      if (request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body)) {
        const body = request.body as Record<string, unknown>;
        for (const leaf of leavesOf(body)) {
          const classes = typeof leaf.value === 'number' ? NUMBER_CLASSES : typeof leaf.value === 'string' ? TEXT_CLASSES : [];
          for (const raw of [...classes, ...SHAPE_CLASSES]) await send(name, request, withRawLeaf(body, leaf.path, raw));
        }
        const repeated = withRepeatedKey(body, '{}');
        if (repeated) await send(name, request, repeated);
        await send(name, request, JSON.stringify({ ...body, ['k'.repeat(1024 * 1024)]: 1 }));
      }
      for (const key of Object.keys(request.params ?? {})) {
        for (const value of PARAMETER_CLASSES) await send(name, { ...request, params: { ...request.params, [key]: value } });
      }
      const queryKeys = new Set([...Object.keys(request.query ?? {}), ...Object.keys(queryShapeOf(endpointOf(name)))]);
      for (const key of queryKeys) {
        for (const value of PARAMETER_CLASSES) await send(name, { ...request, query: { ...request.query, [key]: value } });
      }
    }
    console.log(`request fuzzing, classes: ${sent} cases over ${names.length} endpoints, ${failures.length} failed`);
    expect(failures).toEqual([]);
  }, 900_000);

  it('refuses, on every update endpoint (PATCH, PUT), a field it would otherwise drop, naming it and changing nothing', async () => {
    const updates = names.filter((name) => ['PATCH', 'PUT'].includes(endpointOf(name).method) && endpointOf(name).body);
    for (const name of updates) {
      const request = await baseRequest(name);
      const endpoint = endpointOf(name);
      const before = await databaseFingerprint(test.database.pool);
      const path = endpoint.path.replace(/:([A-Za-z_]+)/g, (_, key: string) => encodeURIComponent(String(request.params?.[key] ?? '1')));
      const bearer = isProviderEndpoint(name) ? providerKey : token;
      const response = await test.app.inject({
        method: endpoint.method,
        url: `/api${path}`,
        headers: { ...request.headers, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        payload: JSON.stringify({ ...(request.body as object), misspelled_field: 'x' }),
      });
      expect(response.statusCode, `${name} → ${response.body.slice(0, 200)}`).toBe(400);
      expect(errorEnvelope.parse(response.json()).fields?.misspelled_field, name).toBe('misspelled_field is not a field of this request; nothing was changed');
      expect(await databaseFingerprint(test.database.pool), `${name} changed the database`).toEqual(before);
    }
    console.log(`unknown fields refused on ${updates.length} update endpoints`);
    expect(updates.length).toBeGreaterThan(10);
  });

  it('used every endpoint of the contract', () => {
    expect([...perEndpoint.keys()].sort()).toEqual([...names].sort());
  });
});
