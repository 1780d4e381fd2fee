import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIRECT_DOWNLOAD_TOKEN, webhookEventData, webhookMessage, type WebhookEventType } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { createTestDatabase } from '../../../test/database.js';
import { createAccount, createContact, createTicket } from '../../../test/factories.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/index.js';
import type { DatabaseHandle } from '../../db/client.js';
import { billingAccounts, credentials, supportTools, tickets, webhookDeliveries, webhookEvents } from '../../db/schema/index.js';
import { createMailer } from '../../platform/mail.js';
import { createMailOutbox } from '../../db/mail-outbox.repository.js';
import { createLogger } from '../../platform/logger.js';
import { createSecretBox, createVaultKeyRing } from '../../platform/secret-box.js';
import { SYSTEM_ACTOR, recordEvent } from './webhook-events.repository.js';
import { runWebhookCommand } from './webhooks.cli.js';
import { claimDueDeliveries } from './webhooks.repository.js';
import { createWebhooksService, PRIVATE_URL_REFUSED, resealWebhookSecrets } from './webhooks.service.js';

/** The ports this file's receivers listen on (loopback). */
const RECEIVER_PORT = 8360;
const secrets = { TOKEN_SECRET: randomBytes(32).toString('hex'), VAULT_KEY: randomBytes(32).toString('base64') };
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  PUBLIC_URL: 'http://portal.test',
  API_REQUESTS_PER_MINUTE: '100000',
  WEBHOOK_TIMEOUT_MS: '2000',
  ...secrets,
});
const logger = createLogger('silent');

/** One server instance on the given database, as server.ts builds it (without listening); closing it leaves the database. */
async function instance(database: DatabaseHandle): Promise<FastifyInstance> {
  const mailer = createMailer({ outbox: createMailOutbox(database.db), smtpUrl: undefined, from: config.mail.from, log: logger, print: () => undefined });
  const app = await buildApp({ config, database, logger, mailer, webDistDir: '/nonexistent' });
  await app.ready();
  return app;
}

let database: DatabaseHandle;
let app: FastifyInstance;
let receiver: WebhookReceiver;
let secret = '';
const db = () => database.db;
const service = () => createWebhooksService({ db: db(), vault: createVaultKeyRing(config.secrets.vaultKey), allowPrivateUrls: true });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await instance(database);
  receiver = await startWebhookReceiver(RECEIVER_PORT, () => secret);
});
afterAll(async () => {
  await receiver.close();
  await app.close();
  await database.close();
});
beforeEach(async () => {
  // Each test starts with no endpoints and nothing queued; events of earlier tests stay (they are not delivered again).
  await db().execute(sql`DELETE FROM webhook_endpoints`);
  receiver.received.length = 0;
  receiver.answers.length = 0;
  receiver.delayMs = 0;
});

async function subscribe(events: WebhookEventType[], url = receiver.url) {
  const created = await service().create({ url, events, description: 'PSA sync' });
  secret = created.secret;
  return created;
}

async function signedInAdmin() {
  const account = await createAccount(db());
  const admin = await createContact(db(), { accountId: account.id, adminGroup: true, billingGroup: true, firstname: 'Ada', lastname: 'Admin' });
  const token = (await signIn(app, admin.email)).access_token;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    app.inject({ method, url: `/api${url}`, headers: { ...bearer(token), ...headers }, payload });
  return { account, admin, token, call };
}

const eventsOf = (accountId: number) => db().select().from(webhookEvents).where(eq(webhookEvents.accountId, accountId)).orderBy(webhookEvents.createdAt);

