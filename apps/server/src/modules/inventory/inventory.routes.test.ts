import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, errorEnvelope, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { assets, auditLog, credentials, vendors } from '../../db/schema/index.js';
import { createVaultKeyRing, keyIdOf } from '../../platform/secret-box.js';
import { HIDDEN_PASSWORD_LOCKED, resealVault, setCredentialPasswordHidden, VAULT_KEY_MISSING } from './inventory.service.js';

const KEY_A = randomBytes(32);
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ VAULT_KEY: KEY_A.toString('base64') });
});
afterAll(() => test.close());

const db = () => test.database.db;
type Payload = Record<string, unknown>;
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: Payload) =>
  test.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
const parse = <T>(response: { json(): unknown }, schema: { parse(v: unknown): T }) => schema.parse(response.json());
const credentialOf = (response: { json(): unknown }) => parse(response, successEnvelope(endpoints.createCredential.result)).result;
const credentialList = (response: { json(): unknown }) => parse(response, successEnvelope(endpoints.listCredentials.result)).result;

async function adminAccount() {
  const account = await createAccount(db());
  const admin = await createContact(db(), { accountId: account.id, adminGroup: true });
  const token = (await signIn(test.app, admin.email)).access_token;
  return { account, admin, token };
}

const SECRET = 'Falcon-Maple-4821!';
const NOTE = 'Break-glass admin; the MFA token is in the safe.';
const addCredential = (token: string, overrides: Payload = {}) =>
  call('POST', '/crm/credentials', token, {
    title: 'Edge Firewall',
    username: 'admin',
    password: SECRET,
    url: 'https://fw.example',
    notes: NOTE,
    ...overrides,
  });

describe('assets and vendors', () => {
  it('lists the account’s assets newest first, searched and paged on the server, with the counters; another account’s asset is 404', async () => {
    const { account, token } = await adminAccount();
    const other = await adminAccount();
    const rows = await db()
      .insert(assets)
      .values([
        {
          accountId: account.id,
          name: 'Dispatch Laptop',
          type: 'laptop',
          status: 'active',
          vendor: 'Lenovo',
          serialNumber: 'LEN-1',
          createdAt: new Date('2026-01-01'),
        },
        {
          accountId: account.id,
          name: 'Core Switch',
          type: 'network',
          status: 'maintenance',
          vendor: 'Cisco',
          assignedTo: 'Grace Liu',
          createdAt: new Date('2026-02-01'),
        },
        { accountId: account.id, name: 'Old Laptop', type: 'laptop', status: 'retired', vendor: 'Dell', createdAt: new Date('2026-03-01') },
      ])
      .returning();
    const [foreign] = await db().insert(assets).values({ accountId: other.account.id, name: 'Their Laptop', type: 'laptop' }).returning();
    await db()
      .insert(vendors)
      .values([{ accountId: account.id, name: 'Lenovo', email: 'sales@lenovo.example', phone: '+1 800 555 0100', website: 'https://lenovo.example' }]);

    const all = parse(await call('GET', '/crm/assets', token), successEnvelope(endpoints.listAssets.result)).result;
    expect(all.map((a) => a.name)).toEqual(['Old Laptop', 'Core Switch', 'Dispatch Laptop']);
    const laptops = parse(await call('GET', '/crm/assets?search=LAPTOP&limit=1&offset=1', token), successEnvelope(endpoints.listAssets.result)).result;
    expect(laptops.map((a) => a.name)).toEqual(['Dispatch Laptop']);
    const byPerson = parse(await call('GET', '/crm/assets?search=grace%20cisco', token), successEnvelope(endpoints.listAssets.result)).result;
    expect(byPerson.map((a) => a.name)).toEqual(['Core Switch']);
    expect(parse(await call('GET', '/crm/assets?search=100%25', token), successEnvelope(endpoints.listAssets.result)).result).toEqual([]);

    const stats = parse(await call('GET', '/crm/assets/stats?search=laptop', token), successEnvelope(endpoints.assetStats.result)).result;
    expect(stats).toEqual({ total_assets: 3, active_assets: 1, vendors: 1, credentials: 0, matching_assets: 2 });

    const one = parse(await call('GET', `/crm/assets/${rows[1]!.id}`, token), successEnvelope(endpoints.getAsset.result)).result;
    expect(one).toMatchObject({ name: 'Core Switch', status: 'maintenance', assigned_to: 'Grace Liu', warranty_expires: null });
    expect((await call('GET', `/crm/assets/${foreign!.id}`, token)).statusCode).toBe(404);

    const vendorList = parse(await call('GET', '/crm/vendors', token), successEnvelope(endpoints.listVendors.result)).result;
    expect(vendorList).toEqual([expect.objectContaining({ name: 'Lenovo', email: 'sales@lenovo.example', website: 'https://lenovo.example' })]);
  });

  it('pages through the assets newest first, the later-added first among those added at the same moment, each page with its whole rows', async () => {
    const { account, token } = await adminAccount();
    const sameMoment = new Date('2026-04-01T08:00:00Z');
    await db()
      .insert(assets)
      .values(
        Array.from({ length: 7 }, (_, n) => ({
          accountId: account.id,
          name: `Desk ${n}`,
          type: 'desktop' as const,
          location: `Floor ${n}`,
          createdAt: n < 4 ? sameMoment : new Date(`2026-0${n - 2}-01`),
        })),
      );
    const list = async (query: string) => parse(await call('GET', `/crm/assets${query}`, token), successEnvelope(endpoints.listAssets.result)).result;
    const all = await list('');
    expect(all.map((a) => a.name)).toEqual(['Desk 3', 'Desk 2', 'Desk 1', 'Desk 0', 'Desk 6', 'Desk 5', 'Desk 4']);
    const pages = [];
    for (let offset = 0; offset < 7; offset += 3) pages.push(...(await list(`?limit=3&offset=${offset}`)));
    expect(pages).toEqual(all);
    expect(pages[6]).toMatchObject({ name: 'Desk 4', location: 'Floor 4', type: 'desktop' });
  });
});

