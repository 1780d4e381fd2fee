import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { PROVIDER_SCOPES, errorEnvelope } from '@portal/contract';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { bearer, signIn } from '../../../test/auth.js';
import { createContact } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { auditLog, contacts, licenses, ticketEntries } from '../../db/schema/index.js';
import { DELETE_SELF, OWN_ADMIN_FLAG } from '../users/users.policy.js';
import { CLOSED_TICKET_TAKES_NO_REPLIES } from '../tickets/tickets.service.js';

/*
 * Decision 0039: the rules that guard a customer's account hold on the customer API; the provider's systems, the
 * source of truth for contacts, contracts and tickets, may go past three of them, and each is tested here from both
 * sides: the last administrator, the seats of a voice service, and a closed ticket.
 */
const V1 = '/api/provider/v1';

describe('business rules from the customer’s side and the provider’s', () => {
  let test: TestApp;
  let key: string;

  beforeAll(async () => {
    test = await buildTestApp();
    key = await createTestApiKey(test.database.db, PROVIDER_SCOPES, { name: 'Rules sync' });
  });
  afterAll(() => test.close());

  const provider = (method: 'PUT' | 'GET', url: string, payload?: object) =>
    test.app.inject({ method, url: `${V1}${url}`, headers: keyHeader(key), ...(payload ? { payload } : {}) });
  const customer = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
    test.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  async function pushed(response: Awaited<ReturnType<typeof provider>>) {
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json().result.item as { id: number };
  }

  /** An account pushed by the provider, with one administrator the provider knows as ADA, who can sign in. */
  async function accountWithAdmin(name: string) {
    const account = await pushed(await provider('PUT', `/accounts/${name}`, { name: `Rules ${name}`, billing_id: `ba_${name}` }));
    const adminBody = { firstname: 'Ada', lastname: 'Admin', email: `ada@${name}.example`, admin_group: true };
    const admin = await createContact(test.database.db, {
      accountId: account.id,
      externalId: 'ADA',
      firstname: 'Ada',
      lastname: 'Admin',
      email: adminBody.email,
      adminGroup: true,
    });
    const { access_token } = await signIn(test.app, adminBody.email);
    return { account, admin, adminBody, token: access_token };
  }

  it('the last administrator: the customer cannot lose them; the provider may take the role away and name a successor', async () => {
    const { account, admin, adminBody, token } = await accountWithAdmin('rules-admin');
    // The customer's side: the only administrator can neither give up the role nor delete themselves (and between two
    // administrators, the last one standing is kept under a race: users.routes.test.ts).
    const demoted = await customer('PATCH', `/crm/contacts/${admin.id}`, token, { admin_group: false });
    expect(demoted.statusCode).toBe(409);
    expect(errorEnvelope.parse(demoted.json()).message).toBe(OWN_ADMIN_FLAG);
    const deleted = await customer('DELETE', `/crm/contacts/${admin.id}`, token);
    expect(deleted.statusCode).toBe(409);
    expect(errorEnvelope.parse(deleted.json()).message).toBe(DELETE_SELF);

    // The provider's side: its CRM says Ada is no longer an administrator (she left; her successor is named next).
    const viaProvider = await provider('PUT', `/accounts/rules-admin/contacts/ADA`, { ...adminBody, admin_group: false });
    expect(viaProvider.statusCode, viaProvider.body).toBe(200);
    const audited = await test.database.db
      .select({ action: auditLog.action, actor: auditLog.actor })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'provider.contact_updated')));
    expect(audited).toEqual([{ action: 'provider.contact_updated', actor: 'api-key:Rules sync' }]);
    const admins = await test.database.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.accountId, account.id), eq(contacts.adminGroup, true)));
    expect(admins).toEqual([]);
    const successor = await pushed(
      await provider('PUT', `/accounts/rules-admin/contacts/BEN`, { firstname: 'Ben', lastname: 'Next', email: 'ben@rules-admin.example', admin_group: true }),
    );
    expect(successor.id).not.toBe(admin.id);
    const now = await test.database.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.accountId, account.id), eq(contacts.adminGroup, true)));
    expect(now).toEqual([{ id: successor.id }]);
  });

  it('seats: the customer cannot give more licenses than seats; the provider may lower the seats below those in use, and no license is taken away', async () => {
    const { admin, token: access_token } = await accountWithAdmin('rules-seats');
    const voice = await pushed(
      await provider('PUT', `/accounts/rules-seats/services/VOICE`, {
        product: { name: 'Hosted Voice', category: 'Voice' },
        item_type: 'itp_voice',
        price: 60,
        quantity: 2,
        seats: 2,
      }),
    );
    const bob = await pushed(
      await provider('PUT', `/accounts/rules-seats/contacts/BOB`, { firstname: 'Bob', lastname: 'User', email: 'bob@rules-seats.example' }),
    );
    const cy = await pushed(await provider('PUT', `/accounts/rules-seats/contacts/CY`, { firstname: 'Cy', lastname: 'User', email: 'cy@rules-seats.example' }));
    for (const id of [bob.id, cy.id])
      expect((await customer('POST', `/crm/contacts/${id}/licenses`, access_token, { service_id: voice.id })).statusCode).toBe(200);

    // The customer's side: both seats are used, a third license is refused.
    const third = await customer('POST', `/crm/contacts/${admin.id}/licenses`, access_token, { service_id: voice.id });
    expect(third.statusCode).toBe(409);
    expect(errorEnvelope.parse(third.json()).message).toBe('All 2 seats of Hosted Voice are in use. Free a seat or buy more before giving another license.');

    // The provider's side: the contract now has one seat. Accepted; both people keep their phone line.
    const lowered = await provider('PUT', `/accounts/rules-seats/services/VOICE`, {
      product: { name: 'Hosted Voice', category: 'Voice' },
      item_type: 'itp_voice',
      price: 30,
      quantity: 1,
      seats: 1,
    });
    expect(lowered.statusCode, lowered.body).toBe(200);
    expect(await test.database.db.select({ id: licenses.id }).from(licenses).where(eq(licenses.serviceId, voice.id))).toHaveLength(2);
    const offered = (await customer('GET', '/crm/licenses/services', access_token)).json().result;
    expect(offered).toEqual([expect.objectContaining({ service_id: voice.id, seats: 1, seats_used: 2 })]);
    // Until a seat is freed below the new count, none is given.
    expect((await customer('POST', `/crm/contacts/${admin.id}/licenses`, access_token, { service_id: voice.id })).statusCode).toBe(409);
  });

  it('a closed ticket: the customer’s reply is refused; the provider’s PSA may still add an entry, and the customer reads it', async () => {
    const { token: access_token } = await accountWithAdmin('rules-closed');
    const ticketBody = { ticket_number: 'RC-1', subject: 'Printer offline', description: 'Reported by phone.', status: 'Complete', priority: 'low' };
    const closed = await pushed(await provider('PUT', `/accounts/rules-closed/tickets/RC-1`, ticketBody));

    const reply = await customer('POST', `/crm/nable-tickets/${closed.id}`, access_token, { description: 'It is offline again.' });
    expect(reply.statusCode).toBe(409);
    expect(errorEnvelope.parse(reply.json()).message).toBe(CLOSED_TICKET_TAKES_NO_REPLIES);

    const entry = {
      author_name: 'Jordan Reyes',
      author_email: 'jordan@itpartners.example',
      content: 'Closing note: the printer’s network card was replaced.',
    };
    const note = await provider('PUT', `/accounts/rules-closed/tickets/RC-1/entries/E-1`, entry);
    expect(note.statusCode, note.body).toBe(201);
    expect(await test.database.db.select({ id: ticketEntries.id }).from(ticketEntries).where(eq(ticketEntries.ticketId, closed.id))).toHaveLength(1);
    const detail = (await customer('GET', `/crm/nable-tickets/${closed.id}`, access_token)).json().result as {
      status: string;
      conversation: { content: string }[];
    };
    expect(detail.status).toBe('Complete');
    expect(detail.conversation.map((e) => e.content)).toEqual([entry.content]);
  });
});