describe('signing, verified by a receiver with the Standard Webhooks library', () => {
  it('delivers a ticket.created message the receiver verifies, with the event id as webhook-id', async () => {
    const endpoint = await subscribe(['ticket.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const { account, admin, call } = await signedInAdmin();
    const created = await call('POST', '/crm/nable-tickets', { subject: 'Printer on fire', description: 'Third floor', priority: 'high' });
    expect(created.statusCode).toBe(201);

    expect(await app.webhookWorker.runOnce()).toEqual({ succeeded: 1, failed: 0 });
    const [message] = receiver.received;
    expect(message).toMatchObject({ verified: true });
    const [event] = await eventsOf(account.id);
    expect(message!.headers['webhook-id']).toBe(event!.id);
    expect(message!.headers['content-type']).toBe('application/json');
    const body = webhookMessage.parse(JSON.parse(message!.body));
    expect(body.type).toBe('ticket.created');
    expect(body.data).toMatchObject({
      account: { id: account.id, external_id: null, name: account.name, billing_id: account.billingApiId },
      // Opened in the portal: the provider's systems have no id of the ticket (nor of this contact, added by hand).
      ticket: { external_id: null, subject: 'Printer on fire', priority: 'high', status: 'New', description: 'Third floor' },
      by: { contact_id: admin.id, contact_external_id: null, email: admin.email, impersonated_by: null },
    });
  });

  it('the receiver refuses a forged body, a wrong secret and a replay with an old timestamp', async () => {
    await subscribe(['ticket.created']);
    const { call } = await signedInAdmin();
    await call('POST', '/crm/nable-tickets', { subject: 'Genuine', description: 'A real one' });
    await app.webhookWorker.runOnce();
    const genuine = receiver.received[0]!;
    expect(genuine.verified).toBe(true);
    const post = (headers: Record<string, string>, body: string) =>
      fetch(receiver.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    const headersOf = (m: typeof genuine) => ({
      'webhook-id': String(m.headers['webhook-id']),
      'webhook-timestamp': String(m.headers['webhook-timestamp']),
      'webhook-signature': String(m.headers['webhook-signature']),
    });

    const forged = await post(headersOf(genuine), genuine.body.replace('Genuine', 'Forged!'));
    expect(forged.status).toBe(401);
    expect(receiver.received[1]).toMatchObject({ verified: false, refusal: 'No matching signature found' });

    const otherSecret = new Webhook(`whsec_${randomBytes(32).toString('base64')}`);
    const now = new Date();
    const wrongKey = await post(
      {
        ...headersOf(genuine),
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': otherSecret.sign(String(genuine.headers['webhook-id']), now, genuine.body),
      },
      genuine.body,
    );
    expect(wrongKey.status).toBe(401);

    // A captured message replayed ten minutes later: correctly signed, but the timestamp is outside the tolerance.
    const old = new Date(Date.now() - 10 * 60 * 1000);
    const replay = await post(
      {
        'webhook-id': String(genuine.headers['webhook-id']),
        'webhook-timestamp': String(Math.floor(old.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(String(genuine.headers['webhook-id']), old, genuine.body),
      },
      genuine.body,
    );
    expect(replay.status).toBe(401);
    expect(receiver.received.at(-1)).toMatchObject({ verified: false, refusal: 'Message timestamp too old' });
  });
});

describe('retries', () => {
  it('tries again after the receiver fails: two attempts recorded, then succeeded', async () => {
    const endpoint = await subscribe(['ticket.created']);
    receiver.answers.push(500);
    const { call } = await signedInAdmin();
    await call('POST', '/crm/nable-tickets', { subject: 'Retry me', description: 'Please' });

    expect(await app.webhookWorker.runOnce()).toEqual({ succeeded: 0, failed: 1 });
    let [delivery] = await service().deliveries({ endpointId: endpoint.id });
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 1, last_status_code: 500 });
    expect(delivery!.last_error).toMatch(/^HTTP 500: refused with 500/);
    // The first wait is 5 s (± 20 %): nothing is due before it ends.
    const wait = Date.parse(delivery!.next_attempt_at!) - Date.parse(delivery!.attempts[0]!.attempted_at);
    expect(wait).toBeGreaterThan(3_500);
    expect(wait).toBeLessThan(6_500);
    expect(await app.webhookWorker.runOnce()).toEqual({ succeeded: 0, failed: 0 });

    // The wait passes.
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, delivery!.id));
    expect(await app.webhookWorker.runOnce()).toEqual({ succeeded: 1, failed: 0 });
    [delivery] = await service().deliveries({ endpointId: endpoint.id });
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 2, last_status_code: 200, last_error: null, next_attempt_at: null });
    expect(delivery!.attempts.map((a) => a.status_code)).toEqual([500, 200]);
    // Both attempts carried the same event id and body; each its own timestamp and signature.
    expect(receiver.received.map((m) => m.headers['webhook-id'])).toEqual([delivery!.event_id, delivery!.event_id]);
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);
  });

  it('records a refused connection and, a day after the event, gives up (dead); a retry by hand sends it once more', async () => {
    const endpoint = await subscribe(['ticket.created'], `http://127.0.0.1:${RECEIVER_PORT + 1}/nobody-listens`);
    const { call } = await signedInAdmin();
    await call('POST', '/crm/nable-tickets', { subject: 'Lost', description: 'Nobody home' });
    await app.webhookWorker.runOnce();
    let [delivery] = await service().deliveries({ endpointId: endpoint.id });
    expect(delivery).toMatchObject({ status: 'failed', attempt_count: 1, last_status_code: null });
    expect(delivery!.last_error).toMatch(/ECONNREFUSED/);

    await db().execute(sql`UPDATE webhook_events SET created_at = now() - interval '25 hours' WHERE id = ${delivery!.event_id}`);
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, delivery!.id));
    await app.webhookWorker.runOnce();
    [delivery] = await service().deliveries({ endpointId: endpoint.id, status: 'dead' });
    expect(delivery).toMatchObject({ status: 'dead', attempt_count: 2, next_attempt_at: null });

    await service().retry(delivery!.id);
    expect((await service().deliveries({ endpointId: endpoint.id }))[0]).toMatchObject({ status: 'failed' });
    await app.webhookWorker.runOnce();
    expect((await service().deliveries({ endpointId: endpoint.id }))[0]).toMatchObject({ status: 'dead', attempt_count: 3 });
  });
});

