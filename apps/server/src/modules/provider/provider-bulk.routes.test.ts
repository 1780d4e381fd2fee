import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { PROVIDER_BULK_MAX_ITEMS, PROVIDER_SCOPES, errorEnvelope, providerBulkResult, successEnvelope, type ProviderScope } from '@portal/contract';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { bearer, signIn } from '../../../test/auth.js';
import { createAccount, createContact, createService } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { accounts, auditLog, billingAccounts, contacts, mailOutbox, products, services } from '../../db/schema/index.js';

const V1 = '/api/provider/v1';

/** The first import's bulk calls (decisions 0025 and 0030): accounts, contacts and services, each in one transaction, all or none. */
describe('provider API bulk upserts of accounts, contacts and services', () => {
  let test: TestApp;
  let allKey: string;
  const db = () => test.database.db;

  beforeAll(async () => {
    test = await buildTestApp();
    allKey = await createTestApiKey(db(), PROVIDER_SCOPES, { name: 'First import' });
  });
  afterAll(() => test.close());

  const bulk = (url: string, items: object[], key = allKey) =>
    test.app.inject({ method: 'POST', url: `${V1}${url}`, headers: keyHeader(key), payload: { items } });
  const resultOf = (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(200);
    return successEnvelope(providerBulkResult).parse(response.json()).result;
  };
  const refusalOf = (response: { statusCode: number; body: string; json(): unknown }, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    return errorEnvelope.parse(response.json());
  };
  const pushAccount = async (externalId: string) => {
    const response = await test.app.inject({
      method: 'PUT',
      url: `${V1}/accounts/${externalId}`,
      headers: keyHeader(allKey),
      payload: { name: `Account ${externalId}` },
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const storedIds = async (externalId: string) =>
    (await db().select({ id: accounts.id }).from(accounts).where(eq(accounts.externalId, externalId))).map((row) => row.id);
  const bulkAudit = (action: string, actor: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.actor, `api-key:${actor}`)));

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
      expect(audit.map((row) => row.details)).toEqual([
        expect.objectContaining({ created: 3, updated: 0 }),
        expect.objectContaining({ created: 0, updated: 3 }),
      ]);
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

    it('answers a batch mixing new and existing accounts item by item, in the order sent, keeping the existing ids', async () => {
      await pushAccount('acc-mix-m');
      const [existing] = await storedIds('acc-mix-m');
      const items = ['acc-mix-z', 'acc-mix-m', 'acc-mix-a'].map((externalId) => ({ external_id: externalId, name: `Mixed ${externalId}` }));
      const result = resultOf(await bulk('/accounts/bulk', items));
      expect(result).toMatchObject({ created: 2, updated: 1 });
      expect(result.items.map((item) => [item.external_id, item.created])).toEqual([
        ['acc-mix-z', true],
        ['acc-mix-m', false],
        ['acc-mix-a', true],
      ]);
      expect(result.items[1]!.id).toBe(existing);
      expect(await storedAccounts('acc-mix')).toEqual(
        ['acc-mix-a', 'acc-mix-m', 'acc-mix-z'].map((externalId) => ({ externalId, name: `Mixed ${externalId}`, billingApiId: null, status: 'active' })),
      );
    });

    it('refuses, as when items were written one by one in external id order, the first item whose name is taken at its turn', async () => {
      // Two new accounts want one name: the first in external id order (sent second) gets it, so the other is refused.
      const twice = refusalOf(
        await bulk('/accounts/bulk', [
          { external_id: 'acc-same-b', name: 'Same Name Inc' },
          { external_id: 'acc-same-a', name: 'Same Name Inc' },
        ]),
        409,
      );
      expect(twice.fields).toEqual({ 'items.0.name': 'Another account already has this name' });
      expect(await storedAccounts('acc-same')).toEqual([]);

      // Another account's name in the middle of the batch; its billing id, too.
      const taken = await createAccount(db());
      const middle = accountItems('acc-middle', 3).map((item, i) => (i === 1 ? { ...item, name: taken.name } : item));
      expect(refusalOf(await bulk('/accounts/bulk', middle), 409).fields).toEqual({ 'items.1.name': 'Another account already has this name' });
      const billing = accountItems('acc-billing', 3).map((item, i) => (i === 0 ? { ...item, billing_id: taken.billingApiId } : item));
      expect(refusalOf(await bulk('/accounts/bulk', billing), 409).fields).toEqual({ 'items.0.billing_id': 'Another account already has this billing id' });
      expect(await storedAccounts('acc-middle')).toEqual([]);
      expect(await storedAccounts('acc-billing')).toEqual([]);
    });

    it('passes a name from one account of the batch to another when the one giving it up comes first in external id order, and refuses it otherwise', async () => {
      await bulk('/accounts/bulk', [
        { external_id: 'acc-chain-a', name: 'Chain One' },
        { external_id: 'acc-chain-b', name: 'Chain Two' },
      ]);
      // acc-chain-a (first) would take Chain Two while acc-chain-b still has it.
      const early = refusalOf(
        await bulk('/accounts/bulk', [
          { external_id: 'acc-chain-b', name: 'Chain Three' },
          { external_id: 'acc-chain-a', name: 'Chain Two' },
        ]),
        409,
      );
      expect(early.fields).toEqual({ 'items.1.name': 'Another account already has this name' });
      // acc-chain-a (first) gives up Chain One, then acc-chain-b takes it.
      const passed = resultOf(
        await bulk('/accounts/bulk', [
          { external_id: 'acc-chain-b', name: 'Chain One' },
          { external_id: 'acc-chain-a', name: 'Chain Zero' },
        ]),
      );
      expect(passed).toMatchObject({ created: 0, updated: 2 });
      // A new account takes the name an existing one gives up earlier in the batch.
      resultOf(
        await bulk('/accounts/bulk', [
          { external_id: 'acc-chain-c', name: 'Chain Zero' },
          { external_id: 'acc-chain-a', name: 'Chain Four' },
        ]),
      );
      expect((await storedAccounts('acc-chain')).map((row) => [row.externalId, row.name])).toEqual([
        ['acc-chain-a', 'Chain Four'],
        ['acc-chain-b', 'Chain One'],
        ['acc-chain-c', 'Chain Zero'],
      ]);
    });

    it('keeps each account’s billing row in step: created with the figures given, updated when one changes, left alone when none does', async () => {
      const items = accountItems('acc-figures', 2).map((item, i) => ({ ...item, billing: { days_past_due: 10 * i, credits: 5.25 } }));
      resultOf(await bulk('/accounts/bulk', items));
      const figures = async () =>
        db()
          .select({
            id: billingAccounts.id,
            daysPastDue: billingAccounts.daysPastDue,
            credits: billingAccounts.credits,
            cycle: billingAccounts.billingCycleMonthDate,
          })
          .from(billingAccounts)
          .where(like(billingAccounts.id, 'ba_acc-figures_%'))
          .orderBy(asc(billingAccounts.id));
      expect(await figures()).toEqual([
        { id: 'ba_acc-figures_0', daysPastDue: 0, credits: 5.25, cycle: 1 },
        { id: 'ba_acc-figures_1', daysPastDue: 10, credits: 5.25, cycle: 1 },
      ]);
      resultOf(
        await bulk(
          '/accounts/bulk',
          items.map((item, i) => (i === 1 ? { ...item, billing_id: 'ba_acc-figures_9', billing: { days_past_due: 40 } } : item)),
        ),
      );
      expect(await figures()).toEqual([
        { id: 'ba_acc-figures_0', daysPastDue: 0, credits: 5.25, cycle: 1 },
        { id: 'ba_acc-figures_9', daysPastDue: 40, credits: 5.25, cycle: 1 },
      ]);
    });
  });

  describe('contacts', () => {
    const contactItems = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        external_id: `${prefix}-${i}`,
        firstname: 'Bulk',
        lastname: `Contact ${i}`,
        email: `${prefix}-${i}@bulk.example`,
        technical_group: true,
      }));
    const invitationsTo = (items: { email: string }[]) =>
      db()
        .select()
        .from(mailOutbox)
        .where(
          inArray(
            mailOutbox.toAddress,
            items.map((item) => item.email),
          ),
        );

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

    it('invites only the new active contacts of a mixed batch, deactivates and ends the sessions of those sent inactive, and answers in the order sent', async () => {
      await pushAccount('contacts-mix');
      const [accountRow] = await db().select().from(accounts).where(eq(accounts.externalId, 'contacts-mix'));
      const signedIn = await createContact(db(), { accountId: accountRow!.id, externalId: 'cm-0', email: 'cm-0@bulk.example' });
      const { access_token } = await signIn(test.app, signedIn.email);
      const items = [
        { external_id: 'cm-3', firstname: 'New', lastname: 'Invited', email: 'cm-3@bulk.example' },
        { external_id: 'cm-0', firstname: 'Was', lastname: 'Active', email: 'cm-0@bulk.example', active: false },
        { external_id: 'cm-2', firstname: 'New', lastname: 'Not invited', email: 'cm-2@bulk.example', send_invitation: false },
        { external_id: 'cm-1', firstname: 'New', lastname: 'Inactive', email: 'cm-1@bulk.example', active: false },
      ];
      const result = resultOf(await bulk('/accounts/contacts-mix/contacts/bulk', items));
      expect(result.items.map((item) => [item.external_id, item.created])).toEqual([
        ['cm-3', true],
        ['cm-0', false],
        ['cm-2', true],
        ['cm-1', true],
      ]);
      expect(result.items[1]!.id).toBe(signedIn.id);
      expect((await invitationsTo(items)).map((mail) => mail.toAddress)).toEqual(['cm-3@bulk.example']);
      const stored = await db()
        .select({ externalId: contacts.externalId, deactivatedAt: contacts.deactivatedAt })
        .from(contacts)
        .where(like(contacts.externalId, 'cm-%'))
        .orderBy(asc(contacts.externalId));
      expect(stored.map((row) => [row.externalId, row.deactivatedAt !== null])).toEqual([
        ['cm-0', true],
        ['cm-1', true],
        ['cm-2', false],
        ['cm-3', false],
      ]);
      expect((await test.app.inject({ method: 'GET', url: '/api/crm/auth/me', headers: bearer(access_token) })).statusCode).toBe(401);
      const [audit] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'provider.contacts_bulk'), eq(auditLog.accountId, accountRow!.id)));
      expect(audit!.details).toMatchObject({ created: 3, updated: 1, deactivated: 1 });
    });

    it('refuses the first item, in external id order, whose e-mail another user signs in with, an invalid item naming its index, and writes none of them', async () => {
      const account = await createAccount(db());
      await pushAccount('contacts-refusals');
      const other = await createContact(db(), { accountId: account.id });
      const items = contactItems('cx', 3).map((item, i) => (i === 1 ? { ...item, email: other.email.toUpperCase() } : item));
      expect(refusalOf(await bulk('/accounts/contacts-refusals/contacts/bulk', items), 409).fields).toEqual({
        'items.1.email': `The e-mail address ${other.email} is already used by another user. Please choose a different address.`,
      });
      const invalid = contactItems('cy', 3).map((item, i) => (i === 2 ? { ...item, email: 'not an address' } : item));
      expect(refusalOf(await bulk('/accounts/contacts-refusals/contacts/bulk', invalid), 400).fields).toHaveProperty(['items.2.email']);
      expect(
        await db()
          .select()
          .from(contacts)
          .where(
            inArray(
              contacts.externalId,
              [...items, ...invalid].map((item) => item.external_id),
            ),
          ),
      ).toEqual([]);
      expect(await invitationsTo([...items, ...contactItems('cy', 2)])).toEqual([]);
    });

    it('passes an e-mail from one contact of the batch to another when the one giving it up comes first in external id order, and refuses it otherwise', async () => {
      await pushAccount('contacts-chain');
      const people = [
        { external_id: 'cc-a', firstname: 'Ann', lastname: 'A', email: 'ann@chain.example' },
        { external_id: 'cc-b', firstname: 'Bob', lastname: 'B', email: 'bob@chain.example' },
      ];
      resultOf(await bulk('/accounts/contacts-chain/contacts/bulk', people));
      const early = refusalOf(
        await bulk('/accounts/contacts-chain/contacts/bulk', [
          { ...people[0]!, email: 'bob@chain.example' },
          { ...people[1]!, email: 'robert@chain.example' },
        ]),
        409,
      );
      expect(Object.keys(early.fields ?? {})).toEqual(['items.0.email']);
      resultOf(
        await bulk('/accounts/contacts-chain/contacts/bulk', [
          { ...people[1]!, email: 'ann@chain.example' },
          { ...people[0]!, email: 'anne@chain.example' },
        ]),
      );
      // A new contact takes the address an existing one gives up earlier in the batch.
      resultOf(
        await bulk('/accounts/contacts-chain/contacts/bulk', [
          { external_id: 'cc-c', firstname: 'Cy', lastname: 'C', email: 'anne@chain.example' },
          { ...people[0]!, email: 'ann.a@chain.example' },
        ]),
      );
      const stored = await db()
        .select({ externalId: contacts.externalId, email: contacts.email })
        .from(contacts)
        .where(like(contacts.externalId, 'cc-%'))
        .orderBy(asc(contacts.externalId));
      expect(stored).toEqual([
        { externalId: 'cc-a', email: 'ann.a@chain.example' },
        { externalId: 'cc-b', email: 'ann@chain.example' },
        { externalId: 'cc-c', email: 'anne@chain.example' },
      ]);
    });
  });

  describe('services', () => {
    const serviceItems = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        external_id: `${prefix}-${i}`,
        product: { name: 'Bulk Backup', category: 'Backup' },
        item_type: 'other',
        price: 10 + i,
        quantity: i + 1,
      }));
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

    it('adds a new product with the category of the first item naming it in external id order, and merges the seats into a service’s metadata', async () => {
      await pushAccount('services-products');
      const [account] = await db().select().from(accounts).where(eq(accounts.externalId, 'services-products'));
      const [product] = await db().insert(products).values({ name: 'Existing Voice', category: 'Voice' }).returning();
      await createService(db(), { accountId: account!.id, productId: product!.id, externalId: 'sp-a', metadata: { did: '+15550100' } });
      const result = resultOf(
        await bulk('/accounts/services-products/services/bulk', [
          { external_id: 'sp-c', product: { name: 'Brand New', category: 'Third' }, item_type: 'other', price: 3 },
          { external_id: 'sp-b', product: { name: 'Brand New', category: 'Second' }, item_type: 'other', price: 2 },
          { external_id: 'sp-a', product: { name: 'Existing Voice', category: 'Ignored' }, item_type: 'itp_voice', price: 1, seats: 4 },
        ]),
      );
      expect(result.items.map((item) => [item.external_id, item.created])).toEqual([
        ['sp-c', true],
        ['sp-b', true],
        ['sp-a', false],
      ]);
      expect(
        await db()
          .select({ name: products.name, category: products.category })
          .from(products)
          .where(inArray(products.name, ['Brand New', 'Existing Voice']))
          .orderBy(asc(products.name)),
      ).toEqual([
        { name: 'Brand New', category: 'Second' },
        { name: 'Existing Voice', category: 'Voice' },
      ]);
      const [voice] = await db().select({ metadata: services.metadata, price: services.price }).from(services).where(eq(services.externalId, 'sp-a'));
      expect(voice).toEqual({ metadata: { did: '+15550100', purchased_users: 4 }, price: 1 });
    });
  });

  it('refuses a key without the resource’s write scope (403) on each bulk endpoint', async () => {
    await pushAccount('bulk-scopes');
    const readOnly = await createTestApiKey(db(), ['accounts:read', 'contacts:read', 'services:read']);
    const cases: [string, ProviderScope, object][] = [
      ['/accounts/bulk', 'accounts:write', { external_id: 'scope-a', name: 'Scope A' }],
      ['/accounts/bulk-scopes/contacts/bulk', 'contacts:write', { external_id: 'scope-c', firstname: 'S', lastname: 'C', email: 'scope-c@bulk.example' }],
      [
        '/accounts/bulk-scopes/services/bulk',
        'services:write',
        { external_id: 'scope-s', product: { name: 'Scope', category: 'Scope' }, item_type: 'other', price: 1 },
      ],
    ];
    for (const [url, scope, item] of cases) {
      expect(refusalOf(await bulk(url, [item], readOnly), 403).message).toBe(`This API key lacks the scope ${scope}`);
    }
    expect(await db().select().from(accounts).where(eq(accounts.externalId, 'scope-a'))).toEqual([]);
  });
});
