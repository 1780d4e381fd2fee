import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { endpoints, errorEnvelope, providerAsset, providerCredential, providerPage, providerUpserted, providerVendor, successEnvelope } from '@portal/contract';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { bearer, signIn } from '../../../test/auth.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { assets, auditLog, credentials } from '../../db/schema/index.js';
import { HIDDEN_PASSWORD_LOCKED } from '../inventory/inventory.service.js';

const V1 = '/api/provider/v1';
const upsertedAsset = successEnvelope(providerUpserted(providerAsset));
const upsertedVendor = successEnvelope(providerUpserted(providerVendor));
const credentialPage = successEnvelope(providerPage(providerCredential));

const laptop = {
  name: 'Dispatch Laptop',
  type: 'laptop',
  status: 'active',
  vendor: 'Lenovo',
  model: 'ThinkPad T14',
  serial_number: 'PF-12345',
  location: 'Head office',
  assigned_to: 'Grace Liu',
  purchase_date: '2026-01-15',
  warranty_expires: '2029-01-15',
};
const lenovo = { name: 'Lenovo', contact_person: 'Sam Ortiz', email: 'sam.ortiz@lenovo.example', phone: '+1 800 555 0100', website: 'https://lenovo.example' };

const SECRET = 'Falcon-Maple-4821!';
const USERNAME = 'fw-break-glass';
const NOTE = 'The MFA token is in the safe.';

