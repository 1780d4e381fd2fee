import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { startBackgroundWork } from '../../background/start-background-work.js';
import { assets, billingAccounts, credentials, notifications } from '../../db/schema/index.js';
import type { JobQueue } from '../../platform/job-queue.js';
import { REMINDERS_CRON, REMINDERS_QUEUE } from './reminders.js';

/**
 * The reminders (issue 35, decision 0046) as the job queue runs them, on a clock the test moves: each due item is
 * told once, to whom it concerns, and an item coming into range on a later day is told that day.
 */
describe('reminders from the job queue, by the clock', () => {
  let test: TestApp;
  let jobs: JobQueue;
  let now = new Date('2026-06-10T12:00:00Z');
  const db = () => test.database.db;

  beforeAll(async () => {
    test = await buildTestApp();
    jobs = await startBackgroundWork({
      container: test.container,
      database: test.database,
      config: test.config,
      logger: test.container.logger,
      clock: () => now,
    });
  });
  afterAll(async () => {
    await jobs.stop(5_000);
    await test.close();
  });

  const titlesOf = async (contactId: number) =>
    (await db().select({ title: notifications.title }).from(notifications).where(eq(notifications.contactId, contactId))).map((row) => row.title).sort();

  it('is on the job queue’s hourly schedule', async () => {
    const { rows } = await test.database.pool.query('SELECT cron, options FROM pgboss.schedule WHERE name = $1', [REMINDERS_QUEUE]);
    expect(rows).toEqual([expect.objectContaining({ cron: REMINDERS_CRON })]);
  });

  it('sends each due reminder once, and a later one on its day', async () => {
    const account = await createAccount(db());
    const billing = await createContact(db(), { accountId: account.id, billingGroup: true });
    const admin = await createContact(db(), { accountId: account.id, adminGroup: true });
    const plain = await createContact(db(), { accountId: account.id });
    await db()
      .insert(billingAccounts)
      .values({
        id: `BA-${account.id}`,
        accountId: account.id,
        balance: 120,
        automaticPayments: true,
        billingCycleMonthDate: 12,
        cardLast4: '4242',
        cardType: 'visa',
        cardExpMonth: '07',
        cardExpYear: '2026',
        cardGatewayToken: 'tok_sandbox_reminders',
      });
    const asset = (name: string, warrantyExpires: string, status: 'active' | 'retired' = 'active') => ({
      accountId: account.id,
      name,
      type: 'laptop' as const,
      status,
      warrantyExpires,
    });
    await db()
      .insert(assets)
      .values([
        asset('Laptop A', '2026-07-10'),
        asset('Laptop B', '2026-07-11'),
        asset('Old laptop', '2026-06-20', 'retired'),
        asset('Laptop C', '2026-06-01'),
      ]);
    await db()
      .insert(credentials)
      .values([
        { accountId: account.id, serviceName: 'Router', expires: '2026-06-24' },
        { accountId: account.id, serviceName: 'Firewall', expires: '2026-06-25' },
      ]);

    const runAndWait = async (expected: { billing: number; admin: number }) => {
      await jobs.send(REMINDERS_QUEUE, {});
      await expect
        .poll(async () => [(await titlesOf(billing.id)).length, (await titlesOf(admin.id)).length], { timeout: 15_000 })
        .toEqual([expected.billing, expected.admin]);
    };

    await runAndWait({ billing: 2, admin: 2 });
    expect(await titlesOf(billing.id)).toEqual(['Automatic payment of $120.00 on Jun 12, 2026', 'Your stored card ending 4242 expires soon']);
    expect(await titlesOf(admin.id)).toEqual(['The stored credential Router expires on Jun 24, 2026', 'The warranty of Laptop A ends on Jul 10, 2026']);
    expect(await titlesOf(plain.id)).toEqual([]);

    // The same day again: nothing new.
    await jobs.send(REMINDERS_QUEUE, {});
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await titlesOf(billing.id)).length + (await titlesOf(admin.id)).length).toBe(4);

    // The next day, Laptop B's warranty and the Firewall's credential come into range; nothing is told twice.
    now = new Date('2026-06-11T12:00:00Z');
    await runAndWait({ billing: 2, admin: 4 });
    expect(await titlesOf(admin.id)).toContain('The warranty of Laptop B ends on Jul 11, 2026');
    expect(await titlesOf(admin.id)).toContain('The stored credential Firewall expires on Jun 25, 2026');
    const rows = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, account.id), eq(notifications.kind, 'warranty.expiring')));
    expect(rows.map((row) => row.link)).toEqual(['/it-assets', '/it-assets']);
  }, 60_000);
});