describe('the queue across restarts and instances', () => {
  it('loses no delivery across a restart: written by one instance, delivered by the next', async () => {
    await subscribe(['ticket.created']);
    const first = await instance(database);
    const { account, admin } = await signedInAdmin();
    const token = (await signIn(first, admin.email)).access_token;
    await first.inject({ method: 'POST', url: '/api/crm/nable-tickets', headers: bearer(token), payload: { subject: 'Before the restart', description: 'x' } });
    await first.close();
    expect(receiver.received).toHaveLength(0);

    const second = await instance(database);
    try {
      expect(await second.webhookWorker.runOnce()).toEqual({ succeeded: 1, failed: 0 });
    } finally {
      await second.close();
    }
    const [event] = await eventsOf(account.id);
    expect(receiver.received.map((m) => m.headers['webhook-id'])).toEqual([event!.id]);
  });

  it('an instance that stops finishes and records the attempt in flight', async () => {
    const endpoint = await subscribe(['ticket.created']);
    receiver.delayMs = 400;
    const polling = await instance(database);
    const { call } = await signedInAdmin();
    await call('POST', '/crm/nable-tickets', { subject: 'In flight', description: 'x' });
    const draining = polling.webhookWorker.drain();
    await receiver.waitFor(1);
    await polling.close();
    await draining;
    const [delivery] = await service().deliveries({ endpointId: endpoint.id });
    expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 1 });
    expect(delivery!.attempts[0]!.duration_ms).toBeGreaterThanOrEqual(350);
  });

  it('a claim whose instance died is taken again once its lease ends (at least once)', async () => {
    const endpoint = await subscribe(['ticket.created']);
    const { call } = await signedInAdmin();
    await call('POST', '/crm/nable-tickets', { subject: 'Orphaned', description: 'x' });
    const [claimed] = await claimDueDeliveries(db(), 10, 60_000);
    expect(claimed).toBeDefined();
    // The claiming instance is gone; within the lease nobody else takes it.
    expect(await app.webhookWorker.runOnce()).toEqual({ succeeded: 0, failed: 0 });
    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1) })
      .where(eq(webhookDeliveries.id, claimed!.id));
    expect(await app.webhookWorker.runOnce()).toEqual({ succeeded: 1, failed: 0 });
    expect((await service().deliveries({ endpointId: endpoint.id }))[0]).toMatchObject({ status: 'succeeded', attempt_count: 2 });
  });

  it('two instances draining one queue deliver each delivery exactly once', async () => {
    await subscribe(['ticket.created']);
    const { account } = await signedInAdmin();
    const count = 40;
    await db().transaction(async (tx) => {
      for (let i = 0; i < count; i += 1)
        await recordEvent(tx, {
          type: 'ticket.created',
          accountId: account.id,
          data: {
            ticket: { id: i, external_id: null, ticket_number: `TKT-${i}`, subject: `Bulk ${i}`, status: 'New', priority: 'low', description: 'x' },
            attachments: [],
            by: SYSTEM_ACTOR,
          },
        });
    });
    receiver.delayMs = 5;
    const other = await instance(database);
    try {
      const drain = async (worker: FastifyInstance['webhookWorker']) => {
        let sent = 0;
        for (let summary = await worker.runOnce(); summary.succeeded > 0; summary = await worker.runOnce()) sent += summary.succeeded;
        return sent;
      };
      const [mine, theirs] = await Promise.all([drain(app.webhookWorker), drain(other.webhookWorker)]);
      expect(mine + theirs).toBe(count);
      expect(mine).toBeGreaterThan(0);
      expect(theirs).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
    const ids = receiver.received.map((m) => m.headers['webhook-id']);
    expect(ids).toHaveLength(count);
    expect(new Set(ids).size).toBe(count);
  });
});