describe('provider API: assets, vendors and the credential hidden flag', () => {
  let test: TestApp;
  let key: string;

  beforeAll(async () => {
    test = await buildTestApp();
    key = await createTestApiKey(test.database.db, ['inventory:write'], { name: 'RMM sync' });
  });
  afterAll(() => test.close());

  const put = (url: string, payload: object, withKey = key) => test.app.inject({ method: 'PUT', url: `${V1}${url}`, headers: keyHeader(withKey), payload });
  const patch = (url: string, payload: object, withKey = key) => test.app.inject({ method: 'PATCH', url: `${V1}${url}`, headers: keyHeader(withKey), payload });
  const get = (url: string, withKey = key) => test.app.inject({ method: 'GET', url: `${V1}${url}`, headers: keyHeader(withKey) });
  const customer = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) =>
    test.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });

  /** An account the provider knows by external id, with a signed-in administrator. */
  async function accountWithAdmin(externalId: string) {
    const account = await createAccount(test.database.db, { externalId });
    const admin = await createContact(test.database.db, { accountId: account.id, adminGroup: true });
    return { account, token: (await signIn(test.app, admin.email)).access_token };
  }

  const providerAudit = async (accountId: number) =>
    (await test.database.db.select().from(auditLog).where(eq(auditLog.accountId, accountId)).orderBy(auditLog.id))
      .filter((row) => row.actor.startsWith('api-key:'))
      .map((row) => [row.action, row.actor]);

  it('creates an asset (201) the administrator sees on /it-assets; the same push again answers 200 and changes nothing else', async () => {
    const { account, token } = await accountWithAdmin('assets-1');
    const first = await put('/accounts/assets-1/assets/RMM-501', laptop);
    expect(first.statusCode, first.body).toBe(201);
    const created = upsertedAsset.parse(first.json()).result;
    expect(created).toMatchObject({ created: true, item: { external_id: 'RMM-501', ...laptop } });

    const seen = successEnvelope(endpoints.listAssets.result).parse((await customer('GET', '/crm/assets', token)).json()).result;
    expect(seen).toEqual([{ id: created.item.id, ...laptop }]);

    const again = await put('/accounts/assets-1/assets/RMM-501', laptop);
    expect(again.statusCode).toBe(200);
    const updated = upsertedAsset.parse(again.json()).result;
    expect(updated).toMatchObject({ created: false, item: { ...created.item, updated_at: expect.any(String) } });
    expect(await test.database.db.select().from(assets).where(eq(assets.accountId, account.id))).toHaveLength(1);
    // The same push changed nothing, so it recorded nothing (decision 0030).
    expect(await providerAudit(account.id)).toEqual([['provider.asset_created', 'api-key:RMM sync']]);

    // A field left out keeps its value; null clears it.
    const moved = upsertedAsset.parse(
      (await put('/accounts/assets-1/assets/RMM-501', { name: 'Dispatch Laptop', type: 'laptop', status: 'maintenance', assigned_to: null })).json(),
    ).result.item;
    expect(moved).toMatchObject({ status: 'maintenance', assigned_to: null, serial_number: 'PF-12345', warranty_expires: '2029-01-15' });
    expect(await providerAudit(account.id)).toEqual([
      ['provider.asset_created', 'api-key:RMM sync'],
      ['provider.asset_updated', 'api-key:RMM sync'],
    ]);
  });

  it('creates and updates a vendor by external id', async () => {
    const { account, token } = await accountWithAdmin('vendors-1');
    const first = await put('/accounts/vendors-1/vendors/V-1', lenovo);
    expect(first.statusCode, first.body).toBe(201);
    const created = upsertedVendor.parse(first.json()).result.item;
    const again = await put('/accounts/vendors-1/vendors/V-1', { ...lenovo, phone: null });
    expect(again.statusCode).toBe(200);
    expect(upsertedVendor.parse(again.json()).result).toMatchObject({
      created: false,
      item: { id: created.id, phone: null, website: 'https://lenovo.example' },
    });
    const seen = successEnvelope(endpoints.listVendors.result).parse((await customer('GET', '/crm/vendors', token)).json()).result;
    expect(seen).toEqual([
      { id: created.id, name: 'Lenovo', contact_person: 'Sam Ortiz', email: 'sam.ortiz@lenovo.example', phone: null, website: 'https://lenovo.example' },
    ]);
    expect(await providerAudit(account.id)).toEqual([
      ['provider.vendor_created', 'api-key:RMM sync'],
      ['provider.vendor_updated', 'api-key:RMM sync'],
    ]);
  });

  it('refuses bad assets and vendors with the field at fault, and writes nothing', async () => {
    const { account } = await accountWithAdmin('inventory-bad');
    const refusals: [string, object, string][] = [
      ['assets/A-1', { ...laptop, name: '  ' }, 'name'],
      ['assets/A-1', { ...laptop, type: 'toaster' }, 'type'],
      ['assets/A-1', { ...laptop, status: 'lost' }, 'status'],
      ['assets/A-1', { ...laptop, purchase_date: '2026-02-30' }, 'purchase_date'],
      ['assets/A-1', { ...laptop, warranty_expires: '15/01/2029' }, 'warranty_expires'],
      ['assets/A-1', { ...laptop, location: 'Floor 2\nRoom 7' }, 'location'],
      ['vendors/V-1', { ...lenovo, email: 'not-an-address' }, 'email'],
      ['vendors/V-1', { ...lenovo, website: 'javascript:alert(1)' }, 'website'],
      ['vendors/V-1', { ...lenovo, name: undefined }, 'name'],
    ];
    for (const [path, body, field] of refusals) {
      const response = await put(`/accounts/inventory-bad/${path}`, body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(Object.keys(errorEnvelope.parse(response.json()).fields ?? {})).toContain(field);
    }
    expect((await put('/accounts/inventory-bad/assets/not%20valid', laptop)).statusCode).toBe(400);
    expect(await test.database.db.select().from(assets).where(eq(assets.accountId, account.id))).toEqual([]);
  });

  it('answers 404 for an unknown account, writes to a suspended one, and refuses a key without inventory:write', async () => {
    expect((await put('/accounts/nobody/assets/A-1', laptop)).statusCode).toBe(404);
    await createAccount(test.database.db, { externalId: 'inventory-suspended', status: 'suspended', suspendedReason: 'Contract ended' });
    expect((await put('/accounts/inventory-suspended/assets/A-1', laptop)).statusCode).toBe(201);

    const otherScopes = await createTestApiKey(test.database.db, ['billing:write', 'inventory:read']);
    for (const response of [
      await put('/accounts/inventory-suspended/assets/A-2', laptop, otherScopes),
      await put('/accounts/inventory-suspended/vendors/V-2', lenovo, otherScopes),
      await patch('/accounts/inventory-suspended/credentials/1', { hidden: true }, otherScopes),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorEnvelope.parse(response.json()).message).toBe('This API key lacks the scope inventory:write');
    }
    expect((await get('/accounts/inventory-suspended/assets', otherScopes)).statusCode).toBe(200);
    const billingOnly = await createTestApiKey(test.database.db, ['billing:write']);
    expect((await get('/accounts/inventory-suspended/credentials', billingOnly)).statusCode).toBe(403);
  });

  it('hides a credential’s password from the customer exactly as the command line does, and shows it again', async () => {
    const { account, token } = await accountWithAdmin('vault-1');
    const added = await customer('POST', '/crm/credentials', token, {
      title: 'Edge Firewall',
      username: USERNAME,
      password: SECRET,
      url: 'https://fw.example',
      notes: NOTE,
    });
    const { id } = successEnvelope(endpoints.createCredential.result).parse(added.json()).result;

    const hidden = await patch(`/accounts/vault-1/credentials/${id}`, { hidden: true });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(successEnvelope(providerCredential).parse(hidden.json()).result).toMatchObject({ id, service_name: 'Edge Firewall', hidden: true });

    const list = successEnvelope(endpoints.listCredentials.result).parse((await customer('GET', '/crm/credentials', token)).json()).result;
    expect(list[0]).toMatchObject({ id, password: null, password_hidden: true });
    const revealed = successEnvelope(endpoints.revealCredentialPassword.result).parse(
      (await customer('POST', `/crm/credentials/${id}/reveal`, token, { purpose: 'show' })).json(),
    ).result;
    expect(revealed.password).toBeNull();
    const locked = await customer('PATCH', `/crm/credentials/${id}`, token, { password: 'new-one-2026' });
    expect(locked.statusCode).toBe(403);
    expect(errorEnvelope.parse(locked.json()).message).toBe(HIDDEN_PASSWORD_LOCKED);

    // Asking again changes nothing and records nothing.
    expect((await patch(`/accounts/vault-1/credentials/${id}`, { hidden: true })).statusCode).toBe(200);
    const shown = await patch(`/accounts/vault-1/credentials/${id}`, { hidden: false });
    expect(successEnvelope(providerCredential).parse(shown.json()).result.hidden).toBe(false);
    const visible = successEnvelope(endpoints.listCredentials.result).parse((await customer('GET', '/crm/credentials', token)).json()).result;
    expect(visible[0]).toMatchObject({ id, password_hidden: false });
    expect(visible[0]).not.toHaveProperty('password');
    expect(await providerAudit(account.id)).toEqual([
      ['vault.password_hidden', 'api-key:RMM sync'],
      ['vault.password_unhidden', 'api-key:RMM sync'],
    ]);
  });

  it('answers 404 for another account’s credential and for a malformed body, changing nothing', async () => {
    const mine = await accountWithAdmin('vault-mine');
    const theirs = await accountWithAdmin('vault-theirs');
    const added = await customer('POST', '/crm/credentials', theirs.token, { title: 'Their VPN', username: USERNAME, password: SECRET });
    const { id } = successEnvelope(endpoints.createCredential.result).parse(added.json()).result;

    const foreign = await patch(`/accounts/vault-mine/credentials/${id}`, { hidden: true });
    expect(foreign.statusCode).toBe(404);
    expect(errorEnvelope.parse(foreign.json()).message).toBe(`No credential of the account vault-mine has the id ${id}`);
    expect((await patch('/accounts/vault-mine/credentials/99999999', { hidden: true })).statusCode).toBe(404);
    const badBody = await patch(`/accounts/vault-theirs/credentials/${id}`, { hidden: 'yes' });
    expect(badBody.statusCode).toBe(400);
    expect(errorEnvelope.parse(badBody.json()).fields).toHaveProperty('hidden');
    expect((await patch(`/accounts/vault-theirs/credentials/abc`, { hidden: true })).statusCode).toBe(400);

    const [row] = await test.database.db
      .select()
      .from(credentials)
      .where(and(eq(credentials.id, id), eq(credentials.accountId, theirs.account.id)));
    expect(row!.passwordHidden).toBe(false);
    expect(await providerAudit(mine.account.id)).toEqual([]);
  });

  it('lists credentials by cursor without any secret: no username, password, notes or sealed value', async () => {
    const { account, token } = await accountWithAdmin('vault-list');
    for (const title of ['Edge Firewall', 'Domain Administrator', 'QuickBooks Online']) {
      await customer('POST', '/crm/credentials', token, { title, username: USERNAME, password: SECRET, url: 'https://secret-host.example', notes: NOTE });
    }
    const [sealed] = await test.database.db.select().from(credentials).where(eq(credentials.accountId, account.id));

    const first = await get('/accounts/vault-list/credentials?limit=2');
    expect(first.statusCode).toBe(200);
    const page = credentialPage.parse(first.json()).result;
    const rest = credentialPage.parse((await get(`/accounts/vault-list/credentials?limit=2&cursor=${page.next_cursor}`)).json()).result;
    const items = [...page.items, ...rest.items];
    expect(items.map((c) => c.service_name).sort()).toEqual(['Domain Administrator', 'Edge Firewall', 'QuickBooks Online']);
    expect(rest.next_cursor).toBeNull();

    for (const body of [first.body, JSON.stringify(rest)]) {
      for (const secret of [
        SECRET,
        USERNAME,
        NOTE,
        'secret-host.example',
        sealed!.passwordSealed!,
        sealed!.notesSealed!,
        sealed!.keyId!,
        'password',
        'username',
        'notes',
        'sealed',
        'key_id',
      ]) {
        expect(body).not.toContain(secret);
      }
    }
    // Exactly the fields the contract names, not one more.
    const raw = (first.json() as { result: { items: Record<string, unknown>[] } }).result.items[0]!;
    expect(Object.keys(raw).sort()).toEqual(['category', 'created_at', 'hidden', 'id', 'service_name', 'updated_at']);
  });
});
