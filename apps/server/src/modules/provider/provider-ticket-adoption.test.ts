import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { errorEnvelope, PROVIDER_SCOPES, providerContact, providerTicket, providerUpserted, successEnvelope, ticket } from '@portal/contract';
import { mailOutbox } from '../../db/schema/index.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { bearer, signIn } from '../../../test/auth.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { PORTAL_TICKET_NOT_ADOPTABLE } from '../tickets/ticket-sync.js';

/**
 * A ticket the customer opened in the portal, adopted by the PSA (`portal_ticket_id`): the PSA's first push gives it
 * the PSA's external id, keeps its number, and from then on the technician's replies and statuses reach it.
 */
describe('the PSA adopts a ticket opened in the portal', () => {
  let test: TestApp;
  let key: string;
  const V1 = '/api/provider/v1';

  beforeAll(async () => {
    test = await buildTestApp();
    key = await createTestApiKey(test.database.db, PROVIDER_SCOPES, { name: 'PSA' });
  });
  afterAll(() => test.close());

  const put = (url: string, payload: object) => test.app.inject({ method: 'PUT', url: `${V1}${url}`, headers: keyHeader(key), payload });

  async function portalTicket() {
    const externalId = `adopt-${Math.random().toString(36).slice(2, 8)}`;
    const account = await createAccount(test.database.db, { externalId });
    const uma = await createContact(test.database.db, { accountId: account.id });
    const token = (await signIn(test.app, uma.email)).access_token;
    const opened = await test.app.inject({
      method: 'POST',
      url: '/api/crm/nable-tickets',
      headers: bearer(token),
      payload: { subject: 'Printer jams', description: 'On every page.', priority: 'medium' },
    });
    expect(opened.statusCode).toBe(201);
    return { account, token, opened: successEnvelope(ticket).parse(opened.json()).result };
  }

  it('gives it the PSA’s id, keeps its number, and takes the technician’s reply and status', async () => {
    const { account, token, opened } = await portalTicket();
    const adopted = await put(`/accounts/${account.externalId}/tickets/PSA-500`, {
      portal_ticket_id: opened.id,
      subject: 'Printer jams',
      description: 'On every page.',
      status: 'In Progress',
    });
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(successEnvelope(providerUpserted(providerTicket)).parse(adopted.json()).result).toMatchObject({
      created: false,
      item: { id: opened.id, external_id: 'PSA-500', ticket_number: opened.ticket_number, status: 'In Progress' },
    });
    const reply = await put(`/accounts/${account.externalId}/tickets/PSA-500/entries/E-1`, {
      author_name: 'Jordan Reyes',
      author_email: 'jordan@itpartners.example',
      content: 'A new roller is on its way.',
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const seen = successEnvelope(ticket).parse(
      (await test.app.inject({ method: 'GET', url: `/api/crm/nable-tickets/${opened.id}`, headers: bearer(token) })).json(),
    ).result;
    expect(seen.status).toBe('In Progress');
    expect(seen.ticket_number).toBe(opened.ticket_number);
    expect(JSON.stringify(seen)).toContain('A new roller is on its way.');
    // The same push again is the same adoption: nothing refused.
    const again = await put(`/accounts/${account.externalId}/tickets/PSA-500`, {
      portal_ticket_id: opened.id,
      subject: 'Printer jams',
      description: 'On every page.',
      status: 'In Progress',
    });
    expect(again.statusCode).toBe(200);
  });

  it('refuses a ticket already known by another id, another account’s, or none, naming portal_ticket_id, and changes nothing', async () => {
    const { account, opened } = await portalTicket();
    const other = await portalTicket();
    expect((await put(`/accounts/${account.externalId}/tickets/PSA-1`, { portal_ticket_id: opened.id, subject: 'Printer jams' })).statusCode).toBe(200);
    for (const [externalId, id] of [
      ['PSA-2', opened.id],
      ['PSA-3', other.opened.id],
      ['PSA-4', 2_000_000_000],
    ] as const) {
      const refused = await put(`/accounts/${account.externalId}/tickets/${externalId}`, { portal_ticket_id: id, subject: 'Anything' });
      expect(refused.statusCode).toBe(400);
      expect(errorEnvelope.parse(refused.json()).fields).toEqual({ portal_ticket_id: PORTAL_TICKET_NOT_ADOPTABLE });
    }
    // Nothing was made of the refused pushes.
    const listed = await test.app.inject({ method: 'GET', url: `${V1}/accounts/${account.externalId}/tickets`, headers: keyHeader(key) });
    expect((listed.json() as { result: { items: Array<{ external_id: string | null }> } }).result.items.map((item) => item.external_id)).toEqual(['PSA-1']);
  });
});

/**
 * A contact an administrator added in the portal, adopted by the CRM: a push naming their e-mail in the same account
 * gives them the CRM's external id (no second contact, no new invitation), where it was refused as a taken sign-in name.
 */
describe('the CRM adopts a contact added in the portal', () => {
  let test: TestApp;
  let key: string;

  beforeAll(async () => {
    test = await buildTestApp();
    key = await createTestApiKey(test.database.db, PROVIDER_SCOPES, { name: 'CRM' });
  });
  afterAll(() => test.close());

  const put = (url: string, payload: object) => test.app.inject({ method: 'PUT', url: `/api/provider/v1${url}`, headers: keyHeader(key), payload });

  it('gives them the CRM’s id and keeps them, and a ticket can then be assigned to them; another account’s user stays refused', async () => {
    const account = await createAccount(test.database.db, { externalId: `crm-adopt-${Date.now()}` });
    const nia = await createContact(test.database.db, { accountId: account.id, firstname: 'Nia', email: `nia.${Date.now()}@adopt.example` });
    const adopted = await put(`/accounts/${account.externalId}/contacts/CRM-NIA`, { firstname: 'Nia', lastname: 'Newcomer', email: nia.email.toUpperCase() });
    expect(adopted.statusCode, adopted.body).toBe(200);
    expect(successEnvelope(providerUpserted(providerContact)).parse(adopted.json()).result).toMatchObject({
      created: false,
      item: { id: nia.id, external_id: 'CRM-NIA', lastname: 'Newcomer' },
    });
    expect(await test.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, nia.email))).toEqual([]);
    const ticketPush = await put(`/accounts/${account.externalId}/tickets/T-NIA`, { subject: 'Laptop', assigned_contact_external_id: 'CRM-NIA' });
    expect(ticketPush.statusCode, ticketPush.body).toBe(201);

    const elsewhere = await createContact(test.database.db, { accountId: (await createAccount(test.database.db)).id });
    const refused = await put(`/accounts/${account.externalId}/contacts/CRM-OTHER`, { firstname: 'O', lastname: 'Ther', email: elsewhere.email });
    expect(refused.statusCode).toBe(409);
  });
});
