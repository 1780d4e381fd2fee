import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@portal/contract';
import { buildTestApp, type TestApp } from './app.js';
import { bearer, signIn } from './auth.js';
import { createAccount, createContact, createTicket } from './factories.js';

/** Decision 0008: a NUL in any string reached PostgreSQL, which refused it, and the caller got a 500. */
describe('control characters in request strings', () => {
  let test: TestApp;
  let token: string;
  let ticketId: number;
  let contactEmail: string;

  beforeAll(async () => {
    test = await buildTestApp();
    const account = await createAccount(test.database.db);
    const contact = await createContact(test.database.db, { accountId: account.id, adminGroup: true });
    contactEmail = contact.email;
    token = (await signIn(test.app, contact.email)).access_token;
    ticketId = (await createTicket(test.database.db, { accountId: account.id, assignedContactId: contact.id })).id;
  });
  afterAll(() => test.close());

  const refusedFor = async (response: { statusCode: number; json(): unknown }, field: string) => {
    expect(response.statusCode).toBe(400);
    const body = errorEnvelope.parse(response.json());
    expect(body.code).toBe('validation_failed');
    expect(body.fields?.[field]).toMatch(/must not contain control characters/);
    return body;
  };

  it('refuses a NUL in the sign-in name with a 400 naming the field', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: 'a\u0000b', password: 'whatever-pass' } });
    const body = await refusedFor(response, 'username');
    expect(body.message).toBe('Username must not contain control characters');
  });

  it('refuses a NUL in the reset e-mail, by POST and by query', async () => {
    await refusedFor(await test.app.inject({ method: 'POST', url: '/api/crm/auth/reset-pw', payload: { email: 'a\u0000@b.example' } }), 'email');
    await refusedFor(await test.app.inject({ method: 'GET', url: '/api/crm/auth/reset-pw?username=a%00%40b.example' }), 'username');
  });

  it('refuses a NUL in a profile name and leaves the profile as it was', async () => {
    const response = await test.app.inject({
      method: 'PATCH',
      url: '/api/portal/my-profile',
      headers: bearer(token),
      payload: { firstname: 'Ma\u0000ry', lastname: 'Smith', email: contactEmail, timezone: 'US/Eastern' },
    });
    await refusedFor(response, 'firstname');
    const { rows } = await test.database.pool.query('SELECT firstname FROM contacts WHERE email = $1', [contactEmail]);
    expect(rows[0].firstname).toBe('Test');
  });

  it('refuses a NUL in a ticket response and writes no entry', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/crm/nable-tickets/${ticketId}`,
      headers: bearer(token),
      payload: { description: 'Hello\u0000there' },
    });
    await refusedFor(response, 'description');
    const { rows } = await test.database.pool.query('SELECT count(*)::int AS n FROM ticket_entries WHERE ticket_id = $1', [ticketId]);
    expect(rows[0].n).toBe(0);
  });

  it('refuses other controls and line breaks in one-line fields, but keeps line breaks in a response', async () => {
    const bell = await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: 'a\u0007b@c.example', password: 'x-password' } });
    await refusedFor(bell, 'username');
    const lineBreak = await test.app.inject({ method: 'POST', url: '/api/crm/auth/login', payload: { username: 'a\nb@c.example', password: 'x-password' } });
    expect(lineBreak.statusCode).toBe(400);
    expect(errorEnvelope.parse(lineBreak.json()).fields?.username).toBe('Username must be on one line');

    const multiLine = await test.app.inject({
      method: 'POST',
      url: `/api/crm/nable-tickets/${ticketId}`,
      headers: bearer(token),
      payload: { description: 'First line\n\tsecond line\r\nthird' },
    });
    expect(multiLine.statusCode).toBe(200);
  });

  it('refuses a NUL in a search query and in a path parameter', async () => {
    await refusedFor(await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets?search=pri%00nter', headers: bearer(token) }), 'search');
    const path = await test.app.inject({ method: 'GET', url: '/api/crm/nable-tickets/1%00', headers: bearer(token) });
    expect(path.statusCode).toBe(400);
  });

  it('stores a user agent with control characters cleaned, instead of failing the sign-in', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/crm/auth/login',
      headers: { 'user-agent': 'Agent\u0000/1.0' },
      payload: { username: contactEmail, password: 'test-pass-2026' },
    });
    expect(response.statusCode).toBe(200);
  });
});
