import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints, errorEnvelope, providerOrder, providerPage, providerUpserted, successEnvelope } from '@portal/contract';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { bearer, signIn } from '../../../test/auth.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { auditLog, orderItems, orders } from '../../db/schema/index.js';

const V1 = '/api/provider/v1';
const upsertedOrder = successEnvelope(providerUpserted(providerOrder));
const orderPage = successEnvelope(providerPage(providerOrder));

const voiceSeats = {
  prod_description: 'Hosted Voice seat',
  quantity: 8,
  purchase_type: 'new_order',
  price: 240,
  price_per_unit: 30,
  provision_status: 'provisioned',
  activation_date: '2026-11-02T15:00:00Z',
  taxable: true,
  tax_percent: 8.25,
  account_service_snapshot: { quantity: 4, price: 120, status: 'active' },
  // Keys in an order jsonb does not keep: a re-run must still see the same items.
  metadata: { zeta: 1, did: '+15550100', alpha: true },
};
const setupFee = { prod_description: 'Number porting', purchase_type: 'nrc_product', price: 25, price_per_unit: 25 };
const orderBody = {
  name: 'Voice for the new office',
  status: 'new_order',
  quote_id: 'Q-2001',
  notes: 'Port the main number last.',
  date_created: '2026-11-01T09:30:00Z',
  order_items: [voiceSeats, setupFee],
};

