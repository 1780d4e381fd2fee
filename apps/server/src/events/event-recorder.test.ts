import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { createAccount, createContact, createTicket } from '../../test/factories.js';
import { auditLog, domainEvents, mailOutbox, webhookEvents } from '../db/schema/index.js';
import { inTransaction } from '../db/transaction.js';
import { portalConsumers } from '../consumers/index.js';
import type { DomainEvent } from './domain-event.js';

/** The guarantees every consumer relies on (decision 0041). */
describe('domain events', () => {
  let test: TestApp;
  const db = () => test.database.db;

  beforeAll(async () => {
    test = await buildTestApp();
    await test.container.webhooks.create({ url: 'http://127.0.0.1:9/unused', events: ['ticket.entry_pushed'] });
  });
  afterAll(() => test.close());

  /** A technician's reply on a fresh ticket: one event that every consumer acts on (audit, webhook, mail). */
  async function technicianReply() {
    const account = await createAccount(db());
    const contact = await createContact(db(), { accountId: account.id });
    const ticket = await createTicket(db(), { accountId: account.id, assignedContactId: contact.id });
    return {
      account,
      contact,
      event: {
        type: 'ticket.entry_pushed' as const,
        accountId: account.id,
        actor: { kind: 'provider' as const, api_key_id: 1, name: 'PSA' },
        data: {
          ticket: {
            id: ticket.id,
            external_id: null,
            ticket_number: ticket.ticketNumber,
            subject: ticket.subject,
            status: ticket.status,
            priority: ticket.priority,
          },
          entry: {
            id: 1,
            external_id: 'E-1',
            created_by: 'Tom Tech',
            author_email: 'tom@provider.example',
            content: 'Fixed.',
            is_internal: false,
            visible_to_customer: true,
          },
          created: true,
          notify: { contact_id: contact.id, email: contact.email, firstname: contact.firstname },
        },
      },
    };
  }

  const jobsOf = async (queue: string) =>
    (await db().execute<{ count: number }>(sql`SELECT count(*)::int AS count FROM pgboss.job WHERE name = ${queue}`)).rows[0]!.count;

  it('a committed event reaches every consumer in its transaction, with the jobs that send', async () => {
    const { account, contact, event } = await technicianReply();
    const [mailJobs, webhookJobs] = [await jobsOf('mail-delivery'), await jobsOf('webhook-delivery')];
    const recorded = await inTransaction(db(), (tx) => test.container.events.record(tx, event));
    expect(await db().select().from(domainEvents).where(eq(domainEvents.id, recorded.id))).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.eventId, recorded.id))).toHaveLength(1);
    expect(await db().select().from(webhookEvents).where(eq(webhookEvents.id, recorded.id))).toHaveLength(1);
    expect((await db().select().from(mailOutbox).where(eq(mailOutbox.eventId, recorded.id))).map((mail) => mail.toAddress)).toEqual([contact.email]);
    expect([await jobsOf('mail-delivery'), await jobsOf('webhook-delivery')]).toEqual([mailJobs + 1, webhookJobs + 1]);
    expect(recorded.accountId).toBe(account.id);
  });

  it('a change rolled back leaves no event, no consumer’s work and no job', async () => {
    const { account, event } = await technicianReply();
    const [mailJobs, webhookJobs] = [await jobsOf('mail-delivery'), await jobsOf('webhook-delivery')];
    await expect(
      inTransaction(db(), async (tx) => {
        await test.container.events.record(tx, event);
        throw new Error('the command failed after recording');
      }),
    ).rejects.toThrow('the command failed after recording');
    expect(await db().select().from(domainEvents).where(eq(domainEvents.accountId, account.id))).toEqual([]);
    expect(await db().select().from(auditLog).where(eq(auditLog.accountId, account.id))).toEqual([]);
    expect(await db().select().from(webhookEvents).where(eq(webhookEvents.accountId, account.id))).toEqual([]);
    expect([await jobsOf('mail-delivery'), await jobsOf('webhook-delivery')]).toEqual([mailJobs, webhookJobs]);
  });

  it('every consumer is idempotent by event id: the same event consumed twice writes its work once', async () => {
    const { contact, event } = await technicianReply();
    const recorded = await inTransaction(db(), (tx) => test.container.events.record(tx, event));
    const again: DomainEvent = { ...recorded };
    const consumers = portalConsumers({ mailer: test.container.mailer, config: test.config, unsubscribeLinks: test.container.unsubscribeLinks });
    await inTransaction(db(), async (tx) => {
      for (const consumer of consumers) await consumer.consume(tx, again as never);
    });
    expect(await db().select().from(auditLog).where(eq(auditLog.eventId, recorded.id))).toHaveLength(1);
    expect(await db().select().from(webhookEvents).where(eq(webhookEvents.id, recorded.id))).toHaveLength(1);
    expect(await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, contact.email))).toHaveLength(1);
  });

  it('keeps only the fields the catalogue names and never its secrets, and refuses data of the wrong shape', async () => {
    const { event } = await technicianReply();
    const recorded = await inTransaction(db(), (tx) =>
      test.container.events.record(tx, {
        ...event,
        data: { ...event.data, entry: { ...event.data.entry, password: 'hunter2' } as typeof event.data.entry },
        secrets: { link: 'https://portal.test/accept-invite?token=one-time-secret' },
      }),
    );
    const [row] = await db().select().from(domainEvents).where(eq(domainEvents.id, recorded.id));
    expect(JSON.stringify(row)).not.toContain('hunter2');
    expect(JSON.stringify(row)).not.toContain('one-time-secret');
    await expect(
      inTransaction(db(), (tx) => test.container.events.record(tx, { ...event, data: { ...event.data, created: 'yes' as unknown as boolean } })),
    ).rejects.toThrow();
  });
});
