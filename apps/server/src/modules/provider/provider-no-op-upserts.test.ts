import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROVIDER_SCOPES } from '@portal/contract';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { auditLog } from '../../db/schema/index.js';

const V1 = '/api/provider/v1';
const ACCOUNT = 'noop-account';
const KEY_NAME = 'No-op sync';

interface Listed {
  external_id: string | null;
  updated_at: string;
}

interface PutCase {
  kind: string;
  /** The PUT's path, under /api/provider/v1. */
  path: string;
  /** The provider's read-back list whose `updated_since` must not list an unchanged record. */
  list: string;
  body: object;
  /** The same body with one field changed. */
  changed: object;
  /** Other lists that an unchanged record must not move in (a ticket, for its entry). */
  alsoUnmoved?: { list: string; externalId: string }[];
}

const orderItem = {
  prod_description: 'Hosted Voice seat',
  quantity: 8,
  purchase_type: 'new_order',
  price: 240,
  price_per_unit: 30,
  activation_date: '2026-11-02T15:00:00Z',
  tax_percent: 8.25,
  metadata: { zeta: 1, alpha: true },
};
const ticketBody = {
  ticket_number: 'NT-1',
  subject: 'VPN drops every hour',
  description: '<p>Reported <b>by phone</b>.</p>',
  status: 'In Progress',
  priority: 'high',
  due_date: '2026-12-01T09:30:00.123Z',
  time_logged_hours: 1.25,
  is_billable: true,
  assigned_contact_external_id: 'NC-1',
  entries: [
    {
      external_id: 'NE-1',
      author_name: 'Jordan Reyes',
      author_email: 'jordan@itpartners.example',
      content: 'Replaced the firewall rule.',
      created_at: '2026-11-20T10:00:00Z',
    },
  ],
};

/** Every provider PUT: an identical second push must change nothing (decision 0030). */
const PUTS: PutCase[] = [
  {
    kind: 'account',
    path: '/accounts/noop-acc-2',
    list: '/accounts',
    body: {
      name: 'No-op Freight',
      billing_id: 'ba_noop_2',
      monitoring_customer_name: 'NoopFreight',
      billing: { billing_cycle_month_date: 5, days_past_due: 0, past_due_balance: 12.5, credits: 0 },
    },
    // Only a billing figure: the account's billing row changes, and so does the account.
    changed: {
      name: 'No-op Freight',
      billing_id: 'ba_noop_2',
      monitoring_customer_name: 'NoopFreight',
      billing: { billing_cycle_month_date: 5, days_past_due: 30, past_due_balance: 12.5, credits: 0 },
    },
  },
  {
    kind: 'contact',
    path: `/accounts/${ACCOUNT}/contacts/NC-2`,
    list: `/accounts/${ACCOUNT}/contacts`,
    body: { firstname: 'Ada', lastname: 'Lovelace', email: 'Ada.Lovelace@noop.example', mobile: '+1 555 0100', time_zone: 'US/Pacific', admin_group: true },
    changed: { firstname: 'Ada', lastname: 'Lovelace', email: 'Ada.Lovelace@noop.example', mobile: '+1 555 0100', time_zone: 'US/Pacific', admin_group: false },
  },
  {
    kind: 'inactive contact',
    path: `/accounts/${ACCOUNT}/contacts/NC-3`,
    list: `/accounts/${ACCOUNT}/contacts`,
    body: { firstname: 'Alan', lastname: 'Turing', email: 'alan@noop.example', active: false },
    changed: { firstname: 'Alan', lastname: 'Turing', email: 'alan@noop.example', active: true },
  },
  {
    kind: 'service',
    path: `/accounts/${ACCOUNT}/services/NS-1`,
    list: `/accounts/${ACCOUNT}/services`,
    body: {
      product: { name: 'Hosted Voice', category: 'Voice' },
      item_type: 'itp_voice',
      price: 129.99,
      quantity: 3,
      seats: 10,
      description: 'Main office',
      api_id: 'v-77',
    },
    changed: {
      product: { name: 'Hosted Voice', category: 'Voice' },
      item_type: 'itp_voice',
      price: 129.99,
      quantity: 3,
      seats: 12,
      description: 'Main office',
      api_id: 'v-77',
    },
  },
  {
    kind: 'ticket',
    path: `/accounts/${ACCOUNT}/tickets/NT-1`,
    list: `/accounts/${ACCOUNT}/tickets`,
    body: ticketBody,
    changed: { ...ticketBody, entries: [{ ...ticketBody.entries[0], content: 'Replaced the firewall rule again.' }] },
  },
  {
    kind: 'ticket entry',
    path: `/accounts/${ACCOUNT}/tickets/NT-1/entries/NE-2`,
    list: `/accounts/${ACCOUNT}/ticket-entries`,
    body: { author_name: 'Jordan Reyes', author_email: 'jordan@itpartners.example', content: 'A private note.', visible_to_customer: false },
    changed: { author_name: 'Jordan Reyes', author_email: 'jordan@itpartners.example', content: 'A private note.', visible_to_customer: true },
    alsoUnmoved: [{ list: `/accounts/${ACCOUNT}/tickets`, externalId: 'NT-1' }],
  },
  {
    kind: 'statement',
    path: `/accounts/${ACCOUNT}/statements/INV-1`,
    list: `/accounts/${ACCOUNT}/statements`,
    body: {
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      amount_due: 240.5,
      lines: [{ description: 'Hosted voice', quantity: 8, unit_price: 30.06, amount: 240.5 }],
      issued_at: '2026-12-01T08:00:00Z',
    },
    changed: {
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      amount_due: 240.5,
      lines: [{ description: 'Hosted voice, 8 seats', quantity: 8, unit_price: 30.06, amount: 240.5 }],
      issued_at: '2026-12-01T08:00:00Z',
    },
  },
  {
    kind: 'payment',
    path: `/accounts/${ACCOUNT}/payments/CHK-1`,
    list: `/accounts/${ACCOUNT}/payments`,
    body: { amount: 100.1, payment_type: 'check', check_number: '1042', paid_at: '2026-12-02T10:00:00Z' },
    changed: { amount: 100.1, payment_type: 'check', check_number: '1043', paid_at: '2026-12-02T10:00:00Z' },
  },
  {
    kind: 'order',
    path: `/accounts/${ACCOUNT}/orders/SO-1`,
    list: `/accounts/${ACCOUNT}/orders`,
    body: { name: 'Voice for the new office', quote_id: 'Q-1', date_created: '2026-11-01T09:30:00Z', order_items: [orderItem] },
    // Only an item: the order's own fields are as they were, its items are not.
    changed: { name: 'Voice for the new office', quote_id: 'Q-1', date_created: '2026-11-01T09:30:00Z', order_items: [{ ...orderItem, quantity: 9 }] },
  },
  {
    kind: 'asset',
    path: `/accounts/${ACCOUNT}/assets/RMM-1`,
    list: `/accounts/${ACCOUNT}/assets`,
    body: { name: 'Dispatch Laptop', type: 'laptop', status: 'active', serial_number: 'PF-1', purchase_date: '2026-01-15', assigned_to: 'Grace Liu' },
    changed: { name: 'Dispatch Laptop', type: 'laptop', status: 'maintenance', serial_number: 'PF-1', purchase_date: '2026-01-15', assigned_to: 'Grace Liu' },
  },
  {
    kind: 'vendor',
    path: `/accounts/${ACCOUNT}/vendors/V-1`,
    list: `/accounts/${ACCOUNT}/vendors`,
    body: { name: 'Lenovo', contact_person: 'Sam Ortiz', email: 'sam@lenovo.example', website: 'https://lenovo.example' },
    changed: { name: 'Lenovo', contact_person: 'Sam Ortiz', email: 'sam@lenovo.example', website: 'https://lenovo.example', phone: '+1 800 555 0100' },
  },
];