describe('the outbox is written in the transaction of the change', () => {
  it('a change that rolls back leaves no event and no delivery', async () => {
    await subscribe(['ticket.created']);
    const { account, admin } = await signedInAdmin();
    await expect(
      db().transaction(async (tx) => {
        const [{ id }] = (await tx
          .insert(tickets)
          .values({
            accountId: account.id,
            ticketNumber: 'TKT-9',
            subject: 'Never',
            description: 'x',
            priority: 'low',
            status: 'New',
            assignedContactId: admin.id,
          })
          .returning({ id: tickets.id })) as [{ id: number }];
        await recordEvent(tx, {
          type: 'ticket.created',
          accountId: account.id,
          data: {
            ticket: { id, external_id: null, ticket_number: 'TKT-9', subject: 'Never', status: 'New', priority: 'low', description: 'x' },
            attachments: [],
            by: { contact_id: admin.id, contact_external_id: null, email: admin.email, impersonated_by: null },
          },
        });
        throw new Error('the change fails after the event was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await eventsOf(account.id)).toEqual([]);
    expect(await service().deliveries()).toEqual([]);
  });

  it('a reply the service refuses (closed ticket) records no event', async () => {
    await subscribe(['ticket.reply', 'payment.failed']);
    const { account, admin, call } = await signedInAdmin();
    const closed = await createTicket(db(), { accountId: account.id, status: 'Complete', assignedContactId: admin.id });
    expect((await call('POST', `/crm/nable-tickets/${closed.id}`, { description: 'Too late' })).statusCode).toBe(409);
    expect(await eventsOf(account.id)).toEqual([]);
  });

  it('fans out only to enabled endpoints subscribed to the type', async () => {
    const tickets = await subscribe(['ticket.created']);
    const replies = await service().create({ url: receiver.url, events: ['ticket.reply'] });
    const disabled = await service().create({ url: receiver.url, events: ['ticket.created'] });
    await service().setEnabled(disabled.id, false);
    const { call } = await signedInAdmin();
    await call('POST', '/crm/nable-tickets', { subject: 'Fan out', description: 'x' });
    const deliveries = await service().deliveries();
    expect(deliveries.map((d) => d.endpoint_id)).toEqual([tickets.id]);
    expect(await service().deliveries({ endpointId: replies.id })).toEqual([]);
  });
});

describe('every event type comes from the customer’s real action', () => {
  // ticket.entry_pushed reports the provider's own push (decision 0041); provider-webhooks.test.ts drives it.
  const ALL = Object.fromEntries(Object.entries(webhookEventData).filter(([type]) => type !== 'ticket.entry_pushed')) as Omit<
    typeof webhookEventData,
    'ticket.entry_pushed'
  >;
  it('emits each type over HTTP with a payload of the contract’s shape and no secret in it', async () => {
    await subscribe(Object.keys(ALL) as WebhookEventType[]);
    const { account, admin, call } = await signedInAdmin();
    const billingId = account.billingApiId!;
    await db().insert(billingAccounts).values({ id: billingId, accountId: account.id, balance: 500 });
    const year = String(new Date().getUTCFullYear() + 1);
    const pay = (number: string) =>
      call(
        'POST',
        `/billing/account/${billingId}/payments/creditcard`,
        { payment: { amount: 50, cc_first_name: 'Ada', cc_last_name: 'Admin', cc_num: number, cc_exp_month: '01', cc_exp_year: year, cc_type: 'visa' } },
        { 'idempotency-key': randomUUID() },
      );
    const box = createSecretBox(config.secrets.vaultKey);
    const [credential] = await db()
      .insert(credentials)
      .values({ accountId: account.id, serviceName: 'Edge firewall', username: 'root', passwordSealed: box.seal('hunter2-secret'), keyId: box.id })
      .returning();
    const [tool] = await db()
      .insert(supportTools)
      .values({ name: `Remote help ${Date.now()}`, description: 'x', type: 'diagnostic', platforms: ['windows'], fileSize: '1 MB' })
      .returning();

    const steps: Array<[WebhookEventType, () => Promise<{ statusCode: number }>]> = [
      ['ticket.created', () => call('POST', '/crm/nable-tickets', { subject: 'VPN down', description: 'Since 9am' })],
      [
        'ticket.reply',
        async () =>
          call('POST', `/crm/nable-tickets/${(await createTicket(db(), { accountId: account.id, assignedContactId: admin.id })).id}`, {
            description: 'Any news?',
          }),
      ],
      [
        'ticket.resolved_by_customer',
        async () =>
          call('POST', `/crm/nable-tickets/${(await createTicket(db(), { accountId: account.id, assignedContactId: admin.id })).id}/resolve`, {
            note: 'Works now',
          }),
      ],
      [
        'ticket.reopened_by_customer',
        async () =>
          call(
            'POST',
            `/crm/nable-tickets/${(await createTicket(db(), { accountId: account.id, assignedContactId: admin.id, customerResolvedAt: new Date() })).id}/reopen`,
          ),
      ],
      [
        'ticket.rated',
        async () =>
          call(
            'PUT',
            `/crm/nable-tickets/${(await createTicket(db(), { accountId: account.id, assignedContactId: admin.id, status: 'Complete' })).id}/rating`,
            {
              score: 5,
            },
          ),
      ],
      ['profile.changed', () => call('PATCH', '/portal/my-profile', { firstname: 'Adah', lastname: 'Admin', email: admin.email, timezone: 'US/Pacific' })],
      ['contact.created', () => call('POST', '/crm/contacts', { user: { firstname: 'Nia', lastname: 'New', email: `nia.${randomUUID()}@example.test` } })],
      ['payment.succeeded', () => pay('4242424242424242')],
      ['payment.failed', () => pay('4000000000000002')],
      [
        'card.stored',
        () =>
          call('PATCH', `/billing/account/${billingId}`, {
            credit_card_info: { first_name: 'Ada', last_name: 'Admin', number: '4242424242424242', exp_month: '01', exp_year: year, type: 'visa' },
          }),
      ],
      ['autopay.changed', () => call('PATCH', `/billing/account/${billingId}`, { automatic_payments: true })],
      ['card.removed', () => call('DELETE', `/billing/account/${billingId}/payments/creditcard`)],
      ['support_tool.downloaded', () => call('POST', '/crm/support-tools/download', { tool_id: tool!.id, download_token: DIRECT_DOWNLOAD_TOKEN })],
      ['credential.revealed', () => call('POST', `/crm/credentials/${credential!.id}/reveal`, { purpose: 'copy' })],
    ];
    for (const [type, step] of steps) {
      const before = (await eventsOf(account.id)).length;
      const response = await step();
      expect([200, 201, 402], `${type}: HTTP ${response.statusCode}`).toContain(response.statusCode);
      const written = (await eventsOf(account.id)).slice(before).map((e) => e.type);
      expect(written, type).toContain(type);
    }
    const contact = (await eventsOf(account.id)).find((e) => e.type === 'contact.created')!.payload as { data: { contact: { id: number } } };
    expect((await call('DELETE', `/crm/contacts/${contact.data.contact.id}`)).statusCode).toBe(200);

    const events = await eventsOf(account.id);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(Object.keys(ALL)));
    for (const event of events) {
      const message = webhookMessage.parse(event.payload);
      expect(message.data.account).toEqual({ id: account.id, external_id: null, name: account.name, billing_id: billingId });
      webhookEventData[message.type].parse(message.data);
      const text = JSON.stringify(event.payload);
      for (const secretValue of ['4242424242424242', '4000000000000002', 'hunter2-secret', 'tok_sandbox', 'password']) expect(text).not.toContain(secretValue);
    }
    // Removing the card with auto-pay on turned auto-pay off too, and said so.
    expect(
      events.filter((e) => e.type === 'autopay.changed').map((e) => (e.payload as { data: { automatic_payments: boolean } }).data.automatic_payments),
    ).toEqual([true, false]);

    expect(await app.webhookWorker.runOnce()).toEqual({ succeeded: 10, failed: 0 });
    expect(await app.webhookWorker.runOnce()).toEqual({ succeeded: events.length - 10, failed: 0 });
    expect(receiver.received.every((m) => m.verified)).toBe(true);
  });
});

describe('endpoints', () => {
  it('refuses other schemes and credentials in the URL, unknown events, and (when configured) private addresses', async () => {
    for (const url of ['ftp://example.com/hook', 'file:///etc/passwd', 'https://user:pass@example.com/hook', 'not a url']) {
      await expect(service().create({ url, events: ['ticket.created'] })).rejects.toMatchObject({
        code: 'validation_failed',
        fields: { url: expect.any(String) },
      });
    }
    await expect(service().create({ url: 'https://example.com/hook', events: [] })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(service().create({ url: 'https://example.com/hook', events: ['ticket.exploded' as never] })).rejects.toMatchObject({
      fields: { 'events.0': expect.stringMatching(/Unknown event type/) },
    });
    const strict = createWebhooksService({ db: db(), vault: createVaultKeyRing(config.secrets.vaultKey), allowPrivateUrls: false });
    for (const url of ['http://127.0.0.1:8360/', 'http://localhost/', 'http://10.1.2.3/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data']) {
      await expect(strict.create({ url, events: ['ticket.created'] })).rejects.toMatchObject({ message: PRIVATE_URL_REFUSED });
    }
    expect(await strict.create({ url: 'https://psa.example.com/hooks', events: ['ticket.created'] })).toMatchObject({ enabled: true });
  });

  it('keeps the secret sealed: the stored row holds no secret in plain text', async () => {
    const created = await subscribe(['ticket.created']);
    const { rows } = await database.pool.query('SELECT t::text AS row FROM webhook_endpoints t WHERE id = $1', [created.id]);
    expect(rows[0].row).not.toContain(created.secret.slice('whsec_'.length, 30));
    expect(await service().list()).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);
  });

  it('vault-rekey seals the secrets again under a new key; the receiver’s secret keeps working', async () => {
    const created = await subscribe(['ticket.created']);
    const newKey = randomBytes(32);
    const rotated = createVaultKeyRing(newKey, [config.secrets.vaultKey]);
    expect(await resealWebhookSecrets(db(), rotated)).toBe(1);
    expect(await resealWebhookSecrets(db(), rotated)).toBe(0);
    const { rows } = await database.pool.query('SELECT secret_sealed, secret_key_id FROM webhook_endpoints WHERE id = $1', [created.id]);
    expect(rows[0].secret_key_id).toBe(rotated.current.id);
    expect(createVaultKeyRing(newKey).open(rows[0].secret_sealed, rows[0].secret_key_id)).toBe(created.secret);
  });

  it('the command line creates, lists, disables, lists deliveries with attempts, retries and deletes', async () => {
    const output: string[] = [];
    const io = { out: (text: string) => output.push(text), err: (text: string) => output.push(`ERR ${text}`) };
    const run = async (...args: string[]) => {
      output.length = 0;
      const code = await runWebhookCommand(service(), args, io);
      return { code, text: output.join('') };
    };
    const created = await run('create', '--url', receiver.url, '--events', 'ticket.created, ticket.reply', '--description', 'PSA');
    expect(created.code).toBe(0);
    secret = /whsec_\S+/.exec(created.text)![0];
    const id = Number(/#(\d+)/.exec(created.text)![1]);
    expect((await run('list')).text).toMatch(new RegExp(`#${id}\\s+enabled.*PSA[\\s\\S]*events: ticket.created, ticket.reply`));
    expect((await run('list')).text).not.toContain('whsec_');

    const { call } = await signedInAdmin();
    receiver.answers.push(503);
    await call('POST', '/crm/nable-tickets', { subject: 'CLI', description: 'x' });
    await app.webhookWorker.runOnce();
    const listed = await run('deliveries', '--status', 'failed');
    expect(listed.text).toMatch(/#(\d+)\s+failed\s+ticket.created evt_\w+ → endpoint #\d+\s+\(1 attempt, next attempt /);
    expect(listed.text).toMatch(/\s503\s+\d+ ms\s+HTTP 503/);
    const deliveryId = /#(\d+)/.exec(listed.text)![1]!;
    expect((await run('retry', deliveryId)).code).toBe(0);
    await app.webhookWorker.runOnce();
    expect((await run('deliveries', '--endpoint', String(id))).text).toMatch(/succeeded .*\(2 attempts\)/);

    expect((await run('disable', String(id))).text).toContain('disabled');
    expect((await run('deliveries', '--status', 'bogus')).code).toBe(2);
    expect((await run('retry', '999999')).code).toBe(1);
    expect((await run('create', '--url', 'ftp://x', '--events', 'ticket.created')).text).toMatch(/^ERR The webhook URL must be/);
    expect((await run('delete', String(id))).code).toBe(0);
    expect((await run('list')).text).toMatch(/No webhook endpoints/);
  });
});
