import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { createdWebhookEndpoint, errorEnvelope, successEnvelope, webhookDelivery, webhookEndpoint, webhookEventData, webhookMessage } from '@portal/contract';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { bearer, signIn } from '../../../test/auth.js';
import { createAccount, createContact, createTicket } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver.js';
import { auditLog, webhookEvents } from '../../db/schema/index.js';

const V1 = '/api/provider/v1';
/** This file's receiver (loopback). */
const RECEIVER_PORT = 8411;
const endpointList = successEnvelope(z.object({ items: z.array(webhookEndpoint) }));
const deliveryList = successEnvelope(z.object({ items: z.array(webhookDelivery) }));

describe('provider API: webhook endpoints and deliveries', () => {
  let test: TestApp;
  let receiver: WebhookReceiver;
  let secret = '';
  let writeKey: string;
  let readKey: string;

  beforeAll(async () => {
    test = await buildTestApp();
    receiver = await startWebhookReceiver(RECEIVER_PORT, () => secret);
    writeKey = await createTestApiKey(test.database.db, ['webhooks:write'], { name: 'PSA hooks' });
    readKey = await createTestApiKey(test.database.db, ['webhooks:read', 'tickets:write'], { name: 'Read-only hooks' });
  });
  afterAll(async () => {
    await receiver.close();
    await test.close();
  });

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, key: string, payload?: object) =>
    test.app.inject({ method, url: `${V1}${url}`, headers: keyHeader(key), ...(payload && { payload }) });

  it('refuses every change to a key without webhooks:write (403), which may still read', async () => {
    const created = await call('POST', '/webhook-endpoints', writeKey, { url: 'https://hooks.example/refusals', events: ['ticket.created'] });
    const id = createdWebhookEndpoint.parse(created.json().result).id;

    const refusals = [
      await call('POST', '/webhook-endpoints', readKey, { url: 'https://hooks.example/other', events: ['ticket.reply'] }),
      await call('PATCH', `/webhook-endpoints/${id}`, readKey, { enabled: false }),
      await call('DELETE', `/webhook-endpoints/${id}`, readKey),
      await call('POST', `/webhook-deliveries/1/retry`, readKey),
    ];
    for (const refusal of refusals) {
      expect(refusal.statusCode).toBe(403);
      expect(errorEnvelope.parse(refusal.json()).message).toBe('This API key lacks the scope webhooks:write');
    }
    const read = await call('GET', `/webhook-endpoints/${id}`, readKey);
    expect(successEnvelope(webhookEndpoint).parse(read.json()).result).toMatchObject({ id, enabled: true, url: 'https://hooks.example/refusals' });
    // A tickets-only key reads no webhooks.
    const ticketsOnly = await createTestApiKey(test.database.db, ['tickets:write']);
    expect((await call('GET', '/webhook-endpoints', ticketsOnly)).statusCode).toBe(403);
  });

  it('registers an endpoint, lists it, delivers a customer reply to it and lists the delivery with its attempt', async () => {
    const db = test.database.db;
    const created = await call('POST', '/webhook-endpoints', writeKey, { url: receiver.url, events: ['ticket.reply'], description: 'PSA' });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = successEnvelope(createdWebhookEndpoint).parse(created.json()).result;
    expect(endpoint.secret).toMatch(/^whsec_/);
    secret = endpoint.secret;

    const listed = endpointList.parse((await call('GET', '/webhook-endpoints', writeKey)).json()).result.items;
    const mine = listed.find((item) => item.id === endpoint.id);
    expect(mine).toEqual({ id: endpoint.id, url: receiver.url, description: 'PSA', events: ['ticket.reply'], enabled: true, created_at: endpoint.created_at });
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);

    // A customer answers a ticket in the portal.
    const account = await createAccount(db);
    const customer = await createContact(db, { accountId: account.id, technicalGroup: true });
    const ticket = await createTicket(db, { accountId: account.id, assignedContactId: customer.id });
    const { access_token } = await signIn(test.app, customer.email);
    const reply = await test.app.inject({
      method: 'POST',
      url: `/api/crm/nable-tickets/${ticket.id}`,
      headers: bearer(access_token),
      payload: { description: 'Any news on this?' },
    });
    expect(reply.statusCode, reply.body).toBe(200);

    await test.app.webhookWorker.runOnce();
    await receiver.waitFor(1);
    const [message] = receiver.received;
    expect(message!.verified).toBe(true);
    const body = webhookMessage.parse(new Webhook(secret).verify(message!.body, message!.headers as Record<string, string>));
    expect(body).toMatchObject({
      type: 'ticket.reply',
      data: { account: { id: account.id }, ticket: { id: ticket.id }, entry: { content: 'Any news on this?' } },
    });

    const deliveries = deliveryList.parse((await call('GET', `/webhook-deliveries?endpoint_id=${endpoint.id}&status=succeeded`, readKey)).json()).result.items;
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      endpoint_id: endpoint.id,
      event_type: 'ticket.reply',
      account_id: account.id,
      status: 'succeeded',
      attempt_count: 1,
      last_status_code: 200,
    });
    expect(deliveries[0]!.event_id).toBe(message!.headers['webhook-id']);
    expect(deliveries[0]!.attempts).toEqual([expect.objectContaining({ status_code: 200, error: null })]);
    const pending = deliveryList.parse((await call('GET', `/webhook-deliveries?endpoint_id=${endpoint.id}&status=pending`, readKey)).json()).result.items;
    expect(pending).toEqual([]);

    // Retry makes it due now (an attempted delivery waits as `failed`) and sends the same event again.
    const retried = await call('POST', `/webhook-deliveries/${deliveries[0]!.id}/retry`, writeKey);
    const due = successEnvelope(webhookDelivery).parse(retried.json()).result;
    expect(due).toMatchObject({ id: deliveries[0]!.id, status: 'failed', attempt_count: 1 });
    expect(Date.parse(due.next_attempt_at!)).toBeLessThanOrEqual(Date.now());
    await test.app.webhookWorker.runOnce();
    await receiver.waitFor(2);
    expect(receiver.received[1]!.headers['webhook-id']).toBe(deliveries[0]!.event_id);
    const again = deliveryList.parse((await call('GET', `/webhook-deliveries?endpoint_id=${endpoint.id}`, readKey)).json()).result.items;
    expect(again[0]!.attempts).toHaveLength(2);

    // Disabled, then removed; each change is in the audit log under the key's name.
    const disabled = await call('PATCH', `/webhook-endpoints/${endpoint.id}`, writeKey, { enabled: false });
    expect(successEnvelope(webhookEndpoint).parse(disabled.json()).result.enabled).toBe(false);
    const removed = await call('DELETE', `/webhook-endpoints/${endpoint.id}`, writeKey);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/webhook-endpoints/${endpoint.id}`, writeKey)).statusCode).toBe(404);
    expect((await call('GET', `/webhook-deliveries?endpoint_id=${endpoint.id}`, writeKey)).statusCode).toBe(404);

    const audit = await db
      .select({ action: auditLog.action, actor: auditLog.actor, details: auditLog.details })
      .from(auditLog)
      .where(and(like(auditLog.action, 'provider.webhook%'), eq(auditLog.actor, 'api-key:PSA hooks')));
    const forThisEndpoint = audit.filter((row) => (row.details as { endpoint_id?: number }).endpoint_id === endpoint.id).map((row) => row.action);
    expect(forThisEndpoint).toEqual([
      'provider.webhook_endpoint_created',
      'provider.webhook_delivery_retried',
      'provider.webhook_endpoint_disabled',
      'provider.webhook_endpoint_deleted',
    ]);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('puts the provider’s external ids in the payloads: the pushed account, ticket and contact; null for a ticket opened in the portal', async () => {
    const db = test.database.db;
    const pushKey = await createTestApiKey(db, ['accounts:write', 'tickets:write'], { name: 'PSA push' });
    const pushed = await test.app.inject({ method: 'PUT', url: `${V1}/accounts/crm-hooks-1`, headers: keyHeader(pushKey), payload: { name: 'Hooks Ltd' } });
    expect(pushed.statusCode, pushed.body).toBe(201);
    const accountId = pushed.json().result.item.id as number;
    const ticket = await test.app.inject({
      method: 'PUT',
      url: `${V1}/accounts/crm-hooks-1/tickets/psa-hooks-7`,
      headers: keyHeader(pushKey),
      payload: { subject: 'Backups fail' },
    });
    expect(ticket.statusCode, ticket.body).toBe(201);
    // A contact the CRM pushed (made here with the factory, so it has a password to sign in with).
    const customer = await createContact(db, { accountId, externalId: 'crm-contact-3', adminGroup: true });
    const { access_token } = await signIn(test.app, customer.email);
    const portal = (url: string, payload: object) =>
      test.app.inject({ method: 'POST', url: `/api/crm/nable-tickets${url}`, headers: bearer(access_token), payload });

    expect((await portal(`/${ticket.json().result.item.id}`, { description: 'Still failing tonight.' })).statusCode).toBe(200);
    expect((await portal('', { subject: 'New printer', description: 'For the front desk.' })).statusCode).toBe(201);

    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.accountId, accountId)).orderBy(webhookEvents.createdAt);
    const [reply, opened] = events.map((event) => webhookMessage.parse(event.payload));
    expect(reply).toMatchObject({
      type: 'ticket.reply',
      data: {
        account: { id: accountId, external_id: 'crm-hooks-1', name: 'Hooks Ltd' },
        ticket: { external_id: 'psa-hooks-7', subject: 'Backups fail' },
        entry: { external_id: null, content: 'Still failing tonight.' },
        by: { contact_id: customer.id, contact_external_id: 'crm-contact-3' },
      },
    });
    expect(opened).toMatchObject({
      type: 'ticket.created',
      data: { account: { external_id: 'crm-hooks-1' }, ticket: { external_id: null, subject: 'New printer' }, by: { contact_external_id: 'crm-contact-3' } },
    });
    for (const message of [reply!, opened!]) webhookEventData[message.type].parse(message.data);
  });

  it('answers bad input with a 4xx in the envelope and writes nothing', async () => {
    const before = endpointList.parse((await call('GET', '/webhook-endpoints', writeKey)).json()).result.items.length;
    const cases = [
      await call('POST', '/webhook-endpoints', writeKey, { url: 'ftp://hooks.example/x', events: ['ticket.reply'] }),
      await call('POST', '/webhook-endpoints', writeKey, { url: 'https://hooks.example/x', events: [] }),
      await call('POST', '/webhook-endpoints', writeKey, { url: 'https://hooks.example/x', events: ['ticket.closed'] }),
      await call('PATCH', '/webhook-endpoints/1', writeKey, { enabled: 'yes' }),
      await call('GET', '/webhook-deliveries?status=lost', writeKey),
      await call('GET', '/webhook-deliveries?limit=201', writeKey),
      await call('GET', '/webhook-endpoints/99999999', writeKey),
      await call('POST', '/webhook-deliveries/99999999/retry', writeKey),
    ];
    expect(cases.map((response) => response.statusCode)).toEqual([400, 400, 400, 400, 400, 400, 404, 404]);
    for (const response of cases) expect(errorEnvelope.safeParse(response.json()).success).toBe(true);
    expect(endpointList.parse((await call('GET', '/webhook-endpoints', writeKey)).json()).result.items).toHaveLength(before);
  });
});