interface BulkCase {
  kind: string;
  path: string;
  list: string;
  items: { external_id: string }[];
  changed: { external_id: string }[];
}

const BULKS: BulkCase[] = [
  {
    kind: 'accounts',
    path: '/accounts/bulk',
    list: '/accounts',
    items: [0, 1].map((n) => ({ external_id: `noop-bulk-${n}`, name: `No-op bulk ${n}`, billing_id: `ba_noop_bulk_${n}`, billing: { days_past_due: 0 } })),
    changed: [0, 1].map((n) => ({ external_id: `noop-bulk-${n}`, name: `No-op bulk ${n}`, billing_id: `ba_noop_bulk_${n}`, billing: { days_past_due: n } })),
  },
  {
    kind: 'contacts',
    path: `/accounts/${ACCOUNT}/contacts/bulk`,
    list: `/accounts/${ACCOUNT}/contacts`,
    items: [0, 1].map((n) => ({
      external_id: `NBC-${n}`,
      firstname: 'Bulk',
      lastname: `Contact ${n}`,
      email: `bulk.${n}@noop.example`,
      technical_group: true,
    })),
    changed: [0, 1].map((n) => ({
      external_id: `NBC-${n}`,
      firstname: 'Bulk',
      lastname: `Contact ${n}`,
      email: `bulk.${n}@noop.example`,
      technical_group: n === 0,
    })),
  },
  {
    kind: 'services',
    path: `/accounts/${ACCOUNT}/services/bulk`,
    list: `/accounts/${ACCOUNT}/services`,
    items: [0, 1].map((n) => ({
      external_id: `NBS-${n}`,
      product: { name: 'Bulk Backup', category: 'Backup' },
      item_type: 'other',
      price: 10.1 + n,
      seats: 2,
    })),
    changed: [0, 1].map((n) => ({
      external_id: `NBS-${n}`,
      product: { name: 'Bulk Backup', category: 'Backup' },
      item_type: 'other',
      price: 10.1 + n,
      seats: 2 + n,
    })),
  },
  {
    kind: 'tickets',
    path: `/accounts/${ACCOUNT}/tickets/bulk`,
    list: `/accounts/${ACCOUNT}/tickets`,
    items: [0, 1].map((n) => ({
      external_id: `NBT-${n}`,
      subject: `Bulk ticket ${n}`,
      entries: [{ external_id: `NBT-${n}-1`, author_name: 'Jordan', author_email: 'jordan@itpartners.example', content: 'Looking.' }],
    })),
    changed: [0, 1].map((n) => ({
      external_id: `NBT-${n}`,
      subject: n === 0 ? 'Bulk ticket 0, renamed' : 'Bulk ticket 1',
      entries: [{ external_id: `NBT-${n}-1`, author_name: 'Jordan', author_email: 'jordan@itpartners.example', content: 'Looking.' }],
    })),
  },
];

