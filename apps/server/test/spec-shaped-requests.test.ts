import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPath, successEnvelope, type Endpoint } from '@portal/contract';
import { specShapedCalls, type SpecShapedCall, type SpecShapedCallName } from '@portal/contract/spec-shaped';
import type { Database } from '../src/db/client.js';
import { assets, billingAccounts, licenses, orders, statements, supportTools } from '../src/db/schema/index.js';
import { issuePasswordLink } from '../src/modules/auth/password-reset.service.js';
import { buildTestApp, type TestApp } from './app.js';
import { signIn } from './auth.js';
import { createAccount, createContact, createService, createTicket, TEST_PASSWORD } from './factories.js';

/**
 * Decision 0029: every call of docs/product.md §7, sent as the spec shapes it (the table in
 * packages/contract/src/spec-shaped/calls.ts: the spec's fields alone, no header but the bearer
 * token the spec describes) by a caller who may make it, is answered with success. A client
 * written from the spec alone must be able to use this server. Each row runs in an account of its
 * own, whose rows' real ids take the place of the table's example ids; a row added to the table
 * without a way to set it up here fails.
 */

/** An account with everything a §7 call can name, and a contact of every group signed in. */
interface World {
  db: Database;
  accountId: number;
  /** The account's billing_api_id: the {id} of the billing calls. */
  billingId: string;
  voiceServiceId: number;
  caller: { id: number; email: string; accessToken: string; refreshToken: string };
}

/** What a row's setup puts in place of the table's examples. */
interface RealValues {
  /** Every path parameter of the row (the test checks none is left out), with a real id. */
  params?: Record<string, string | number>;
  /** Fields of the row's body or query to replace (ids, the caller's own address); each must be a field the row sends. */
  body?: Record<string, unknown>;
  query?: Record<string, string | number>;
  /** The bearer token of a refresh- or reset-token call (a public call sends none, any other the caller's access token). */
  bearer?: string;
}
type Setup = (world: World) => Promise<RealValues> | RealValues;

const unique = () => randomBytes(4).toString('hex');
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

async function newContact(world: World) {
  return createContact(world.db, { accountId: world.accountId });
}

/** A support tool the monitoring system builds per account (the build-and-download variant needs one). */
async function newAgentTool(world: World) {
  const [tool] = await world.db
    .insert(supportTools)
    .values({
      name: `Spec agent ${unique()}`,
      description: 'An agent built for the account',
      type: 'rmm_agent',
      requiresCustomBuild: true,
      platforms: ['windows', 'mac', 'linux'],
      fileSize: '12 MB',
    })
    .returning();
  return tool!.id;
}

/**
 * How each §7 call is set up against a fresh account. Typed by the table's names, so a new row
 * without a setup does not compile; the test below fails on it too.
 */
