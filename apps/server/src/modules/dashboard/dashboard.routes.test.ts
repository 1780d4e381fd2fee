import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, createService } from '../../../test/factories.js';
import { billingAccounts, payments, ticketEntries, tickets } from '../../db/schema/index.js';

let test: TestApp;

beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());

const db = () => test.database.db;
const summaryOf = async (email: string) => {
  const response = await test.app.inject({ method: 'GET', url: '/api/portal/dashboard', headers: bearer((await signIn(test.app, email)).access_token) });
  expect(response.statusCode).toBe(200);
  return successEnvelope(endpoints.getDashboard.result).parse(response.json()).result;
};

let ticketCounter = 0;
async function ticket(accountId: number, values: Partial<typeof tickets.$inferInsert> = {}) {
  ticketCounter += 1;
  const [row] = await db()
    .insert(tickets)
    .values({ accountId, ticketNumber: `TKT-${9000 + ticketCounter}`, subject: `Subject ${ticketCounter}`, description: 'd', ...values })
    .returning();
  return row!;
}

/** An account with an admin+billing contact, a plain user, tickets, services and payments. */
async function populatedAccount() {
  const account = await createAccount(db());
  const admin = await createContact(db(), { accountId: account.id, adminGroup: true, billingGroup: true });
  const user = await createContact(db(), { accountId: account.id });
  await createService(db(), { accountId: account.id, price: 100.1, status: 'active', provisionStatus: 'provisioned' });
  await createService(db(), { accountId: account.id, price: 50.2, status: 'active', provisionStatus: 'pending' });
  await createService(db(), { accountId: account.id, price: 999, status: 'suspended' });
  const assigned = await ticket(account.id, { assignedContactId: user.id, status: 'In Progress', subject: 'Printer jam' });
  await ticket(account.id, { status: 'New', subject: 'VPN down' });
  await ticket(account.id, { status: 'Complete', assignedContactId: user.id });
  await db()
    .insert(ticketEntries)
    .values([
      { accountId: account.id, ticketId: assigned.id, createdBy: 'Jordan Reyes', fromAddress: 'jordan@itpartners.example', content: 'On my way' },
      {
        accountId: account.id,
        ticketId: assigned.id,
        createdBy: 'Jordan Reyes',
        fromAddress: 'jordan@itpartners.example',
        content: 'secret',
        isInternal: true,
      },
    ]);
  await db()
    .insert(ticketEntries)
    .values({
      accountId: account.id,
      ticketId: assigned.id,
      createdBy: 'Una User (Customer Portal)',
      fromAddress: user.email,
      content: 'Thanks',
      createdAt: new Date(Date.now() + 1000),
    });
  await db().insert(billingAccounts).values({ id: account.billingApiId!, accountId: account.id, balance: 1234.56, pastDueBalance: 200, daysPastDue: 18 });
  await db()
    .insert(payments)
    .values({ id: `pay_${account.id}`, accountId: account.id, amount: 75.5, paymentType: 'credit_card', last4: '4242', paymentStatus: 'Paid' });
  return { account, admin, user, assigned };
}

describe('GET /api/portal/dashboard', () => {
  it('gives an admin in the billing group the account’s figures, balance, trend and activity', async () => {
    const { admin, assigned } = await populatedAccount();
    const summary = await summaryOf(admin.email);
    expect(summary).toMatchObject({
      tickets_scope: 'account',
      open_tickets: 2,
      active_services: 1,
      provisioning_services: 1,
      monthly_cost: 150.3,
      billing: { balance: 1234.56, past_due_balance: 200, days_past_due: 18 },
    });
    expect(summary.ticket_trend).toHaveLength(6);
    expect(summary.ticket_trend.at(-1)).toMatchObject({ opened: 3, closed: 1 });
    const kinds = summary.recent_activity.map((entry) => entry.kind);
    expect(kinds).toEqual(expect.arrayContaining(['ticket_opened', 'ticket_reply', 'service_added', 'payment']));
    const replies = summary.recent_activity.filter((entry) => entry.kind === 'ticket_reply');
    expect(replies).toHaveLength(2);
    // Each entry opens its own ticket; a portal reply reads as its author's name with a 'via portal' mark.
    expect(replies[0]).toMatchObject({ title: expect.stringMatching(/^Una User replied on TKT-/), via_portal: true, link: `/tickets/${assigned.id}` });
    expect(replies[1]).toMatchObject({ title: expect.stringMatching(/^Jordan Reyes replied/), via_portal: false, link: `/tickets/${assigned.id}` });
    expect(summary.recent_activity.filter((entry) => entry.kind === 'ticket_opened').every((entry) => /^\/tickets\/\d+$/.test(entry.link ?? ''))).toBe(true);
    expect(summary.recent_activity.find((entry) => entry.kind === 'payment')).toMatchObject({
      amount: 75.5,
      title: 'Payment received',
      detail: 'By card ending in 4242',
      link: '/billing',
    });
    const times = summary.recent_activity.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('gives a plain user only their assigned tickets and no money of the billing account', async () => {
    const { user } = await populatedAccount();
    const summary = await summaryOf(user.email);
    expect(summary).toMatchObject({ tickets_scope: 'assigned', open_tickets: 1, billing: null, monthly_cost: null, active_services: 1 });
    expect(summary.ticket_trend.at(-1)).toMatchObject({ opened: 2, closed: 1 });
    const titles = summary.recent_activity.map((entry) => entry.detail);
    expect(titles).not.toContain('VPN down');
    expect(summary.recent_activity.some((entry) => entry.kind === 'payment')).toBe(false);
  });

  it('gives a technical contact the account’s ticket figures, as the tickets screen lists them, and still no money (decision 0031)', async () => {
    const { account } = await populatedAccount();
    const technical = await createContact(db(), { accountId: account.id, technicalGroup: true });
    const summary = await summaryOf(technical.email);
    expect(summary).toMatchObject({ tickets_scope: 'account', open_tickets: 2, billing: null, monthly_cost: null });
    expect(summary.ticket_trend.at(-1)).toMatchObject({ opened: 3, closed: 1 });
    expect(summary.recent_activity.map((entry) => entry.detail)).toContain('VPN down');
    expect(summary.recent_activity.some((entry) => entry.kind === 'payment')).toBe(false);
  });

  it('never counts another account’s tickets, services or payments', async () => {
    await populatedAccount();
    const empty = await createAccount(db());
    const admin = await createContact(db(), { accountId: empty.id, adminGroup: true, billingGroup: true });
    const summary = await summaryOf(admin.email);
    expect(summary).toMatchObject({ open_tickets: 0, active_services: 0, provisioning_services: 0, monthly_cost: 0, billing: null, recent_activity: [] });
    expect(summary.ticket_trend.every((point) => point.opened === 0 && point.closed === 0)).toBe(true);
  });

  it('refuses an anonymous caller', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/portal/dashboard' })).statusCode).toBe(401);
  });
});