describe('provider API: a push that changes nothing writes nothing (decision 0030)', () => {
  let test: TestApp;
  let key: string;

  beforeAll(async () => {
    test = await buildTestApp();
    key = await createTestApiKey(test.database.db, PROVIDER_SCOPES, { name: KEY_NAME });
    const account = await put(`/accounts/${ACCOUNT}`, { name: 'No-op account', billing_id: 'ba_noop' });
    expect(account.statusCode, account.body).toBe(201);
    const assignee = await put(`/accounts/${ACCOUNT}/contacts/NC-1`, { firstname: 'Grace', lastname: 'Hopper', email: 'grace@noop.example' });
    expect(assignee.statusCode, assignee.body).toBe(201);
  });
  afterAll(() => test.close());

  const put = (path: string, payload: object) => test.app.inject({ method: 'PUT', url: `${V1}${path}`, headers: keyHeader(key), payload });
  const post = (path: string, payload: object) => test.app.inject({ method: 'POST', url: `${V1}${path}`, headers: keyHeader(key), payload });
  const listedSince = async (list: string, since: string): Promise<Listed[]> => {
    const response = await test.app.inject({
      method: 'GET',
      url: `${V1}${list}?limit=200&updated_since=${encodeURIComponent(since)}`,
      headers: keyHeader(key),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { result: { items: Listed[] } }).result.items;
  };
  const externalIdsSince = async (list: string, since: string) => (await listedSince(list, since)).map((item) => item.external_id);
  const auditCount = async () =>
    (
      await test.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.actor, `api-key:${KEY_NAME}`))
    ).length;
  /** A moment after the last write, so `updated_since` lists only what changes from now on. */
  const aMomentLater = async () => {
    await sleep(15);
    const since = new Date().toISOString();
    await sleep(15);
    return since;
  };
  const upserted = (response: { statusCode: number; body: string; json(): unknown }, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    return (response.json() as { result: { created: boolean; item: Listed } }).result;
  };

  it.each(PUTS)(
    '$kind: the same PUT again answers 200 with the same updated_at, records nothing and is not listed as updated; a changed field moves it',
    async (c) => {
      const externalId = c.path.split('/').at(-1)!;
      const first = upserted(await put(c.path, c.body), 201);
      expect(first.created).toBe(true);
      const since = await aMomentLater();
      const audited = await auditCount();

      const again = upserted(await put(c.path, c.body), 200);
      expect(again.created).toBe(false);
      expect(again.item.updated_at).toBe(first.item.updated_at);
      expect(await auditCount()).toBe(audited);
      expect(await externalIdsSince(c.list, since)).not.toContain(externalId);
      for (const other of c.alsoUnmoved ?? []) expect(await externalIdsSince(other.list, since)).not.toContain(other.externalId);

      const changed = upserted(await put(c.path, c.changed), 200);
      expect(changed.created).toBe(false);
      expect(Date.parse(changed.item.updated_at)).toBeGreaterThan(Date.parse(first.item.updated_at));
      expect(await auditCount()).toBe(audited + 1);
      const listed = (await listedSince(c.list, since)).filter((item) => item.external_id === externalId);
      expect(listed.map((item) => item.updated_at)).toEqual([changed.item.updated_at]);
    },
  );

  it.each(BULKS)('$kind bulk: the same call again answers the same ids as updated and lists none as updated; a changed item moves alone', async (c) => {
    const first = await post(c.path, { items: c.items });
    expect(first.statusCode, first.body).toBe(200);
    const since = await aMomentLater();

    const again = await post(c.path, { items: c.items });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { result: object }).result).toMatchObject({ created: 0, updated: c.items.length });
    expect(await externalIdsSince(c.list, since)).toEqual([]);
    const [audit] = await test.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor, `api-key:${KEY_NAME}`))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(audit!.details).toMatchObject({ created: 0, updated: c.items.length, unchanged: c.items.length });

    const changed = await post(c.path, { items: c.changed });
    expect(changed.statusCode, changed.body).toBe(200);
    // The first item is the same in every case; only the second (or only the first, for tickets) changed.
    const moved = c.changed.filter((item, index) => JSON.stringify(item) !== JSON.stringify(c.items[index])).map((item) => item.external_id);
    expect(moved).toHaveLength(1);
    expect(await externalIdsSince(c.list, since)).toEqual(moved);
  });
});