const SETUPS: Record<SpecShapedCallName, Setup> = {
  // Auth
  login: (w) => ({ body: { username: w.caller.email, password: TEST_PASSWORD } }),
  refresh: (w) => ({ bearer: w.caller.refreshToken }),
  requestPasswordReset: (w) => ({ query: { username: w.caller.email } }),
  requestPasswordResetPost: (w) => ({ body: { email: w.caller.email } }),
  changePasswordWithResetToken: async (w) => {
    const link = await issuePasswordLink(w.db, { contactId: w.caller.id, ttlMs: 60_000, ip: null, publicUrl: 'http://portal.test' });
    return { bearer: new URL(link).searchParams.get('token')! };
  },

  // Profile, contacts, licenses (the e-mail stays the caller's own: changing it needs the current password, decision 0012)
  updateMyProfile: (w) => ({ body: { email: w.caller.email } }),
  listContacts: () => ({}),
  createContact: (w) => ({ body: { user: { account_id: w.accountId } } }),
  updateContact: async (w) => ({ params: { id: (await newContact(w)).id } }),
  deleteContact: async (w) => ({ params: { id: (await newContact(w)).id } }),
  listLicenses: async (w) => ({ params: { id: (await newContact(w)).id } }),
  addLicense: async (w) => ({ params: { id: (await newContact(w)).id }, body: { service_id: w.voiceServiceId } }),
  removeLicense: async (w) => {
    const contact = await newContact(w);
    const [license] = await w.db.insert(licenses).values({ accountId: w.accountId, contactId: contact.id, serviceId: w.voiceServiceId }).returning();
    return { params: { id: contact.id, licenseId: license!.id } };
  },

  // Services
  listServices: () => ({}),
  listTimezones: () => ({}),

  // Billing
  getBillingAccount: (w) => ({ params: { id: w.billingId } }),
  listPayments: (w) => ({ params: { id: w.billingId } }),
  listStatements: (w) => ({ params: { id: w.billingId } }),
  getStatementPdf: async (w) => {
    const id = `st_spec_${unique()}`;
    await w.db.insert(statements).values({ id, accountId: w.accountId, periodStart: '2026-10-01', periodEnd: '2026-10-31', amountDue: 120 });
    return { params: { id } };
  },
  payWithNewCard: (w) => ({ params: { id: w.billingId } }),
  payWithStoredCard: (w) => ({ params: { id: w.billingId } }),
  setAutoPay: (w) => ({ params: { id: w.billingId } }),
  storeCard: (w) => ({ params: { id: w.billingId } }),
  removeStoredCard: (w) => ({ params: { id: w.billingId } }),
  removeStoredCardFallback: (w) => ({ params: { id: w.billingId } }),
  listOrders: () => ({}),
  getOrder: async (w) => {
    const [order] = await w.db.insert(orders).values({ accountId: w.accountId, name: 'Voice seats upgrade' }).returning();
    return { params: { id: order!.id } };
  },

  // Assets, vendors, credentials
  listAssets: () => ({}),
  getAsset: async (w) => {
    const [asset] = await w.db.insert(assets).values({ accountId: w.accountId, name: 'Front desk PC', type: 'desktop' }).returning();
    return { params: { id: asset!.id } };
  },
  listVendors: () => ({}),
  listCredentials: () => ({}),
  createCredential: () => ({}),

  // Tickets
  listTickets: () => ({}),
  getTicket: async (w) => ({ params: { id: (await createTicket(w.db, { accountId: w.accountId, assignedContactId: w.caller.id })).id } }),
  respondToTicket: async (w) => ({ params: { id: (await createTicket(w.db, { accountId: w.accountId, assignedContactId: w.caller.id })).id } }),

  // Support tools
  listSupportTools: () => ({}),
  generateToolLink: async (w) => ({ body: { tool_id: await newAgentTool(w) } }),
  buildTool: async (w) => ({ body: { tool_id: await newAgentTool(w) } }),
  recordToolDownload: async (w) => ({ body: { tool_id: await newAgentTool(w) } }),
  listToolDownloads: () => ({}),
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The row's example with the real values in place: only fields the row sends, so the request keeps the spec's fields alone. */
function withRealValues(example: unknown, real: Record<string, unknown>, where: string): unknown {
  if (!isRecord(example)) throw new Error(`${where}: the row sends no fields to replace`);
  const result: Record<string, unknown> = { ...example };
  for (const [key, value] of Object.entries(real)) {
    if (!(key in example)) throw new Error(`${where}.${key} is not a field the spec's request sends`);
    result[key] = isRecord(value) && isRecord(example[key]) ? withRealValues(example[key], value, `${where}.${key}`) : value;
  }
  return result;
}

/** The path parameters: every one of the row's examples replaced, and no other. */
function realParams(row: SpecShapedCall, real: RealValues, name: string) {
  expect(Object.keys(real.params ?? {}).sort(), `${name}: the setup must give a real value for each path parameter`).toEqual(
    Object.keys(row.params ?? {}).sort(),
  );
  return real.params;
}

function bearerOf(endpoint: Endpoint, real: RealValues, world: World, name: string): string | undefined {
  if (endpoint.access === 'public') return undefined;
  if (endpoint.access === 'refresh' || endpoint.access === 'reset') {
    if (!real.bearer) throw new Error(`${name}: the setup must give the ${endpoint.access} token the call is made with`);
    return real.bearer;
  }
  return world.caller.accessToken;
}

describe('every call of §7, sent as the spec shapes it, succeeds', () => {
  let test: TestApp;

  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(() => test.close());

  /** A fresh account for one row: no earlier row's change (a deleted card, a changed password) can decide its answer. */
  async function newWorld(): Promise<World> {
    const db = test.database.db;
    // The monitoring system knows the account by this name (the build-and-download variant needs it).
    const account = await createAccount(db, { monitoringCustomerName: `Spec Logistics ${unique()}` });
    const billingId = account.billingApiId!;
    // A balance both payments of the table fit in, and a stored card (a sandbox token) for auto-pay and the stored-card payment.
    await db.insert(billingAccounts).values({
      id: billingId,
      accountId: account.id,
      balance: 1000,
      cardFirstName: 'Dana',
      cardLastName: 'Admin',
      cardLast4: '4242',
      cardType: 'visa',
      cardExpMonth: '08',
      cardExpYear: String(NEXT_YEAR + 3),
      cardGatewayToken: `tok_sandbox_spec${unique()}`,
    });
    const voice = await createService(db, { accountId: account.id, itemType: 'itp_voice', apiId: `itpv-${unique()}`, metadata: { purchased_users: 10 } });
    const contact = await createContact(db, {
      accountId: account.id,
      adminGroup: true,
      billingGroup: true,
      technicalGroup: true,
      firstname: 'Dana',
      lastname: 'Admin',
    });
    const session = await signIn(test.app, contact.email);
    return {
      db,
      accountId: account.id,
      billingId,
      voiceServiceId: voice.id,
      caller: { id: contact.id, email: contact.email, accessToken: session.access_token, refreshToken: session.refresh_token },
    };
  }

  it('has a setup for every row of the table, and none for a row that is gone', () => {
    expect(Object.keys(SETUPS).sort()).toEqual(Object.keys(specShapedCalls).sort());
  });

  it.each(Object.entries(specShapedCalls) as [SpecShapedCallName, SpecShapedCall][])('%s', async (name, row) => {
    const setup = SETUPS[name] as Setup | undefined;
    if (!setup) throw new Error(`${name} (${row.spec}) has no setup in spec-shaped-requests.test.ts: a new row of the table needs one`);
    const world = await newWorld();
    const real = await setup(world);
    const { endpoint } = row;

    const params = realParams(row, real, name);
    const query = real.query ? withRealValues(row.query, real.query, `${name} query`) : row.query;
    const body = real.body ? withRealValues(row.body, real.body, `${name} body`) : row.body;
    const bearer = bearerOf(endpoint, real, world, name);
    const search = query ? `?${new URLSearchParams(Object.entries(query as Record<string, string | number>).map(([key, value]) => [key, String(value)]))}` : '';
    const response = await test.app.inject({
      method: endpoint.method,
      url: `/api${buildPath(endpoint.path, params)}${search}`,
      headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
      payload: body as object | undefined,
    });

    const said = `${row.spec} answered ${response.statusCode} ${response.body.slice(0, 300)}`;
    if (row.answer === 'file') {
      expect(response.statusCode, said).toBe(200);
      expect(response.headers['content-disposition'], said).toMatch(/^attachment; filename=/);
      return;
    }
    expect(response.statusCode, said).toBeGreaterThanOrEqual(200);
    expect(response.statusCode, said).toBeLessThan(300);
    // And the answer is what this server says it answers.
    expect(successEnvelope(endpoint.result).safeParse(response.json()).success, said).toBe(true);
  });
});
