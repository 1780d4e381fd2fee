import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSummary, successEnvelope, ticketList, type ListedTicket } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, createTicket, createTicketEntry } from '../../../test/factories.js';

/**
 * Decision 0033: each listed ticket says who raised it (its contact), who handles it
 * (the provider's person who last wrote) and whether it waits for the customer's reply; the dashboard
 * counts the open tickets that wait.
 */
let test: TestApp;
let accountId: number;
const tokens = { admin: '', uma: '' };
const ids: Record<string, number> = {};
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const technician = { createdBy: 'Jordan Reyes', fromAddress: 'jordan.reyes@itpartners.example' };
const QUESTION = '<p>Uma, can we restart the print server at noon?</p>';

beforeAll(async () => {
  test = await buildTestApp();
  const db = test.database.db;
  accountId = (await createAccount(db, { name: 'People Test Co' })).id;
  const otherAccountId = (await createAccount(db, { name: 'Other People Co' })).id;
  const admin = await createContact(db, { accountId, adminGroup: true, firstname: 'Alice', lastname: 'Admin' });
  const uma = await createContact(db, { accountId, firstname: 'Uma', lastname: 'User' });
  const customer = { createdBy: 'Uma User (Customer Portal)', fromAddress: uma.email };
  const ticket = async (
    key: string,
    status: 'New' | 'Assigned' | 'Accepted' | 'In Progress' | 'On Hold' | 'Complete',
    assigned: number | null,
    hours: number,
  ) =>
    (ids[key] = (
      await createTicket(db, { accountId, ticketNumber: `TKT-P${hours}`, subject: key, status, assignedContactId: assigned, createdAt: hoursAgo(hours) })
    ).id);
  const entry = (
    key: string,
    who: { createdBy: string; fromAddress: string },
    hours: number,
    extra: { isInternal?: boolean; visibleToCustomer?: boolean; content?: string } = {},
  ) => createTicketEntry(db, { accountId, ticketId: ids[key]!, ...who, createdAt: hoursAgo(hours), content: QUESTION, ...extra });

  // The technician asked, the customer has not answered: waiting.
  await ticket('asked', 'Accepted', uma.id, 10);
  await entry('asked', technician, 9);
  // The customer answered last: the provider's move.
  await ticket('answered', 'In Progress', uma.id, 11);
  await entry('answered', technician, 9);
  await entry('answered', customer, 8);
  // The technician wrote last, then an internal note and a private note: still waiting (neither counts).
  await ticket('noted', 'Assigned', uma.id, 12);
  await entry('noted', customer, 9);
  await entry('noted', { createdBy: 'Priya Shah', fromAddress: 'priya.shah@itpartners.example' }, 8);
  await entry('noted', technician, 7, { isInternal: true });
  await entry('noted', { createdBy: 'Dana Whitfield', fromAddress: 'dana.whitfield@itpartners.example' }, 6, { visibleToCustomer: false });
  // The provider wrote last but asks nothing (an acknowledgement, a progress report, a link with a query): nobody waits.
  await ticket('reported', 'In Progress', uma.id, 17);
  await entry('reported', customer, 9);
  await entry('reported', technician, 8, { content: '<p>Disk extended; extending the filesystem next. Is it on your list?</p>' });
  await entry('reported', technician, 7, { content: '<p>Done. The report is at https://portal.example/report?id=4&amp;full=1 for you.</p>' });
  // New (the desk's acknowledgement only), On Hold and closed tickets wait on nobody's reply from the customer.
  await ticket('new', 'New', null, 13);
  await entry('new', { createdBy: 'ITP Support Desk', fromAddress: 'support@itpartners.example' }, 12, { content: '<p>We have received your request.</p>' });
  await ticket('held', 'On Hold', uma.id, 14);
  await entry('held', technician, 12);
  await ticket('done', 'Complete', uma.id, 15);
  await entry('done', technician, 12);
  // Nobody has written yet.
  await ticket('silent', 'Assigned', admin.id, 16);
  // Another account's waiting ticket counts nowhere here.
  const other = await createTicket(db, { accountId: otherAccountId, status: 'Accepted' });
  await createTicketEntry(db, { accountId: otherAccountId, ticketId: other.id, ...technician, content: QUESTION });

  tokens.admin = (await signIn(test.app, admin.email)).access_token;
  tokens.uma = (await signIn(test.app, uma.email)).access_token;
});
afterAll(() => test.close());

async function listed(who: keyof typeof tokens): Promise<Map<string, ListedTicket>> {
  const response = await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets', query: { status: '' }, headers: bearer(tokens[who]) });
  expect(response.statusCode, response.body).toBe(200);
  return new Map(
    successEnvelope(ticketList)
      .parse(response.json())
      .result.tickets.map((t) => [t.subject, t]),
  );
}

describe('who raised a ticket, who handles it, and whether it waits for the customer', () => {
  it('names the ticket’s contact and the provider’s person who last wrote to the customer', async () => {
    const tickets = await listed('admin');
    expect(tickets.get('asked')).toMatchObject({ raised_by: 'Uma User', handled_by: 'Jordan Reyes' });
    // The internal note is the customer's to see but an earlier technician wrote to them last; the private note is never theirs.
    expect(tickets.get('noted')).toMatchObject({ raised_by: 'Uma User', handled_by: 'Jordan Reyes' });
    expect(tickets.get('new')).toMatchObject({ raised_by: null, handled_by: 'ITP Support Desk' });
    expect(tickets.get('silent')).toMatchObject({ raised_by: 'Alice Admin', handled_by: null, waiting_for_customer: false });
  });

  it('waits for the customer when the ticket is open and the provider’s newest entry asks a question (internal notes aside)', async () => {
    const tickets = await listed('admin');
    const waiting = [...tickets.values()].filter((t) => t.waiting_for_customer).map((t) => t.subject);
    expect(waiting.sort()).toEqual(['asked', 'noted']);
  });

  it('tells a user the same of the tickets assigned to them', async () => {
    const tickets = await listed('uma');
    expect(tickets.get('asked')).toMatchObject({ waiting_for_customer: true, raised_by: 'Uma User' });
    expect(tickets.has('silent')).toBe(false);
  });

  it('stops waiting once the customer replies', async () => {
    const reply = await test.app.inject({
      method: 'POST',
      url: `/api/crm/nable-tickets/${ids.asked}`,
      payload: { description: 'Yes, go ahead.' },
      headers: bearer(tokens.uma),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await listed('uma')).get('asked')).toMatchObject({ waiting_for_customer: false, handled_by: 'Jordan Reyes' });
    await createTicketEntry(test.database.db, { accountId, ticketId: ids.asked!, ...technician, content: 'Thanks. One more: which printer?' });
    expect((await listed('uma')).get('asked')?.waiting_for_customer).toBe(true);
  });

  it('counts the open tickets waiting for the customer on the dashboard, in the caller’s scope', async () => {
    const summary = async (who: keyof typeof tokens) => {
      const response = await test.app.inject({ method: 'GET', url: '/api/portal/dashboard', headers: bearer(tokens[who]) });
      expect(response.statusCode, response.body).toBe(200);
      return successEnvelope(dashboardSummary).parse(response.json()).result;
    };
    // asked and noted wait; answered, reported, new and silent are open without waiting; held and done are not open.
    expect(await summary('admin')).toMatchObject({ open_tickets: 6, tickets_waiting_for_customer: 2 });
    expect(await summary('uma')).toMatchObject({ open_tickets: 4, tickets_waiting_for_customer: 2 });
  });
});