describe('provider API: orders', () => {
  let test: TestApp;
  let key: string;

  beforeAll(async () => {
    test = await buildTestApp();
    key = await createTestApiKey(test.database.db, ['billing:write'], { name: 'Quoting sync' });
  });
  afterAll(() => test.close());

  const put = (url: string, payload: object, withKey = key) => test.app.inject({ method: 'PUT', url: `${V1}${url}`, headers: keyHeader(withKey), payload });
  const get = (url: string, withKey = key) => test.app.inject({ method: 'GET', url: `${V1}${url}`, headers: keyHeader(withKey) });
  const pushAccount = (externalId: string, overrides: Parameters<typeof createAccount>[1] = {}) =>
    createAccount(test.database.db, { externalId, ...overrides });

  it('creates an order with its items (201) that the billing user sees; the same push again answers 200 and changes no item', async () => {
    const account = await pushAccount('orders-1');
    const first = await put('/accounts/orders-1/orders/SO-1001', orderBody);
    expect(first.statusCode, first.body).toBe(201);
    const created = upsertedOrder.parse(first.json()).result;
    expect(created).toMatchObject({
      created: true,
      item: { external_id: 'SO-1001', name: 'Voice for the new office', status: 'new_order', quote_id: 'Q-2001', date_created: '2026-11-01T09:30:00.000Z' },
    });
    expect(created.item.order_items.map((item) => [item.prod_description, item.price, item.provision_status])).toEqual([
      ['Hosted Voice seat', 240, 'provisioned'],
      ['Number porting', 25, 'pending'],
    ]);
    expect(created.item.order_items[0]).toMatchObject({
      tax_percent: 8.25,
      metadata: { did: '+15550100', zeta: 1, alpha: true },
      account_service_snapshot: { quantity: 4, price: 120, status: 'active' },
    });

    const billingUser = await createContact(test.database.db, { accountId: account.id, billingGroup: true });
    const { access_token } = await signIn(test.app, billingUser.email);
    const seen = successEnvelope(endpoints.listOrders.result).parse(
      (await test.app.inject({ method: 'GET', url: '/api/crm/orders', headers: bearer(access_token) })).json(),
    ).result;
    expect(seen).toEqual([expect.objectContaining({ pk: created.item.id, name: 'Voice for the new office', date_created: '2026-11-01T09:30:00.000Z' })]);
    expect(seen[0]!.order_items.map((item) => item.pk)).toEqual(created.item.order_items.map((item) => item.id));

    const again = await put('/accounts/orders-1/orders/SO-1001', orderBody);
    expect(again.statusCode).toBe(200);
    const updated = upsertedOrder.parse(again.json()).result;
    expect(updated.created).toBe(false);
    expect(updated.item.id).toBe(created.item.id);
    expect(updated.item.order_items).toEqual(created.item.order_items);
    expect(await test.database.db.select().from(orders).where(eq(orders.accountId, account.id))).toHaveLength(1);
    expect(await test.database.db.select().from(orderItems).where(eq(orderItems.accountId, account.id))).toHaveLength(2);

    const audit = (await test.database.db.select().from(auditLog).where(eq(auditLog.accountId, account.id)).orderBy(auditLog.id)).filter((row) =>
      row.action.startsWith('provider.'),
    );
    // The same push changed nothing, so it recorded nothing (decision 0030).
    expect(audit.map((row) => [row.action, row.actor, (row.details as { items_replaced: boolean }).items_replaced])).toEqual([
      ['provider.order_created', 'api-key:Quoting sync', true],
    ]);
  });

  it('replaces the items when they are given, keeps them when left out, and clears a field sent as null', async () => {
    await pushAccount('orders-2');
    await put('/accounts/orders-2/orders/SO-1', orderBody);

    const kept = upsertedOrder.parse((await put('/accounts/orders-2/orders/SO-1', { name: 'Voice, revised', status: 'completed', notes: null })).json()).result
      .item;
    expect(kept).toMatchObject({ name: 'Voice, revised', status: 'completed', notes: null, quote_id: 'Q-2001', date_created: '2026-11-01T09:30:00.000Z' });
    expect(kept.order_items).toHaveLength(2);

    const replaced = upsertedOrder.parse(
      (await put('/accounts/orders-2/orders/SO-1', { name: 'Voice, revised', order_items: [{ ...setupFee, completed: true }] })).json(),
    ).result.item;
    expect(replaced.order_items.map((item) => [item.prod_description, item.completed])).toEqual([['Number porting', true]]);

    const emptied = upsertedOrder.parse((await put('/accounts/orders-2/orders/SO-1', { name: 'Voice, revised', order_items: [] })).json()).result.item;
    expect(emptied.order_items).toEqual([]);
  });

  it('refuses bad input with the field at fault and writes nothing', async () => {
    const account = await pushAccount('orders-3');
    const refusals: [object, string][] = [
      [{ ...orderBody, name: '' }, 'name'],
      [{ ...orderBody, status: 'shipped' }, 'status'],
      [{ ...orderBody, date_created: 'yesterday' }, 'date_created'],
      [{ ...orderBody, order_items: [voiceSeats, { ...setupFee, price: -1 }] }, 'order_items.1.price'],
      [{ ...orderBody, order_items: [{ ...voiceSeats, purchase_type: 'gift' }] }, 'order_items.0.purchase_type'],
      [{ ...orderBody, order_items: [{ ...voiceSeats, tax_percent: 8.125 }] }, 'order_items.0.tax_percent'],
      [{ ...orderBody, order_items: [{ ...voiceSeats, metadata: { nested: { deep: 1 } } }] }, 'order_items.0.metadata.nested'],
    ];
    for (const [body, field] of refusals) {
      const response = await put('/accounts/orders-3/orders/SO-BAD', body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(Object.keys(errorEnvelope.parse(response.json()).fields ?? {})).toContain(field);
    }
    expect(await test.database.db.select().from(orders).where(eq(orders.accountId, account.id))).toEqual([]);
  });

  it('answers 404 for an unknown account, writes to a suspended one, and refuses a key without billing:write', async () => {
    const unknown = await put('/accounts/no-such-account/orders/SO-1', orderBody);
    expect(unknown.statusCode).toBe(404);
    expect(errorEnvelope.parse(unknown.json()).message).toBe('No account has the external id no-such-account');

    await pushAccount('orders-suspended', { status: 'suspended', suspendedReason: 'Invoices unpaid' });
    expect((await put('/accounts/orders-suspended/orders/SO-1', orderBody)).statusCode).toBe(201);

    const readOnly = await createTestApiKey(test.database.db, ['billing:read', 'inventory:write']);
    const refused = await put('/accounts/orders-suspended/orders/SO-2', orderBody, readOnly);
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelope.parse(refused.json()).message).toBe('This API key lacks the scope billing:write');
    expect((await get('/accounts/orders-suspended/orders', readOnly)).statusCode).toBe(200);
  });

  it('lists what changed since a moment, with the items, paging by cursor', async () => {
    await pushAccount('orders-4');
    await put('/accounts/orders-4/orders/OLD', { name: 'Before the sync' });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const since = new Date().toISOString();
    await put('/accounts/orders-4/orders/SO-A', orderBody);
    await put('/accounts/orders-4/orders/SO-B', { name: 'Second', order_items: [setupFee] });

    const first = orderPage.parse((await get(`/accounts/orders-4/orders?limit=1&updated_since=${encodeURIComponent(since)}`)).json()).result;
    expect(first.items.map((order) => order.external_id)).toEqual(['SO-A']);
    expect(first.items[0]!.order_items).toHaveLength(2);
    const second = orderPage.parse(
      (await get(`/accounts/orders-4/orders?limit=1&updated_since=${encodeURIComponent(since)}&cursor=${first.next_cursor}`)).json(),
    ).result;
    expect(second.items.map((order) => [order.external_id, order.order_items.length])).toEqual([['SO-B', 1]]);
    expect(second.next_cursor).toBeNull();
  });
});
