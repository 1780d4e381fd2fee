import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorEnvelope } from '@portal/contract';
import { buildTestApp, type TestApp } from './app.js';
import { bearer, signIn } from './auth.js';
import { createAccount, createContact, createTicket } from './factories.js';

/*
 * A request that fails on our side (a 500) writes nothing half-done. A ticket reply writes three
 * things in one transaction: the entry, the ticket's last-modified time, and the webhook event
 * (decision 0026). A trigger makes the last of them fail with an error that is no caller's fault; the
 * answer is a 500 with the request id, and the first two are rolled back with it.
 */
describe('a 500 leaves nothing half-written', () => {
  let test: TestApp;
  let token: string;
  let ticketId: number;

  beforeAll(async () => {
    test = await buildTestApp();
    const account = await createAccount(test.database.db);
    const contact = await createContact(test.database.db, { accountId: account.id });
    token = (await signIn(test.app, contact.email)).access_token;
    ticketId = (await createTicket(test.database.db, { accountId: account.id, assignedContactId: contact.id })).id;
    await test.database.pool.query(`
      CREATE FUNCTION refuse_event() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the event store is broken' USING ERRCODE = 'XX000'; END $$;
      CREATE TRIGGER refuse_event BEFORE INSERT ON webhook_events FOR EACH ROW EXECUTE FUNCTION refuse_event();`);
  });
  afterAll(() => test.close());

  it('a reply whose event cannot be written: 500 with the request id, no entry, the ticket untouched', async () => {
    const before = await test.database.pool.query('SELECT last_modified_at FROM tickets WHERE id = $1', [ticketId]);

    const response = await test.app.inject({
      method: 'POST',
      url: `/api/crm/nable-tickets/${ticketId}`,
      headers: bearer(token),
      payload: { description: 'Half a reply?' },
    });

    expect(response.statusCode).toBe(500);
    const body = errorEnvelope.parse(response.json());
    expect(body.request_id).toBe(response.headers['x-request-id']);
    expect(body.message).not.toMatch(/event store/);
    const entries = await test.database.pool.query('SELECT count(*)::int AS n FROM ticket_entries WHERE ticket_id = $1', [ticketId]);
    expect(entries.rows[0].n).toBe(0);
    const after = await test.database.pool.query('SELECT last_modified_at FROM tickets WHERE id = $1', [ticketId]);
    expect(after.rows[0].last_modified_at).toEqual(before.rows[0].last_modified_at);
  });
});
