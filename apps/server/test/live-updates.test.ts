import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './app.js';
import { signIn } from './auth.js';
import { createAccount, createContact, createTicket } from './factories.js';
import { openLiveClient, type LiveClient } from './live-client.js';
import { createTestApiKey, keyHeader } from './provider-keys.js';
import { and, eq } from 'drizzle-orm';
import { inTransaction } from '../src/db/transaction.js';
import { auditLog } from '../src/db/schema/index.js';
import { multipartBody, PNG_1PX } from './attachments.js';
import { SYSTEM } from '../src/events/domain-event.js';

/**
 * The live stream (decision 0046) across two instances on one database, as a cluster runs: a technician's reply
 * pushed through the provider API on one instance reaches the stream open on the other, through LISTEN/NOTIFY.
 */
describe('live updates across instances', () => {
  let one: TestApp;
  let two: TestApp;
  let url: string;
  let key: string;
  const clients: LiveClient[] = [];
  const db = () => one.database.db;

  beforeAll(async () => {
    // Two instances share the database and the token secret, as a cluster's do.
    const shared = { TOKEN_SECRET: randomBytes(32).toString('hex'), LIVE_HEARTBEAT_MS: '100' };
    one = await buildTestApp(shared);
    two = await buildTestApp(shared, { database: one.database });
    url = await one.app.listen({ host: '127.0.0.1', port: 0 });
    key = await createTestApiKey(db(), ['tickets:write'], { name: 'PSA' });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await two.close();
    await one.close();
  });

  const stream = async (token: string, lastEventId?: number) => {
    const client = await openLiveClient(url, token, lastEventId);
    clients.push(client);
    expect(client.status).toBe(200);
    await client.waitFor((message) => message.type === 'ready');
    return client;
  };

  async function accountWithTicket() {
    const account = await createAccount(db(), { externalId: `acct-${randomBytes(4).toString('hex')}` });
    const alice = await createContact(db(), { accountId: account.id, firstname: 'Alice' });
    const bob = await createContact(db(), { accountId: account.id, firstname: 'Bob' });
    const ticket = await createTicket(db(), { accountId: account.id, externalId: `T-${randomBytes(4).toString('hex')}`, assignedContactId: alice.id });
    let n = 0;
    // Through the other instance.
    const pushReply = () =>
      two.app.inject({
        method: 'PUT',
        url: `/api/provider/v1/accounts/${account.externalId}/tickets/${ticket.externalId}/entries/E-${(n += 1)}`,
        headers: keyHeader(key),
        payload: { author_name: 'Tom Tech', author_email: 'tom@provider.example', content: 'Fixed.' },
      });
    return { account, alice, bob, ticket, pushReply };
  }

  it('brings a reply pushed on the other instance to the contact’s open stream within a second, and to no one else', async () => {
    const { alice, bob, ticket, pushReply } = await accountWithTicket();
    const aliceLogin = await signIn(one.app, alice.email);
    const mine = await stream(aliceLogin.access_token);
    const bobs = await stream((await signIn(one.app, bob.email)).access_token);
    const strangerAccount = await createAccount(db());
    const stranger = await createContact(db(), { accountId: strangerAccount.id, adminGroup: true });
    const strangers = await stream((await signIn(one.app, stranger.email)).access_token);

    const pushedAt = Date.now();
    expect((await pushReply()).statusCode).toBe(201);
    const ticketUpdate = await mine.waitFor((message) => message.type === 'ticket' && message.ticket_id === ticket.id);
    const notice = await mine.waitFor((message) => message.type === 'notification');
    expect(ticketUpdate.at - pushedAt).toBeLessThan(1_000);
    expect(notice.message).toMatchObject({ type: 'notification', unread_count: 1, notification: { link: `/tickets/${ticket.id}`, kind: 'ticket.reply' } });
    expect(notice.id).toBe(String((notice.message as { notification: { id: number } }).notification.id));

    // Bob is not assigned the ticket and is no administrator; the other account's administrator sees none of it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bobs.messages.map((received) => received.message.type)).toEqual(['ready']);
    expect(strangers.messages.map((received) => received.message.type)).toEqual(['ready']);
  });

  it('brings a technician’s files, attached to an entry through the other instance, to the open ticket; the audit log keeps them', async () => {
    const { account, alice, ticket, pushReply } = await accountWithTicket();
    expect((await pushReply()).statusCode).toBe(201);
    const mine = await stream((await signIn(one.app, alice.email)).access_token);
    const body = multipartBody([{ name: 'file', fileName: 'error-screen.png', data: PNG_1PX }]);
    const pushedAt = Date.now();
    const pushed = await two.app.inject({
      method: 'POST',
      url: `/api/provider/v1/accounts/${account.externalId}/tickets/${ticket.externalId}/entries/E-1/attachments`,
      headers: { ...keyHeader(key), ...body.headers },
      payload: body.payload,
    });
    expect(pushed.statusCode, pushed.body).toBe(201);
    const update = await mine.waitFor((message) => message.type === 'ticket' && message.ticket_id === ticket.id);
    expect(update.at - pushedAt).toBeLessThan(1_000);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.accountId, account.id), eq(auditLog.action, 'provider.ticket_entry_files_added')));
    expect(audit!.details).toMatchObject({ ticket_id: ticket.id, files: ['error-screen.png'] });
  });

  it('sends what a stream missed when it is opened again with Last-Event-ID', async () => {
    const { alice, pushReply } = await accountWithTicket();
    const token = (await signIn(one.app, alice.email)).access_token;
    const first = await stream(token);
    await pushReply();
    const seen = await first.waitFor((message) => message.type === 'notification');
    first.close();
    await pushReply();
    await pushReply();

    const again = await stream(token, Number(seen.id));
    const caughtUp = again.messages.filter((received) => received.message.type === 'notification');
    expect(caughtUp).toHaveLength(2);
    expect(caughtUp.every((received) => Number(received.id) > Number(seen.id))).toBe(true);
    expect(again.messages.at(-1)!.message).toEqual({ type: 'ready', unread_count: 3 });
  });

  it('tells no stream of a change that rolled back', async () => {
    const { account, alice, ticket } = await accountWithTicket();
    const mine = await stream((await signIn(one.app, alice.email)).access_token);
    await expect(
      inTransaction(two.database.db, async (tx) => {
        await two.container.events.record(tx, {
          type: 'ticket.replied',
          accountId: account.id,
          actor: SYSTEM,
          data: {
            ticket: {
              id: ticket.id,
              external_id: null,
              ticket_number: ticket.ticketNumber,
              subject: ticket.subject,
              status: ticket.status,
              priority: ticket.priority,
            },
            entry: { id: 1, created_by: 'Nobody', content: 'Never sent' },
            contact_id: alice.id,
            attachments: [],
          },
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mine.messages.map((received) => received.message.type)).toEqual(['ready']);
  });

  it('ends the stream of a session that signed out', async () => {
    const { alice } = await accountWithTicket();
    const login = await signIn(one.app, alice.email);
    const mine = await stream(login.access_token);
    const out = await two.app.inject({
      method: 'POST',
      url: '/api/crm/auth/logout',
      headers: { authorization: `Bearer ${login.access_token}` },
      payload: { refresh_token: login.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    await mine.waitFor((message) => message.type === 'end');
    await mine.ended;
    expect(mine.messages.at(-1)!.message).toEqual({ type: 'end', reason: 'signed_out' });
  });

  it('refuses a stream without a valid sign-in', async () => {
    const response = await fetch(`${url}/api/portal/events`, { headers: { authorization: 'Bearer nonsense' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toMatchObject({ errors: true });
  });
});
