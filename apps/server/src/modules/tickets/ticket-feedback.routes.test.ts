import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSummary, errorEnvelope, providerRatingsPage, successEnvelope, ticket, webhookEventData } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact, createTicket, createTicketEntry } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { auditLog, ticketRatings, tickets, webhookEvents } from '../../db/schema/index.js';
import { ALREADY_CLOSED, ALREADY_RESOLVED, NOT_RATEABLE_YET, NOT_RESOLVED, NOT_YOURS_TO_RATE, RATING_FINAL, REOPEN_TOO_LATE } from './ticket-feedback.js';

const V1 = '/api/provider/v1';
const DAY = 86_400_000;

/** The customer's side of a ticket's end (issue 36, docs/decisions/0047): resolve, reopen, rate; and what the provider hears. */
describe('customers close and rate their tickets', () => {
  let test: TestApp;
  let accountId: number;
  let accountExternalId: string;
  let carlaId: number;
  let carla = '';
  let admin = '';
  let key = '';
  const db = () => test.database.db;

  const call = (method: 'POST' | 'PUT' | 'GET', url: string, token: string, payload?: object) =>
    test.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const ticketOf = (response: { json(): unknown }) => successEnvelope(ticket).parse(response.json()).result;
  const messageOf = (response: { json(): unknown }) => errorEnvelope.parse(response.json()).message;
  const newTicket = (values: Partial<typeof tickets.$inferInsert> = {}) =>
    createTicket(db(), { accountId, assignedContactId: carlaId, status: 'In Progress', externalId: `T-${Math.random()}`, ...values });
  const webhooksOf = async (type: string) =>
    db()
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.accountId, accountId), eq(webhookEvents.type, type as never)));

  beforeAll(async () => {
    test = await buildTestApp();
    accountExternalId = `acct-feedback-${Date.now()}`;
    accountId = (await createAccount(db(), { externalId: accountExternalId })).id;
    const contact = await createContact(db(), { accountId, firstname: 'Carla' });
    carlaId = contact.id;
    carla = (await signIn(test.app, contact.email)).access_token;
    admin = (await signIn(test.app, (await createContact(db(), { accountId, adminGroup: true })).email)).access_token;
    key = await createTestApiKey(db(), ['tickets:read', 'webhooks:write'], { name: 'PSA' });
    // A subscribed endpoint, so the webhooks are written (the receiver is never reached in this file).
    const endpoint = await test.app.inject({
      method: 'POST',
      url: `${V1}/webhook-endpoints`,
      headers: keyHeader(key),
      payload: { url: 'http://127.0.0.1:9/hook', events: ['ticket.resolved_by_customer', 'ticket.reopened_by_customer', 'ticket.rated'] },
    });
    expect(endpoint.statusCode).toBe(201);
  });
  afterAll(async () => {
    await test.close();
  });

  describe('resolve and reopen', () => {
    it('marks the ticket resolved with a note, keeps the provider’s status, and tells the provider', async () => {
      const row = await newTicket();
      const resolved = await call('POST', `/crm/nable-tickets/${row.id}/resolve`, carla, { note: '  Printer works again.  ' });
      expect(resolved.statusCode).toBe(200);
      const body = ticketOf(resolved);
      expect(body.status).toBe('In Progress');
      expect(body.resolved_by_customer).toMatchObject({ note: 'Printer works again.' });
      expect(Date.parse(body.resolved_by_customer!.reopen_until) - Date.parse(body.resolved_by_customer!.resolved_date)).toBe(7 * DAY);

      const [hook] = (await webhooksOf('ticket.resolved_by_customer')).filter((h) => JSON.stringify(h.payload).includes(`"id":${row.id},`));
      const data = webhookEventData['ticket.resolved_by_customer'].parse((hook!.payload as { data: unknown }).data);
      expect(data).toMatchObject({ ticket: { id: row.id, status: 'In Progress' }, note: 'Printer works again.', by: { contact_id: carlaId } });
      const audit = await db().select().from(auditLog).where(eq(auditLog.accountId, accountId));
      expect(audit.map((entry) => entry.action)).toContain('ticket.resolved_by_customer');

      // The provider API's ticket says so.
      const listed = await test.app.inject({ method: 'GET', url: `${V1}/accounts/${accountExternalId}/tickets?limit=100`, headers: keyHeader(key) });
      const item = (listed.json().result.items as { id: number; resolved_by_customer: unknown }[]).find((t) => t.id === row.id);
      expect(item!.resolved_by_customer).toMatchObject({ note: 'Printer works again.' });

      const again = await call('POST', `/crm/nable-tickets/${row.id}/resolve`, carla, {});
      expect(again.statusCode).toBe(409);
      expect(messageOf(again)).toBe(ALREADY_RESOLVED);
    });

    it('refuses to resolve a closed ticket, and a note that is too long', async () => {
      const closed = await newTicket({ status: 'Complete' });
      const refused = await call('POST', `/crm/nable-tickets/${closed.id}/resolve`, carla, {});
      expect(refused.statusCode).toBe(409);
      expect(messageOf(refused)).toBe(ALREADY_CLOSED);
      const open = await newTicket();
      expect((await call('POST', `/crm/nable-tickets/${open.id}/resolve`, carla, { note: 'x'.repeat(2001) })).statusCode).toBe(400);
    });

    it('reopens within 7 days, whatever status the provider moved it to, and not after', async () => {
      const row = await newTicket({ status: 'Complete', customerResolvedAt: new Date(Date.now() - 6 * DAY), customerResolutionNote: 'ok' });
      const reopened = await call('POST', `/crm/nable-tickets/${row.id}/reopen`, carla);
      expect(reopened.statusCode).toBe(200);
      expect(ticketOf(reopened).resolved_by_customer).toBeNull();
      const [stored] = await db().select().from(tickets).where(eq(tickets.id, row.id));
      expect(stored!.customerReopenedAt).not.toBeNull();
      expect((await webhooksOf('ticket.reopened_by_customer')).some((h) => JSON.stringify(h.payload).includes(`"id":${row.id},`))).toBe(true);

      const nothing = await call('POST', `/crm/nable-tickets/${row.id}/reopen`, carla);
      expect(nothing.statusCode).toBe(409);
      expect(messageOf(nothing)).toBe(NOT_RESOLVED);

      const old = await newTicket({ customerResolvedAt: new Date(Date.now() - 8 * DAY) });
      const late = await call('POST', `/crm/nable-tickets/${old.id}/reopen`, carla);
      expect(late.statusCode).toBe(409);
      expect(messageOf(late)).toBe(REOPEN_TOO_LATE);
    });

    it('takes the mark back when the customer replies within the 7 days', async () => {
      const row = await newTicket({ customerResolvedAt: new Date(Date.now() - DAY) });
      const replied = await call('POST', `/crm/nable-tickets/${row.id}`, carla, { description: 'It broke again.' });
      expect(replied.statusCode).toBe(200);
      expect(ticketOf(replied).resolved_by_customer).toBeNull();
    });
  });

  describe('How did we do?', () => {
    it('is not asked before the work is complete', async () => {
      const row = await newTicket();
      expect(ticketOf(await call('GET', `/crm/nable-tickets/${row.id}`, carla)).rating_asked).toBe(false);
      const refused = await call('PUT', `/crm/nable-tickets/${row.id}/rating`, carla, { score: 4 });
      expect(refused.statusCode).toBe(409);
      expect(messageOf(refused)).toBe(NOT_RATEABLE_YET);
    });

    it('is asked of the ticket’s contact once Complete, kept once per ticket, changeable, and heard by the provider', async () => {
      const row = await newTicket({ status: 'Complete' });
      await createTicketEntry(db(), { accountId, ticketId: row.id, createdBy: 'Tom Tech', fromAddress: 'tom@itpartners.example' });
      expect(ticketOf(await call('GET', `/crm/nable-tickets/${row.id}`, carla)).rating_asked).toBe(true);

      const rated = await call('PUT', `/crm/nable-tickets/${row.id}/rating`, carla, { score: 4, comment: 'Quick fix.' });
      expect(rated.statusCode).toBe(200);
      expect(ticketOf(rated).rating).toMatchObject({ score: 4, comment: 'Quick fix.' });
      const changed = await call('PUT', `/crm/nable-tickets/${row.id}/rating`, carla, { score: 5 });
      expect(ticketOf(changed).rating).toMatchObject({ score: 5, comment: null });
      expect(await db().select().from(ticketRatings).where(eq(ticketRatings.ticketId, row.id))).toHaveLength(1);

      const hooks = (await webhooksOf('ticket.rated')).filter((h) => JSON.stringify(h.payload).includes(`"id":${row.id},`));
      const ratings = hooks.map((h) => webhookEventData['ticket.rated'].parse((h.payload as { data: unknown }).data).rating);
      expect(ratings).toEqual(
        expect.arrayContaining([
          { score: 4, comment: 'Quick fix.', technician_name: 'Tom Tech', technician_email: 'tom@itpartners.example', changed: false },
          { score: 5, comment: null, technician_name: 'Tom Tech', technician_email: 'tom@itpartners.example', changed: true },
        ]),
      );

      // The provider reads it per account, per technician and by period, with the figures.
      const read = async (query: string) => {
        const response = await test.app.inject({ method: 'GET', url: `${V1}/ticket-ratings?${query}`, headers: keyHeader(key) });
        expect(response.statusCode).toBe(200);
        return successEnvelope(providerRatingsPage).parse(response.json()).result;
      };
      const byTechnician = await read(`account_external_id=${accountExternalId}&technician_email=TOM@itpartners.example`);
      expect(byTechnician).toMatchObject({ count: 1, average: 5, items: [{ ticket_id: row.id, score: 5, technician_name: 'Tom Tech' }] });
      expect((await read(`account_external_id=${accountExternalId}&to=2020-01-01T00:00:00Z`)).count).toBe(0);
      expect((await test.app.inject({ method: 'GET', url: `${V1}/ticket-ratings?cursor=abc`, headers: keyHeader(key) })).statusCode).toBe(400);
    });

    it('is the ticket’s contact’s to give, and final after 7 days', async () => {
      const row = await newTicket({ status: 'Billed' });
      expect(ticketOf(await call('GET', `/crm/nable-tickets/${row.id}`, admin)).rating_asked).toBe(false);
      const notYours = await call('PUT', `/crm/nable-tickets/${row.id}/rating`, admin, { score: 3 });
      expect(notYours.statusCode).toBe(403);
      expect(messageOf(notYours)).toBe(NOT_YOURS_TO_RATE);
      expect((await call('PUT', `/crm/nable-tickets/${row.id}/rating`, carla, { score: 6 })).statusCode).toBe(400);
      expect((await call('PUT', `/crm/nable-tickets/${row.id}/rating`, carla, { score: 2.5 })).statusCode).toBe(400);

      await db()
        .insert(ticketRatings)
        .values({ accountId, ticketId: row.id, contactId: carlaId, score: 2, createdAt: new Date(Date.now() - 8 * DAY) });
      const shown = ticketOf(await call('GET', `/crm/nable-tickets/${row.id}`, carla));
      expect(shown).toMatchObject({ rating: { score: 2 }, rating_asked: false });
      const final = await call('PUT', `/crm/nable-tickets/${row.id}/rating`, carla, { score: 5 });
      expect(final.statusCode).toBe(409);
      expect(messageOf(final)).toBe(RATING_FINAL);
    });

    it('is a cancelled ticket’s never', async () => {
      const row = await newTicket({ status: 'Cancelled' });
      expect((await call('PUT', `/crm/nable-tickets/${row.id}/rating`, carla, { score: 1 })).statusCode).toBe(409);
    });

    it('shows administrators their account’s average on the dashboard, and no one else', async () => {
      const adminDashboard = successEnvelope(dashboardSummary).parse((await call('GET', '/portal/dashboard', admin)).json()).result;
      // 5 for the first ticket, 2 given eight days ago: both within the 90 days shown.
      expect(adminDashboard.satisfaction).toEqual({ count: 2, average: 3.5 });
      const userDashboard = successEnvelope(dashboardSummary).parse((await call('GET', '/portal/dashboard', carla)).json()).result;
      expect(userDashboard.satisfaction).toBeNull();
    });
  });
});