describe('a technical contact (decision 0031)', () => {
  it('reads the assets, an asset, the vendors and the counters of the account, and nothing of another account', async () => {
    const { account, token: adminToken } = await adminAccount();
    const other = await adminAccount();
    const technical = await createContact(db(), { accountId: account.id, technicalGroup: true });
    const token = (await signIn(test.app, technical.email)).access_token;
    const [laptop] = await db()
      .insert(assets)
      .values({ accountId: account.id, name: 'Tech Laptop', type: 'laptop', status: 'active', vendor: 'Lenovo' })
      .returning();
    const [foreign] = await db().insert(assets).values({ accountId: other.account.id, name: 'Their Laptop', type: 'laptop' }).returning();
    await db().insert(vendors).values({ accountId: account.id, name: 'Lenovo', email: 'sales@lenovo.example' });
    await addCredential(adminToken);

    const list = await call('GET', '/crm/assets', token);
    expect(list.statusCode).toBe(200);
    expect(parse(list, successEnvelope(endpoints.listAssets.result)).result.map((a) => a.name)).toEqual(['Tech Laptop']);
    expect(parse(await call('GET', `/crm/assets/${laptop!.id}`, token), successEnvelope(endpoints.getAsset.result)).result).toMatchObject({
      name: 'Tech Laptop',
    });
    expect((await call('GET', `/crm/assets/${foreign!.id}`, token)).statusCode).toBe(404);
    expect(parse(await call('GET', '/crm/vendors', token), successEnvelope(endpoints.listVendors.result)).result.map((v) => v.name)).toEqual(['Lenovo']);
    // The counters count the vault's entries (a number, no secret), as the administrators' Overview does.
    expect(parse(await call('GET', '/crm/assets/stats', token), successEnvelope(endpoints.assetStats.result)).result).toEqual({
      total_assets: 1,
      active_assets: 1,
      vendors: 1,
      credentials: 1,
      matching_assets: 1,
    });
  });

  it('is refused (403) every call of the credential vault, and it changes nothing', async () => {
    const { account, token: adminToken } = await adminAccount();
    const technical = await createContact(db(), { accountId: account.id, technicalGroup: true });
    const token = (await signIn(test.app, technical.email)).access_token;
    const { id } = credentialOf(await addCredential(adminToken));
    for (const [method, url, body] of [
      ['GET', '/crm/credentials', undefined],
      ['GET', '/crm/credentials?search=edge', undefined],
      ['POST', '/crm/credentials', { title: 'Sneaky', username: 'me', password: 'x', url: '', notes: '' }],
      ['PATCH', `/crm/credentials/${id}`, { username: 'me' }],
      ['DELETE', `/crm/credentials/${id}`, undefined],
      ['POST', `/crm/credentials/${id}/reveal`, { purpose: 'show' }],
      ['POST', `/crm/credentials/${id}/reveal`, { purpose: 'copy' }],
    ] as const) {
      const refused = await call(method, url, token, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(errorEnvelope.parse(refused.json()).message).toBe('Only administrators of your account can do this');
      expect(refused.body).not.toContain(SECRET);
    }
    const after = credentialList(await call('GET', '/crm/credentials', adminToken));
    expect(after.map((c) => [c.id, c.service_name, c.username])).toEqual([[id, 'Edge Firewall', 'admin']]);
    const reveals = (await db().select().from(auditLog).where(eq(auditLog.contactId, technical.id))).filter((e) => e.action.startsWith('vault.'));
    expect(reveals).toEqual([]);
  });
});

describe('the credential vault', () => {
  it('keeps no password or note in plain text, and carries no password in any list', async () => {
    const { token, account } = await adminAccount();
    const created = credentialOf(await addCredential(token));
    expect(created).toMatchObject({
      service_name: 'Edge Firewall',
      username: 'admin',
      website: 'https://fw.example',
      notes: NOTE,
      has_password: true,
      password_hidden: false,
    });
    expect(created).not.toHaveProperty('password');

    const { rows } = await test.database.pool.query('SELECT t::text AS row FROM credentials t WHERE account_id = $1', [account.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0].row).not.toContain(SECRET);
    expect(rows[0].row).not.toContain('MFA token');
    const [raw] = await db().select().from(credentials).where(eq(credentials.id, created.id));
    expect(raw).toMatchObject({ keyId: keyIdOf(KEY_A), legacyPlainNotes: null });
    expect(raw!.passwordSealed).toMatch(/^v1:/);

    const list = credentialList(await call('GET', '/crm/credentials', token));
    expect(list).toHaveLength(1);
    expect(list[0]).not.toHaveProperty('password');
  });

  it('reveals a password on request and records each reveal and copy in the audit log', async () => {
    const { token, admin } = await adminAccount();
    const { id } = credentialOf(await addCredential(token));
    const shown = await call('POST', `/crm/credentials/${id}/reveal`, token, { purpose: 'show' });
    expect(parse(shown, successEnvelope(endpoints.revealCredentialPassword.result)).result).toEqual({ id, password: SECRET });
    await call('POST', `/crm/credentials/${id}/reveal`, token, { purpose: 'copy' });
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.contactId, admin.id)));
    const reveals = entries.filter((e) => e.action.startsWith('vault.password_'));
    expect(reveals.map((e) => [e.action, e.actor, (e.details as { credential_id: number }).credential_id])).toEqual([
      ['vault.password_revealed', admin.email, id],
      ['vault.password_copied', admin.email, id],
    ]);
  });

  it('answers null for a hidden password in every response, records no reveal of it, and refuses to change it', async () => {
    const { token, admin } = await adminAccount();
    const { id } = credentialOf(await addCredential(token, { title: 'Domain Administrator' }));
    expect(await setCredentialPasswordHidden({ db: db(), events: test.container.events }, id, true)).toBeTruthy();

    expect(credentialList(await call('GET', '/crm/credentials', token))[0]).toMatchObject({ id, password: null, password_hidden: true });
    expect(credentialList(await call('GET', '/crm/credentials?search=domain', token))[0]).toMatchObject({ password: null });
    const revealed = parse(
      await call('POST', `/crm/credentials/${id}/reveal`, token, { purpose: 'show' }),
      successEnvelope(endpoints.revealCredentialPassword.result),
    ).result;
    expect(revealed.password).toBeNull();
    const updated = await call('PATCH', `/crm/credentials/${id}`, token, { username: 'itadmin' });
    expect(credentialOf(updated)).toMatchObject({ username: 'itadmin', password: null });
    const refused = await call('PATCH', `/crm/credentials/${id}`, token, { password: 'new-one' });
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelope.parse(refused.json()).message).toBe(HIDDEN_PASSWORD_LOCKED);
    const reveals = (await db().select().from(auditLog).where(eq(auditLog.contactId, admin.id))).filter((e) => e.action.startsWith('vault.password_'));
    expect(reveals).toEqual([]);
  });

  it('searches title, username, url and the sealed notes', async () => {
    const { token } = await adminAccount();
    await addCredential(token, { title: 'QuickBooks Online', username: 'bill', url: 'https://qbo.example', notes: 'Finance team only' });
    await addCredential(token, { title: 'FedEx', username: 'ship', url: '', notes: '' });
    const names = async (search: string) =>
      credentialList(await call('GET', `/crm/credentials?search=${encodeURIComponent(search)}`, token)).map((c) => c.service_name);
    expect(await names('quickbooks')).toEqual(['QuickBooks Online']);
    expect(await names('SHIP')).toEqual(['FedEx']);
    expect(await names('qbo.example')).toEqual(['QuickBooks Online']);
    expect(await names('finance team')).toEqual(['QuickBooks Online']);
    expect(await names('nothing-like-this')).toEqual([]);
  });

  it('edits and deletes within the account only; another account’s credential is 404', async () => {
    const { token } = await adminAccount();
    const other = await adminAccount();
    const { id } = credentialOf(await addCredential(token));
    const edited = credentialOf(
      await call('PATCH', `/crm/credentials/${id}`, token, { title: 'Edge Firewall (HQ)', password: 'Granite-Cedar-1111?', notes: '' }),
    );
    expect(edited).toMatchObject({ service_name: 'Edge Firewall (HQ)', notes: null });
    const revealed = parse(
      await call('POST', `/crm/credentials/${id}/reveal`, token, { purpose: 'show' }),
      successEnvelope(endpoints.revealCredentialPassword.result),
    ).result;
    expect(revealed.password).toBe('Granite-Cedar-1111?');

    for (const [method, url, body] of [
      ['PATCH', `/crm/credentials/${id}`, { title: 'Mine now' }],
      ['DELETE', `/crm/credentials/${id}`, undefined],
      ['POST', `/crm/credentials/${id}/reveal`, { purpose: 'copy' }],
    ] as const) {
      expect((await call(method, url, other.token, body)).statusCode).toBe(404);
    }
    expect((await call('DELETE', `/crm/credentials/${id}`, token)).statusCode).toBe(200);
    expect((await call('DELETE', `/crm/credentials/${id}`, token)).statusCode).toBe(404);
  });

  it('refuses a credential without a title or with a url that is not http(s), and writes nothing', async () => {
    const { token, account } = await adminAccount();
    const untitled = await addCredential(token, { title: '  ' });
    expect(untitled.statusCode).toBe(400);
    expect(errorEnvelope.parse(untitled.json()).fields?.title).toBe('Service Name is required');
    expect((await addCredential(token, { url: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect(await db().select().from(credentials).where(eq(credentials.accountId, account.id))).toEqual([]);
  });

  it('stores the category and expiry the form sets, changes and clears them (decision 0033)', async () => {
    const { token } = await adminAccount();
    const created = credentialOf(await addCredential(token, { category: '  Network ', expires: '2027-02-28' }));
    expect(created).toMatchObject({ category: 'Network', expires: '2027-02-28' });
    const { id } = created;
    // A change of one leaves the other as it was.
    expect(credentialOf(await call('PATCH', `/crm/credentials/${id}`, token, { expires: '2028-01-31' }))).toMatchObject({
      category: 'Network',
      expires: '2028-01-31',
    });
    expect(credentialOf(await call('PATCH', `/crm/credentials/${id}`, token, { category: 'Firewall' }))).toMatchObject({
      category: 'Firewall',
      expires: '2028-01-31',
    });
    // '' (the form's empty field) and null clear them.
    expect(credentialOf(await call('PATCH', `/crm/credentials/${id}`, token, { category: '', expires: '' }))).toMatchObject({ category: null, expires: null });
    await call('PATCH', `/crm/credentials/${id}`, token, { expires: '2029-06-30' });
    expect(credentialOf(await call('PATCH', `/crm/credentials/${id}`, token, { expires: null }))).toMatchObject({ expires: null });
    const [listed] = credentialList(await call('GET', '/crm/credentials', token));
    expect(listed).toMatchObject({ id, category: null, expires: null });
  });

  it('refuses an expiry that is not a real date and a category too long or on two lines, with the field named, and writes nothing', async () => {
    const { token, account } = await adminAccount();
    for (const [body, field] of [
      [{ expires: '2027-02-30' }, 'expires'],
      [{ expires: '31/12/2027' }, 'expires'],
      [{ expires: '0000-01-01' }, 'expires'],
      [{ expires: 20270101 }, 'expires'],
      [{ category: 'x'.repeat(61) }, 'category'],
      [{ category: 'Net\nwork' }, 'category'],
    ] as const) {
      const refused = await addCredential(token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorEnvelope.parse(refused.json()).fields?.[field]).toBeTruthy();
    }
    expect(await db().select().from(credentials).where(eq(credentials.accountId, account.id))).toEqual([]);
    const { id } = credentialOf(await addCredential(token, { category: 'Cloud', expires: '2027-01-01' }));
    const badChange = await call('PATCH', `/crm/credentials/${id}`, token, { title: 'Renamed', expires: '2027-13-01' });
    expect(badChange.statusCode).toBe(400);
    expect(credentialList(await call('GET', '/crm/credentials', token))[0]).toMatchObject({ service_name: 'Edge Firewall', expires: '2027-01-01' });
  });
});

describe('vault keys', () => {
  it('re-seals everything under a new key and every password stays readable; old plain-text notes are sealed too', async () => {
    const { token, account } = await adminAccount();
    const ids = [credentialOf(await addCredential(token)).id, credentialOf(await addCredential(token, { title: 'Second', password: 'second-secret' })).id];
    const [legacy] = await db()
      .insert(credentials)
      .values({ accountId: account.id, serviceName: 'Legacy', legacyPlainNotes: 'written before notes were sealed' })
      .returning();

    const keyB = randomBytes(32);
    const rotated = createVaultKeyRing(keyB, [KEY_A]);
    expect(await resealVault(db(), rotated)).toBeGreaterThanOrEqual(3);
    const rows = await db().select().from(credentials).where(eq(credentials.accountId, account.id));
    for (const row of rows) {
      expect(row.keyId).toBe(keyIdOf(keyB));
      expect(row.legacyPlainNotes).toBeNull();
    }
    // The old key is retired: the new key alone reads every value.
    const newOnly = createVaultKeyRing(keyB);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(newOnly.open(byId.get(ids[0]!)!.passwordSealed!, keyIdOf(keyB))).toBe(SECRET);
    expect(newOnly.open(byId.get(ids[1]!)!.passwordSealed!, keyIdOf(keyB))).toBe('second-secret');
    expect(newOnly.open(byId.get(legacy!.id)!.notesSealed!, keyIdOf(keyB))).toBe('written before notes were sealed');
    expect(await resealVault(db(), rotated)).toBe(0);
  });

  it('answers 503 with a clear message, never garbage or a 500, for a value sealed under a key this portal does not have', async () => {
    const { account, token } = await adminAccount();
    const stranger = createVaultKeyRing(randomBytes(32)).current;
    const [row] = await db()
      .insert(credentials)
      .values({
        accountId: account.id,
        serviceName: 'Sealed elsewhere',
        passwordSealed: stranger.seal('x'),
        notesSealed: stranger.seal('y'),
        keyId: stranger.id,
      })
      .returning();
    for (const response of [
      await call('GET', '/crm/credentials', token),
      await call('POST', `/crm/credentials/${row!.id}/reveal`, token, { purpose: 'show' }),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(parse(response, errorEnvelope).message).toBe(VAULT_KEY_MISSING);
    }
  });
});
