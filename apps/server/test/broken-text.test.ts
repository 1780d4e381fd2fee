import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@portal/contract';
import { buildTestApp, type TestApp } from './app.js';
import { bearer, signIn } from './auth.js';
import { createAccount, createContact, createTicket } from './factories.js';
import { createTestApiKey, keyHeader } from './provider-keys.js';

/*
 * A lone UTF-16 surrogate ("\ud800") is valid JSON but no text PostgreSQL can store, and it
 * reached the database as a 500. Every string of every endpoint, customer and provider, now answers
 * 400 naming the field, and nothing is written (docs/decisions/0008).
 */
describe('lone UTF-16 surrogates in request strings', () => {
  let test: TestApp;
  let adminToken: string;
  let ticketId: number;
  let providerKey: string;

  beforeAll(async () => {
    test = await buildTestApp();
    const account = await createAccount(test.database.db);
    const admin = await createContact(test.database.db, { accountId: account.id, adminGroup: true });
    adminToken = (await signIn(test.app, admin.email)).access_token;
    ticketId = (await createTicket(test.database.db, { accountId: account.id, assignedContactId: admin.id })).id;
    providerKey = await createTestApiKey(test.database.db, ['accounts:write']);
  });
  afterAll(() => test.close());

  const refusedNaming = (response: { statusCode: number; json(): unknown }, field: string) => {
    expect(response.statusCode).toBe(400);
    const body = errorEnvelope.parse(response.json());
    expect(body.code).toBe('validation_failed');
    expect(body.fields?.[field]).toMatch(/must be valid Unicode text/);
  };
  const count = async (sql: string, values: unknown[]) => (await test.database.pool.query(sql, values)).rows[0].n as number;

  it('a contact’s e-mail on create: 400 naming user.email, no contact added', async () => {
    const before = await count('SELECT count(*)::int AS n FROM contacts', []);
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/contacts',
      headers: bearer(adminToken),
      payload: { user: { firstname: 'Lone', lastname: 'Surrogate', email: 'lone\ud800@example.com' } },
    });
    refusedNaming(response, 'user.email');
    expect(await count('SELECT count(*)::int AS n FROM contacts', [])).toBe(before);
  });

  it('a ticket reply’s text, high or low half: 400, no entry written', async () => {
    for (const description of ['Hello \ud800 there', 'tail \udfff']) {
      refusedNaming(
        await test.app.inject({ method: 'POST', url: `/api/crm/nable-tickets/${ticketId}`, headers: bearer(adminToken), payload: { description } }),
        'description',
      );
    }
    expect(await count('SELECT count(*)::int AS n FROM ticket_entries WHERE ticket_id = $1', [ticketId])).toBe(0);
  });

  it('an object key, and a provider call: the same refusal', async () => {
    const key = await test.app.inject({
      method: 'POST',
      url: `/api/crm/nable-tickets/${ticketId}`,
      headers: bearer(adminToken),
      payload: { description: 'ok', ['\udc00']: 1 },
    });
    refusedNaming(key, '\udc00');
    const provider = await test.app.inject({
      method: 'PUT',
      url: '/api/provider/v1/accounts/acct-lone',
      headers: keyHeader(providerKey),
      payload: { name: 'Broken \ud83d name' },
    });
    refusedNaming(provider, 'name');
    expect(await count('SELECT count(*)::int AS n FROM accounts WHERE name LIKE $1', ['Broken%'])).toBe(0);
  });

  it('a whole surrogate pair (an emoji) and Unicode non-characters are text: stored as sent', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/crm/nable-tickets/${ticketId}`,
      headers: bearer(adminToken),
      payload: { description: 'Printer \ud83d\udda8 works \ufffe' },
    });
    expect(response.statusCode).toBe(200);
    const { rows } = await test.database.pool.query('SELECT content FROM ticket_entries WHERE ticket_id = $1', [ticketId]);
    expect(rows.map((row) => row.content as string).join()).toContain('Printer \ud83d\udda8 works \ufffe');
  });
});
