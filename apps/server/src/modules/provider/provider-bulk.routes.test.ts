import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { PROVIDER_BULK_MAX_ITEMS, PROVIDER_SCOPES, errorEnvelope, providerBulkResult, successEnvelope, type ProviderScope } from '@portal/contract';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { accounts, auditLog, contacts, mailOutbox, services } from '../../db/schema/index.js';

const V1 = '/api/provider/v1';

/** The first import's bulk calls (issue 18): accounts, contacts and services, each in one transaction, all or none. */
describe('provider API bulk upserts of accounts, contacts and services', () => {
  let test: TestApp;
  let allKey: string;
  const db = () => test.database.db;

  beforeAll(async () => {
    test = await buildTestApp();
    allKey = await createTestApiKey(db(), PROVIDER_SCOPES, { name: 'First import' });
  });
  afterAll(() => test.close());

  const bulk = (url: string, items: object[], key = allKey) => test.app.inject({ method: 'POST', url: `${V1}${url}`, headers: keyHeader(key), payload: { items } });
  const resultOf = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(providerBulkResult).parse(response.json()).result;
  };
  const refusalOf = (response: { statusCode: number; body: string; json(): unknown }, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    return errorEnvelope.parse(response.json());
  };
  const pushAccount = async (externalId: string) => {
    const response = await test.app.inject({ method: 'PUT', url: `${V1}/accounts/${externalId}`, headers: keyHeader(allKey), payload: { name: `Account ${externalId}` } });
    expect(response.statusCode, response.body).toBe(201);
  };
  const bulkAudit = (action: string, actor: string) => db().select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.actor, `api-key:${actor}`)));

  describe('accounts', () => {
    const accountItems = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({ external_id: `${prefix}-${i}`, name: `${prefix} customer ${i}`, billing_id: `ba_${prefix}_${i}` }));
    const storedAccounts = (prefix: string) =>
      db()
        .select({ externalId: accounts.externalId, name: accounts.name, billingApiId: accounts.billingApiId, status: accounts.status })
        .from(accounts)
        .where(like(accounts.externalId, `${prefix}-%`))
        .orderBy(asc(accounts.externalId));

    it('creates a batch, answers all updated on a re-run without changing anything, and audits each call once under the key’s name', async () => {
      const key = await createTestApiKey(db(), ['accounts:write'], { name: 'CRM accounts import' });
      const items = accountItems('acc-bulk', 3);
      const first = resultOf(await bulk('/accounts/bulk', items, key));
      expect(first).toMatchObject({ created: 3, updated: 0 });
      expect(first.items.map((item) => [item.external_id, item.created])).toEqual(items.map((item) => [item.external_id, true]));
      const stored = await storedAccounts('acc-bulk');
      expect(stored).toEqual(items.map((item) => ({ externalId: item.external_id, name: item.name, billingApiId: item.billing_id, status: 'active' })));

      const again = resultOf(await bulk('/accounts/bulk', items, key));
      expect(again).toMatchObject({ created: 0, updated: 3 });
      expect(again.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
      expect(await storedAccounts('acc-bulk')).toEqual(stored);

      const audit = await bulkAudit('provider.accounts_bulk', 'CRM accounts import');
      expect(audit.map((row) => row.details)).toEqual([expect.objectContaining({ created: 3, updated: 0 }), expect.objectContaining({ created: 0, updated: 3 })]);
    });

    it('refuses an invalid item naming its index, and rolls the whole batch back when an item fails after others were written', async () => {
      const invalid = accountItems('acc-invalid', 4).map((item, i) => (i === 2 ? { ...item, name: '' } : item));
      expect(refusalOf(await bulk('/accounts/bulk', invalid), 400).fields).toHaveProperty(['items.2.name']);
      expect(await storedAccounts('acc-invalid')).toEqual([]);

      // The last item (in external id order, after the others were written) takes a name another account has.
      const taken = await createAccount(db());
      const clash = accountItems('acc-rollback', 3).map((item, i) => (i === 2 ? { ...item, name: taken.name } : item));
      const refusal = refusalOf(await bulk('/accounts/bulk', clash), 409);
      expect(refusal.fields).toEqual({ 'items.2.name': 'Another account already has this name' });
      expect(await storedAccounts('acc-rollback')).toEqual([]);
    });

    it('refuses an external id given twice, naming both items, and more than 1,000 items with the contract’s message', async () => {
      const items = accountItems('acc-dup', 3);
      const duplicate = refusalOf(await bulk('/accounts/bulk', [...items, { ...items[0]!, name: 'Other name' }]), 400);
      expect(duplicate.message).toBe('External id acc-dup-0 appears twice in this call (items.0.external_id and items.3.external_id)');
      expect(Object.keys(duplicate.fields ?? {})).toEqual(['items.0.external_id', 'items.3.external_id']);

      const tooMany = refusalOf(await bulk('/accounts/bulk', accountItems('acc-many', PROVIDER_BULK_MAX_ITEMS + 1)), 400);
      expect(tooMany.message).toBe(`At most ${PROVIDER_BULK_MAX_ITEMS} items in one call`);
      expect(tooMany.fields).toEqual({ items: `At most ${PROVIDER_BULK_MAX_ITEMS} items in one call` });
      expect(await storedAccounts('acc-dup')).toEqual([]);
      expect(await storedAccounts('acc-many')).toEqual([]);
    });
  });

  describe('contacts', () => {
    const contactItems = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({ external_id: `${prefix}-${i}`, firstname: 'Bulk', lastname: `Contact ${i}`, email: `${prefix}-${i}@bulk.example`, technical_group: true }));
    const invitationsTo = (items: { email: string }[]) => db().select().from(mailOutbox).where(inArray(mailOutbox.toAddress, items.map((item) => item.email)));

    it('creates contacts with the single PUT’s invitation e-mail, and a re-run updates them without a second invitation', async () => {
      await pushAccount('contacts-bulk');
      const items = contactItems('cb', 3);
      expect(resultOf(await bulk('/accounts/contacts-bulk/contacts/bulk', items))).toMatchObject({ created: 3, updated: 0 });
      const mails = await invitationsTo(items);
      expect(mails.map((mail) => mail.toAddress).sort()).toEqual(items.map((item) => item.email));
      expect(mails.every((mail) => mail.textBody.includes('/page-change-password?token='))).toBe(true);

      const again = resultOf(await bulk('/accounts/contacts-bulk/contacts/bulk', items));
      expect(again).toMatchObject({ created: 0, updated: 3 });
      expect(await invitationsTo(items)).toHaveLength(3);
      const [audit] = await db().select().from(auditLog).where(eq(auditLog.action, 'provider.contacts_bulk')).orderBy(asc(auditLog.id));
      expect(audit).toMatchObject({ actor: 'api-key:First import', details: expect.objectContaining({ created: 3, updated: 0, deactivated: 0 }) });
    });

    it('rolls back the whole batch, invitations included, when an item’s e-mail is another user’s sign-in name', async () => {
      await pushAccount('contacts-rollback');
      const other = await createContact(db(), { accountId: (await createAccount(db())).id });
      const items = contactItems('cr', 3).map((item, i) => (i === 2 ? { ...item, email: other.email } : item));
      const refusal = refusalOf(await bulk('/accounts/contacts-rollback/contacts/bulk', items), 409);
      expect(refusal.fields).toHaveProperty(['items.2.email']);
      expect(await db().select().from(contacts).where(like(contacts.externalId, 'cr-%'))).toEqual([]);
      expect(await invitationsTo(items.slice(0, 2))).toEqual([]);

      const sameEmail = contactItems('cs', 2).map((item) => ({ ...item, email: 'twice@bulk.example' }));
      const duplicate = refusalOf(await bulk('/accounts/contacts-rollback/contacts/bulk', sameEmail), 400);
      expect(Object.keys(duplicate.fields ?? {})).toEqual(['items.0.email', 'items.1.email']);
    });
  });

  describe('services', () => {
    const serviceItems = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({ external_id: `${prefix}-${i}`, product: { name: 'Bulk Backup', category: 'Backup' }, item_type: 'other', price: 10 + i, quantity: i + 1 }));
    const storedServices = (prefix: string) =>
      db()
        .select({ externalId: services.externalId, price: services.price, quantity: services.quantity })
        .from(services)
        .where(like(services.externalId, `${prefix}-%`))
        .orderBy(asc(services.externalId));

    it('creates a batch, re-runs it as updates, and refuses an invalid item without writing any', async () => {
      await pushAccount('services-bulk');
      const items = serviceItems('sb', 3);
      expect(resultOf(await bulk('/accounts/services-bulk/services/bulk', items))).toMatchObject({ created: 3, updated: 0 });
      const stored = await storedServices('sb');
      expect(stored).toEqual(items.map((item) => ({ externalId: item.external_id, price: item.price, quantity: item.quantity })));
      expect(resultOf(await bulk('/accounts/services-bulk/services/bulk', items))).toMatchObject({ created: 0, updated: 3 });
      expect(await storedServices('sb')).toEqual(stored);

      const invalid = serviceItems('si', 3).map((item, i) => (i === 1 ? { ...item, price: -5 } : item));
      expect(refusalOf(await bulk('/accounts/services-bulk/services/bulk', invalid), 400).fields).toHaveProperty(['items.1.price']);
      expect(await storedServices('si')).toEqual([]);
      expect(refusalOf(await bulk('/accounts/no-such-account/services/bulk', items), 404).message).toBe('No account has the external id no-such-account');
    });
  });

  it('refuses a key without the resource’s write scope (403) on each bulk endpoint', async () => {
    await pushAccount('bulk-scopes');
    const readOnly = await createTestApiKey(db(), ['accounts:read', 'contacts:read', 'services:read']);
    const cases: [string, ProviderScope, object][] = [
      ['/accounts/bulk', 'accounts:write', { external_id: 'scope-a', name: 'Scope A' }],
      ['/accounts/bulk-scopes/contacts/bulk', 'contacts:write', { external_id: 'scope-c', firstname: 'S', lastname: 'C', email: 'scope-c@bulk.example' }],
      ['/accounts/bulk-scopes/services/bulk', 'services:write', { external_id: 'scope-s', product: { name: 'Scope', category: 'Scope' }, item_type: 'other', price: 1 }],
    ];
    for (const [url, scope, item] of cases) {
      expect(refusalOf(await bulk(url, [item], readOnly), 403).message).toBe(`This API key lacks the scope ${scope}`);
    }
    expect(await db().select().from(accounts).where(eq(accounts.externalId, 'scope-a'))).toEqual([]);
  });
});
