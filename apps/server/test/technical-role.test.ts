import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, errorEnvelope, successEnvelope } from '@portal/contract';
import { buildTestApp, type TestApp } from './app.js';
import { bearer, signIn } from './auth.js';
import { createBillingAccount } from './authorization-matrix.rows.js';
import { createAccount, createContact, createService, createTicket } from './factories.js';
import { assets, credentials, supportTools } from '../src/db/schema/index.js';

/**
 * Decision 0031, end to end over HTTP: what the technical flag grants (the account's tickets, the support tools, a
 * read-only view of the IT assets) and what it does not (the credential vault, users, billing). The authorization
 * matrix checks every endpoint for a technical caller; this is the role as one person meets it.
 */
let test: TestApp;
let token: string;
let adminToken: string;
let accountId: number;
let billingId: string;
let credentialId: number;
let contactId: number;
let toolId: number;

beforeAll(async () => {
  test = await buildTestApp();
  const db = test.database.db;
  const account = await createAccount(db, { name: 'Technical Role Co' });
  accountId = account.id;
  billingId = account.billingApiId!;
  await createBillingAccount(db, account.id, billingId);
  await createService(db, { accountId, itemType: 'it_managed_services' });
  const admin = await createContact(db, { accountId, adminGroup: true });
  const tess = await createContact(db, { accountId, technicalGroup: true, firstname: 'Tess', lastname: 'Nguyen' });
  const colleague = await createContact(db, { accountId });
  contactId = colleague.id;
  await createTicket(db, { accountId, subject: 'Assigned to a colleague', assignedContactId: colleague.id });
  await createTicket(db, { accountId, subject: 'Assigned to nobody' });
  await createTicket(db, { accountId, subject: 'Assigned to Tess', assignedContactId: tess.id });
  await db.insert(assets).values({ accountId, name: 'Core Switch', type: 'network' });
  const [credential] = await db.insert(credentials).values({ accountId, serviceName: 'Edge Firewall', username: 'admin' }).returning();
  credentialId = credential!.id;
  const [tool] = await db
    .insert(supportTools)
    .values({ name: 'Network Scanner', description: 'Finds devices', type: 'diagnostic', platforms: ['windows'], fileSize: '2 MB' })
    .returning();
  toolId = tool!.id;
  token = (await signIn(test.app, tess.email)).access_token;
  adminToken = (await signIn(test.app, admin.email)).access_token;
});
afterAll(() => test.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, who = token, headers: Record<string, string> = {}) =>
  test.app.inject({ method, url: `/api${url}`, headers: { ...bearer(who), ...headers }, payload: body });

describe('a technical contact', () => {
  it('lists every ticket of the account, as an administrator does, without the Admin View', async () => {
    const mine = successEnvelope(endpoints.listTickets.result).parse((await call('GET', '/crm/nable-tickets?status=')).json()).result;
    const admins = successEnvelope(endpoints.listTickets.result).parse((await call('GET', '/crm/nable-tickets?status=', undefined, adminToken)).json()).result;
    expect(mine.tickets.map((t) => t.subject).sort()).toEqual(['Assigned to Tess', 'Assigned to a colleague', 'Assigned to nobody']);
    expect(mine.tickets).toEqual(admins.tickets);
    expect({ is_admin_view: mine.is_admin_view, tickets_scope: mine.tickets_scope }).toEqual({ is_admin_view: false, tickets_scope: 'account' });
  });

  it('gets the support tools and a download link, and the IT assets, vendors and counters', async () => {
    expect((await call('GET', '/crm/support-tools')).statusCode).toBe(200);
    expect((await call('POST', '/crm/support-tools/generate-link', { tool_id: toolId, valid_hours: 24 })).statusCode).toBe(200);
    expect((await call('GET', '/crm/support-tools/download-history')).statusCode).toBe(200);
    const assetList = successEnvelope(endpoints.listAssets.result).parse((await call('GET', '/crm/assets')).json()).result;
    expect(assetList.map((a) => a.name)).toEqual(['Core Switch']);
    expect((await call('GET', `/crm/assets/${assetList[0]!.id}`)).statusCode).toBe(200);
    expect((await call('GET', '/crm/vendors')).statusCode).toBe(200);
    expect((await call('GET', '/crm/assets/stats')).statusCode).toBe(200);
    const tiles = successEnvelope(endpoints.listApps.result).parse((await call('GET', '/portal/apps')).json()).result;
    expect(tiles.map((tile) => [tile.id, tile.url])).toEqual([['it_managed_services', '/it-assets']]);
  });

  it('is refused (403) the credentials, their passwords and every change to them, the users and billing', async () => {
    const refused: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object, headers?: Record<string, string>][] = [
      ['GET', '/crm/credentials'],
      ['POST', `/crm/credentials/${credentialId}/reveal`, { purpose: 'show' }],
      ['POST', '/crm/credentials', { title: 'Mine now', username: 'tess', password: 'pa55-word', url: '', notes: '' }],
      ['PATCH', `/crm/credentials/${credentialId}`, { username: 'tess' }],
      ['DELETE', `/crm/credentials/${credentialId}`],
      ['GET', '/crm/contacts'],
      ['POST', '/crm/contacts', { user: { firstname: 'New', lastname: 'Person', email: 'new.person@technical.example', time_zone: 'US/Eastern' } }],
      ['PATCH', `/crm/contacts/${contactId}`, { technical_group: true }],
      ['DELETE', `/crm/contacts/${contactId}`],
      ['GET', `/billing/account/${billingId}`],
      ['GET', `/billing/account/${billingId}/statements`],
      ['POST', `/billing/account/${billingId}/payments/creditcard-onfile`, { amount: 1 }, { 'idempotency-key': 'technical-role-1' }],
      ['GET', '/crm/orders'],
    ];
    for (const [method, url, body, headers] of refused) {
      const response = await call(method, url, body, token, headers);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorEnvelope.parse(response.json()).message, `${method} ${url}`).toMatch(
        /^Only (administrators of your account|users with billing access) can do this$/,
      );
    }
    // Nothing changed: the credential and the colleague are as they were.
    const vault = successEnvelope(endpoints.listCredentials.result).parse((await call('GET', '/crm/credentials', undefined, adminToken)).json()).result;
    expect(vault.map((c) => [c.id, c.username])).toEqual([[credentialId, 'admin']]);
    expect((await call('GET', `/crm/contacts/${contactId}/licenses`, undefined, adminToken)).statusCode).toBe(200);
  });
});
