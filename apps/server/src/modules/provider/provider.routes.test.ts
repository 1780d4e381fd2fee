import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  PROVIDER_SCOPES,
  errorEnvelope,
  providerAccount,
  providerContact,
  providerPage,
  providerTicket,
  providerTicketEntry,
  providerUpserted,
  successEnvelope,
  ticket,
  ticketList,
  loginResult,
  providerBulkResult,
} from '@portal/contract';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { bearer, signIn } from '../../../test/auth.js';
import { TEST_PASSWORD, createAccount, createContact } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { apiKeys, auditLog, contacts, mailOutbox, ticketEntries, tickets } from '../../db/schema/index.js';

const V1 = '/api/provider/v1';

describe('provider API', () => {
  let test: TestApp;
  let allKey: string;

  beforeAll(async () => {
    test = await buildTestApp();
    allKey = await createTestApiKey(test.database.db, PROVIDER_SCOPES, { name: 'PSA sync' });
  });
  afterAll(() => test.close());

  const put = (url: string, payload: object, key = allKey) => test.app.inject({ method: 'PUT', url: `${V1}${url}`, headers: keyHeader(key), payload });
  const get = (url: string, key = allKey) => test.app.inject({ method: 'GET', url: `${V1}${url}`, headers: keyHeader(key) });

  async function pushAccount(externalId: string, body: object = {}) {
    const response = await put(`/accounts/${externalId}`, { name: `Account ${externalId}`, billing_id: `ba_${externalId}`, ...body });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return successEnvelope(providerUpserted(providerAccount)).parse(response.json()).result;
  }

  it('creates an account (201), then updates it on a re-run (200) without a second row; the audit log names the key for each change', async () => {
    const first = await put('/accounts/crm-1001', { name: 'Initech', billing_id: 'ba_crm_1001' });
    expect(first.statusCode).toBe(201);
    const created = successEnvelope(providerUpserted(providerAccount)).parse(first.json()).result;
    expect(created).toMatchObject({ created: true, item: { external_id: 'crm-1001', name: 'Initech', status: 'active' } });

    const again = await put('/accounts/crm-1001', { name: 'Initech', billing_id: 'ba_crm_1001' });
    expect(again.statusCode).toBe(200);
    expect(again.json().result).toMatchObject({ created: false, item: { id: created.item.id } });

    const read = await get('/accounts/crm-1001');
    expect(successEnvelope(providerAccount).parse(read.json()).result.id).toBe(created.item.id);
    // The identical re-run changed nothing, so it recorded nothing (decision 0030); a change is recorded.
    expect((await put('/accounts/crm-1001', { name: 'Initech Corp', billing_id: 'ba_crm_1001' })).statusCode).toBe(200);
    const audit = await test.database.db.select().from(auditLog).where(eq(auditLog.accountId, created.item.id));
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ['provider.account_created', 'api-key:PSA sync'],
      ['provider.account_updated', 'api-key:PSA sync'],
    ]);
  });

  it('answers "updated" when another call created the same account first, while this one was on its way', async () => {
    // The other call's row is written but not committed when this PUT looks for it: the PUT sees no
    // account, then its insert waits for the other call, and updates the account it committed.
    const other = await test.database.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query("INSERT INTO accounts (external_id, name) VALUES ('crm-race', 'Racing Freight')");
      const racing = put('/accounts/crm-race', { name: 'Racing Freight', billing_id: 'ba_crm_race' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      const answer = await racing;
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().result).toMatchObject({ created: false, item: { external_id: 'crm-race', billing_id: 'ba_crm_race' } });
    } finally {
      other.release();
    }
  });

  it('refuses a key without the scope (403), a revoked or expired key and a customer token (401); a key is refused on the customer API', async () => {
    const db = test.database.db;
    const readOnly = await createTestApiKey(db, ['tickets:read', 'accounts:write']);
    await pushAccount('scopes-1');
    const ticketBody = { subject: 'Printer offline' };
    const noScope = await put('/accounts/scopes-1/tickets/T-1', ticketBody, readOnly);
    expect(noScope.statusCode).toBe(403);
    expect(errorEnvelope.parse(noScope.json()).message).toBe('This API key lacks the scope tickets:write');
    // write implies read
    expect((await get('/accounts/scopes-1/tickets', readOnly)).statusCode).toBe(200);
    expect((await get('/accounts', readOnly)).statusCode).toBe(200);

    const revoked = await createTestApiKey(db, ['tickets:write'], { revoked: true });
    const revokedAnswer = await put('/accounts/scopes-1/tickets/T-1', ticketBody, revoked);
    expect(revokedAnswer.statusCode).toBe(401);
    expect(revokedAnswer.json().message).toBe('This API key was revoked');

    const expired = await createTestApiKey(db, ['tickets:write'], { expired: true });
    const expiredAnswer = await put('/accounts/scopes-1/tickets/T-1', ticketBody, expired);
    expect(expiredAnswer.statusCode).toBe(401);
    expect(expiredAnswer.json().message).toMatch(/^This API key expired on /);

    const account = await createAccount(db);
    const customer = await createContact(db, { accountId: account.id, adminGroup: true });
    const { access_token } = await signIn(test.app, customer.email);
    const withToken = await test.app.inject({ method: 'PUT', url: `${V1}/accounts/scopes-1/tickets/T-1`, headers: bearer(access_token), payload: ticketBody });
    expect(withToken.statusCode).toBe(401);
    const anonymous = await test.app.inject({ method: 'PUT', url: `${V1}/accounts/scopes-1/tickets/T-1`, payload: ticketBody });
    expect(anonymous.statusCode).toBe(401);

    const keyOnCustomerApi = await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets', headers: keyHeader(allKey) });
    expect(keyOnCustomerApi.statusCode).toBe(401);
    expect(await db.select().from(tickets).where(eq(tickets.externalId, 'T-1'))).toEqual([]);
  });

  it('records the last use of a key', async () => {
    const key = await createTestApiKey(test.database.db, ['accounts:read'], { name: 'Last use' });
    expect((await get('/accounts?limit=1', key)).statusCode).toBe(200);
    const [row] = await test.database.db.select().from(apiKeys).where(eq(apiKeys.name, 'Last use'));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('refuses the sign-in of a suspended account’s users with the reason, and ends their sessions', async () => {
    const account = await pushAccount('suspend-1');
    const contact = await createContact(test.database.db, { accountId: account.item.id });
    const { access_token } = await signIn(test.app, contact.email);
    await pushAccount('suspend-1', { status: 'suspended', suspended_reason: 'Invoices unpaid since September' });

    const refused = await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: contact.email, password: TEST_PASSWORD } });
    expect(refused.statusCode).toBe(403);
    expect(errorEnvelope.parse(refused.json()).message).toBe(
      `Your company's account is suspended: Invoices unpaid since September. Please contact ${test.config.provider.supportEmail}.`,
    );
    // A wrong password still gets the plain refusal: the reason is for those who know the password.
    const wrong = await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: contact.email, password: 'not-it-2026' } });
    expect(wrong.statusCode).toBe(401);
    const me = await test.app.inject({ method: 'GET', url: '/api/crm/auth/me', headers: bearer(access_token) });
    expect(me.statusCode).toBe(401);

    await pushAccount('suspend-1', { status: 'active' });
    const back = await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: contact.email, password: TEST_PASSWORD } });
    expect(successEnvelope(loginResult).safeParse(back.json()).success).toBe(true);
  });

  it('creates a contact with an invitation e-mail, updates its flags, and deactivates it', async () => {
    await pushAccount('contacts-1');
    const body = { firstname: 'Ada', lastname: 'Lovelace', email: 'ada@contacts-1.example', admin_group: true };
    const created = await put('/accounts/contacts-1/contacts/C-1', body);
    expect(created.statusCode).toBe(201);
    const contact = successEnvelope(providerUpserted(providerContact)).parse(created.json()).result.item;
    expect(contact).toMatchObject({ admin_group: true, active: true, has_password: false });
    const mail = await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ada@contacts-1.example'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.textBody).toContain('/page-change-password?token=');

    const updated = await put('/accounts/contacts-1/contacts/C-1', { ...body, billing_group: true, active: false });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().result.item).toMatchObject({ id: contact.id, billing_group: true, active: false });
    expect(await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ada@contacts-1.example'))).toHaveLength(1);

    const taken = await put('/accounts/contacts-1/contacts/C-2', { ...body });
    expect(taken.statusCode).toBe(409);
    expect(errorEnvelope.parse(taken.json()).fields).toHaveProperty('email');
  });

  it('pushes a ticket with a technician’s reply and a private note: the account’s admin sees the ticket and the reply, never the note', async () => {
    const account = await pushAccount('tickets-1');
    const admin = await createContact(test.database.db, { accountId: account.item.id, adminGroup: true });
    const pushed = await put('/accounts/tickets-1/tickets/PSA-77', {
      ticket_number: 'T-77',
      subject: 'VPN drops every hour',
      description: 'Reported by phone.',
      status: 'In Progress',
      priority: 'high',
      time_logged_hours: 1.25,
      is_billable: true,
      entries: [
        { external_id: 'N-1', author_name: 'Jordan Reyes', author_email: 'jordan@itpartners.example', content: 'Replaced the firewall rule; please test.' },
        {
          external_id: 'N-2',
          author_name: 'Jordan Reyes',
          author_email: 'jordan@itpartners.example',
          content: 'Customer is on the old firmware.',
          visible_to_customer: false,
        },
      ],
    });
    expect(pushed.statusCode, pushed.body).toBe(201);
    const item = successEnvelope(providerUpserted(providerTicket)).parse(pushed.json()).result.item;

    const { access_token } = await signIn(test.app, admin.email);
    const list = successEnvelope(ticketList).parse(
      (await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets', headers: bearer(access_token) })).json(),
    ).result;
    expect(list.tickets.map((t) => t.ticket_number)).toEqual(['T-77']);
    const detail = successEnvelope(ticket).parse(
      (await test.app.inject({ method: 'GET', url: `/api/crm/nable-tickets/${item.id}`, headers: bearer(access_token) })).json(),
    ).result;
    expect(detail.conversation.map((e) => e.content)).toEqual(['Replaced the firewall rule; please test.']);
    expect(detail).toMatchObject({ status: 'In Progress', time_rounded: 1.25, is_billable: true });

    // Re-running the same push changes nothing but says "updated".
    const again = await put('/accounts/tickets-1/tickets/PSA-77', {
      ticket_number: 'T-77',
      subject: 'VPN drops every hour',
      entries: [
        { external_id: 'N-1', author_name: 'Jordan Reyes', author_email: 'jordan@itpartners.example', content: 'Replaced the firewall rule; please test.' },
      ],
    });
    expect(again.statusCode).toBe(200);
    expect(await test.database.db.select().from(tickets).where(eq(tickets.accountId, account.item.id))).toHaveLength(1);
    expect(await test.database.db.select().from(ticketEntries).where(eq(ticketEntries.accountId, account.item.id))).toHaveLength(2);
  });

  it('reads a customer’s reply back with updated_since, paging by cursor', async () => {
    const account = await pushAccount('readback-1');
    const admin = await createContact(test.database.db, { accountId: account.item.id, adminGroup: true });
    const pushed = await put('/accounts/readback-1/tickets/PSA-1', { subject: 'Email bounces' });
    const ticketId = pushed.json().result.item.id as number;
    const since = new Date().toISOString();
    const { access_token } = await signIn(test.app, admin.email);
    const reply = await test.app.inject({
      method: 'POST',
      url: `/api/crm/nable-tickets/${ticketId}`,
      headers: bearer(access_token),
      payload: { description: 'Still bouncing this morning.' },
    });
    expect(reply.statusCode).toBe(200);
    const created = await test.app.inject({
      method: 'POST',
      url: '/api/crm/nable-tickets',
      headers: bearer(access_token),
      payload: { subject: 'New laptop', description: 'For the new hire.', priority: 'low' },
    });
    expect(created.statusCode).toBeLessThan(300);

    const entries = successEnvelope(providerPage(providerTicketEntry)).parse(
      (await get(`/accounts/readback-1/ticket-entries?updated_since=${encodeURIComponent(since)}`)).json(),
    ).result;
    expect(entries.items.map((e) => [e.ticket_external_id, e.content, e.author_email])).toEqual([['PSA-1', 'Still bouncing this morning.', admin.email]]);

    const first = successEnvelope(providerPage(providerTicket)).parse(
      (await get(`/accounts/readback-1/tickets?limit=1&updated_since=${encodeURIComponent(since)}`)).json(),
    ).result;
    expect(first.items).toHaveLength(1);
    expect(first.next_cursor).not.toBeNull();
    const second = successEnvelope(providerPage(providerTicket)).parse(
      (await get(`/accounts/readback-1/tickets?limit=1&cursor=${first.next_cursor}`)).json(),
    ).result;
    expect([...first.items, ...second.items].map((t) => t.subject).sort()).toEqual(['Email bounces', 'New laptop']);
    expect(second.next_cursor).toBeNull();
    expect((await get('/accounts/readback-1/tickets?cursor=garbage')).statusCode).toBe(400);
  });

  it('bulk-imports tickets in one transaction and names the failing item', async () => {
    await pushAccount('bulk-1');
    const items = Array.from({ length: 50 }, (_, i) => ({ external_id: `B-${i}`, subject: `Ticket ${i}` }));
    const response = await test.app.inject({ method: 'POST', url: `${V1}/accounts/bulk-1/tickets/bulk`, headers: keyHeader(allKey), payload: { items } });
    expect(response.statusCode, response.body).toBe(200);
    expect(successEnvelope(providerBulkResult).parse(response.json()).result).toMatchObject({ created: 50, updated: 0 });

    const broken = items.map((item, i) => (i === 7 ? { ...item, subject: '' } : { ...item, subject: `${item.subject} (again)` }));
    const refused = await test.app.inject({
      method: 'POST',
      url: `${V1}/accounts/bulk-1/tickets/bulk`,
      headers: keyHeader(allKey),
      payload: { items: broken },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorEnvelope.parse(refused.json()).fields).toHaveProperty(['items.7.subject']);
    const stored = await test.database.db
      .select({ subject: tickets.subject })
      .from(tickets)
      .where(and(eq(tickets.externalId, 'B-3')));
    expect(stored).toEqual([{ subject: 'Ticket 3' }]);

    const duplicate = await test.app.inject({
      method: 'POST',
      url: `${V1}/accounts/bulk-1/tickets/bulk`,
      headers: keyHeader(allKey),
      payload: { items: [items[0], items[0]] },
    });
    expect(duplicate.statusCode).toBe(400);
    expect(errorEnvelope.parse(duplicate.json()).fields).toHaveProperty(['items.1.external_id']);
  });

  it('posts a statement and a payment that the customer’s billing screens show', async () => {
    const account = await pushAccount('billing-1');
    const billingUser = await createContact(test.database.db, { accountId: account.item.id, billingGroup: true });
    const statement = await put('/accounts/billing-1/statements/INV-2026-11', {
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      amount_due: 240,
      lines: [{ description: 'Hosted voice, 8 seats', quantity: 8, unit_price: 30, amount: 240 }],
    });
    expect(statement.statusCode, statement.body).toBe(201);
    const payment = await put('/accounts/billing-1/payments/CHK-1', { amount: 100, payment_type: 'check', check_number: '1042' });
    expect(payment.statusCode, payment.body).toBe(201);
    const { access_token } = await signIn(test.app, billingUser.email);
    const statements = await test.app.inject({ method: 'GET', url: `/api/billing/account/ba_billing-1/statements`, headers: bearer(access_token) });
    expect(statements.statusCode, statements.body).toBe(200);
    expect(JSON.stringify(statements.json())).toContain('240');
    const payments = await test.app.inject({ method: 'GET', url: `/api/billing/account/ba_billing-1/payments`, headers: bearer(access_token) });
    expect(JSON.stringify(payments.json())).toContain('1042');
  });

  it('serves its own OpenAPI document', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/provider/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths)).toContain('/api/provider/v1/accounts/{external_id}');
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/provider/v1/'))).toBe(true);
    const customer = (await test.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(customer.paths).some((path) => path.includes('/provider/'))).toBe(false);
  });

  it('keeps deactivated contacts from signing in', async () => {
    const account = await pushAccount('deact-1');
    const contact = await createContact(test.database.db, { accountId: account.item.id, externalId: 'D-1' });
    await put('/accounts/deact-1/contacts/D-1', { firstname: contact.firstname, lastname: contact.lastname, email: contact.email, active: false });
    const [row] = await test.database.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row!.deactivatedAt).not.toBeNull();
    const refused = await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: contact.email, password: TEST_PASSWORD } });
    expect(refused.statusCode).toBe(403);
  });
});
