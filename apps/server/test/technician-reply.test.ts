import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { webhookMessage } from '@portal/contract';
import { startBackgroundWork } from '../src/background/start-background-work.js';
import { auditLog, domainEvents, mailOutbox, webhookDeliveries } from '../src/db/schema/index.js';
import type { JobQueue } from '../src/platform/job-queue.js';
import { buildTestApp, type TestApp } from './app.js';
import { createAccount, createContact, createTicket } from './factories.js';
import { createTestApiKey, keyHeader } from './provider-keys.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

/** This file's receiver (loopback). */
const RECEIVER_PORT = 8417;
const V1 = '/api/provider/v1';

/**
 * One change end to end (docs/architecture.md, "The path of one change"): a technician's reply pushed through the
 * provider API is stored with its domain event; the consumers write its audit entry, its webhook and its mail in the
 * same transaction; the job queue, running as in every instance, sends the webhook and the mail.
 */
describe('a technician’s reply pushed through the provider API', () => {
  let test: TestApp;
  let jobs: JobQueue;
  let receiver: WebhookReceiver;
  let secret = '';
  let key: string;
  const db = () => test.database.db;

  beforeAll(async () => {
    test = await buildTestApp({ WEBHOOK_POLL_MS: '500' });
    receiver = await startWebhookReceiver(RECEIVER_PORT, () => secret);
    key = await createTestApiKey(db(), ['tickets:write', 'webhooks:write'], { name: 'PSA' });
    const endpoint = await test.app.inject({
      method: 'POST',
      url: `${V1}/webhook-endpoints`,
      headers: keyHeader(key),
      payload: { url: receiver.url, events: ['ticket.entry_pushed'] },
    });
    secret = endpoint.json().result.secret;
    jobs = await startBackgroundWork({ container: test.container, database: test.database, config: test.config, logger: test.container.logger });
  });
  afterAll(async () => {
    await jobs.stop(5_000);
    await receiver.close();
    await test.close();
  });

  async function ticketOfAContact() {
    const account = await createAccount(db(), { externalId: `acct-${Date.now()}` });
    const contact = await createContact(db(), { accountId: account.id, firstname: 'Carla' });
    const ticket = await createTicket(db(), {
      accountId: account.id,
      externalId: `T-${Date.now()}`,
      assignedContactId: contact.id,
      subject: 'Printer offline',
    });
    const push = (entryId: string, entry: object) =>
      test.app.inject({
        method: 'PUT',
        url: `${V1}/accounts/${account.externalId}/tickets/${ticket.externalId}/entries/${entryId}`,
        headers: keyHeader(key),
        payload: { author_name: 'Tom Tech', author_email: 'tom@provider.example', ...entry },
      });
    return { account, contact, ticket, push };
  }

  it('is stored, audited, sent to the webhook and mailed to the ticket’s contact, once', async () => {
    const { account, contact, ticket, push } = await ticketOfAContact();
    const pushed = await push('E-1', { content: '<p>I restarted the <b>print spooler</b>; it prints again.</p>' });
    expect(pushed.statusCode).toBe(201);
    const entryId = pushed.json().result.item.id as number;

    // The event, recorded with the change.
    const [event] = await db().select().from(domainEvents).where(eq(domainEvents.accountId, account.id));
    expect(event).toMatchObject({ type: 'ticket.entry_pushed', actor: { kind: 'provider', name: 'PSA' } });

    // The audit entry, as the provider's changes have always been audited, made from that event.
    const audit = await db().select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'provider.ticket_entry_created',
        actor: 'api-key:PSA',
        eventId: event!.id,
        details: expect.objectContaining({ ticket_id: ticket.id, entry_id: entryId, external_id: 'E-1' }),
      }),
    ]);

    // The webhook, sent by the job queue's worker and verified by the receiver, carrying the event's id.
    await receiver.waitFor(1, 10_000);
    const [received] = receiver.received;
    expect(received!.verified).toBe(true);
    expect(received!.headers['webhook-id']).toBe(event!.id);
    const message = webhookMessage.parse(JSON.parse(received!.body));
    expect(message).toMatchObject({
      type: 'ticket.entry_pushed',
      data: {
        account: { id: account.id, external_id: account.externalId },
        ticket: { id: ticket.id, external_id: ticket.externalId, subject: 'Printer offline' },
        entry: { id: entryId, external_id: 'E-1', created_by: 'Tom Tech', author_email: 'tom@provider.example' },
      },
    });
    await expect.poll(async () => (await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id)))[0]?.status).toBe('succeeded');

    // The mail to the ticket's contact, sent (printed: no SMTP here) by the job queue's worker.
    await expect
      .poll(async () => (await db().select().from(mailOutbox).where(eq(mailOutbox.eventId, event!.id))).map((mail) => [mail.toAddress, mail.status]), {
        timeout: 10_000,
      })
      .toEqual([[contact.email, 'logged']]);
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.eventId, event!.id));
    expect(mail!.subject).toBe(`New reply on ticket ${ticket.ticketNumber}: Printer offline`);
    expect(mail!.textBody).toContain('Hello Carla,');
    expect(mail!.textBody).toContain('I restarted the print spooler; it prints again.');
    expect(mail!.textBody).toContain(`http://portal.test/tickets/${ticket.id}`);

    // The same push again changes nothing: no event, no second entry, webhook or mail.
    const again = await push('E-1', { content: '<p>I restarted the <b>print spooler</b>; it prints again.</p>' });
    expect(again.statusCode).toBe(200);
    expect(await db().select().from(domainEvents).where(eq(domainEvents.accountId, account.id))).toHaveLength(1);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, contact.email))).toHaveLength(1);
    expect(receiver.received).toHaveLength(1);
  });

  it('a private note is audited, and neither sent to webhooks nor mailed', async () => {
    const { account, contact, push } = await ticketOfAContact();
    const before = receiver.received.length;
    expect((await push('N-1', { content: 'Customer sounded annoyed; call back before noon.', visible_to_customer: false })).statusCode).toBe(201);
    const [event] = await db().select().from(domainEvents).where(eq(domainEvents.accountId, account.id));
    expect(
      await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.eventId, event!.id), eq(auditLog.action, 'provider.ticket_entry_created'))),
    ).toHaveLength(1);
    expect(await db().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventId, event!.id))).toEqual([]);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, contact.email))).toEqual([]);
    expect(receiver.received).toHaveLength(before);
  });
});
