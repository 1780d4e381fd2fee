import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { auditLog, billingAccounts, mailOutbox, payments } from '../../db/schema/index.js';
import { portalConsumers } from '../../consumers/index.js';
import { createMailOutbox } from '../../db/mail-outbox.repository.js';
import { createEventRecorder } from '../../events/event-recorder.js';
import { createLogger } from '../../platform/logger.js';
import { createMailer } from '../../platform/mail.js';
import { createSandboxGateway } from '../../platform/payment-gateway.js';
import { AUTOPAY_MAX_ATTEMPTS, createAutoPayRunner, currentCycle, decide } from './autopay.js';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(() => test.close());
const db = () => test.database.db;

/** A second runner on its own connections, as another portal instance would be. */
function anotherInstance() {
  const mailer = createMailer({ outbox: createMailOutbox(db()), smtpUrl: undefined, from: 'portal@test', log: createLogger('silent'), print: () => undefined });
  const events = createEventRecorder(portalConsumers({ mailer, config: test.config, unsubscribeLinks: test.container.unsubscribeLinks }));
  return createAutoPayRunner({ db: db(), gateway: createSandboxGateway({ secret: test.config.secrets.tokenSecret }), events });
}

async function autoPayAccount(token: string, balance = 300, cycleDay = 5) {
  const account = await createAccount(db());
  const payer = await createContact(db(), { accountId: account.id, billingGroup: true });
  await db().insert(billingAccounts).values({
    id: account.billingApiId!,
    accountId: account.id,
    balance,
    billingCycleMonthDate: cycleDay,
    automaticPayments: true,
    cardFirstName: 'Auto',
    cardLastName: 'Payer',
    cardLast4: '4242',
    cardType: 'visa',
    cardExpMonth: '01',
    cardExpYear: '2099',
    cardGatewayToken: token,
  });
  const paymentRows = () => db().select().from(payments).where(eq(payments.accountId, account.id)).orderBy(asc(payments.createdAt));
  const balanceNow = async () => (await db().select().from(billingAccounts).where(eq(billingAccounts.id, account.billingApiId!)))[0]!.balance;
  return { account, payer, paymentRows, balanceNow };
}

const CYCLE_DAY = new Date('2026-11-05T09:00:00Z');
const hoursLater = (from: Date, hours: number) => new Date(from.getTime() + hours * 3_600_000);

describe('the billing cycle', () => {
  it('is the latest cycle day on or before now; a 31st falls on the month’s last day', () => {
    expect(currentCycle(new Date('2026-11-24T00:00:00Z'), 5)).toEqual({ id: '2026-11', start: new Date('2026-11-05T00:00:00Z') });
    expect(currentCycle(new Date('2026-11-03T00:00:00Z'), 5)).toEqual({ id: '2026-10', start: new Date('2026-10-05T00:00:00Z') });
    expect(currentCycle(new Date('2026-02-28T10:00:00Z'), 31).start).toEqual(new Date('2026-02-28T00:00:00Z'));
    expect(currentCycle(new Date('2026-01-02T00:00:00Z'), 15).id).toBe('2025-12');
  });

  it('charges a new cycle within the catch-up days only, retries a failure after 20 hours, and stops after the last attempt', () => {
    const cycle = currentCycle(CYCLE_DAY, 5);
    expect(decide(CYCLE_DAY, cycle, [])).toBe('charge');
    expect(decide(new Date('2026-11-20T00:00:00Z'), cycle, [])).toBe('not-due');
    const failed = { paymentStatus: 'Failed', createdAt: CYCLE_DAY };
    expect(decide(hoursLater(CYCLE_DAY, 2), cycle, [failed])).toBe('retry-later');
    expect(decide(hoursLater(CYCLE_DAY, 21), cycle, [failed])).toBe('charge');
    expect(decide(hoursLater(CYCLE_DAY, 90), cycle, Array(AUTOPAY_MAX_ATTEMPTS).fill(failed))).toBe('gave-up');
    expect(decide(hoursLater(CYCLE_DAY, 2), cycle, [{ paymentStatus: 'Paid', createdAt: CYCLE_DAY }])).toBe('paid');
  });
});

describe('the auto-pay runner', () => {
  it('charges the balance once per cycle even when two instances run at the same moment', async () => {
    const { account, payer, paymentRows, balanceNow } = await autoPayAccount('tok_sandbox_good', 300);
    const first = anotherInstance();
    const second = anotherInstance();
    await Promise.all([first.runOnce(CYCLE_DAY), second.runOnce(CYCLE_DAY), test.app.autoPay.runOnce(CYCLE_DAY)]);
    await first.runOnce(hoursLater(CYCLE_DAY, 30));

    const rows = await paymentRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 300, paymentStatus: 'Paid', idempotencyKey: `autopay:${account.billingApiId}:2026-11:1`, paidByContactId: null });
    expect(await balanceNow()).toBe(0);
    const receipts = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, payer.email));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toContain(rows[0]!.confirmationNumber!);
    const audit = await db().select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(audit.map((e) => [e.action, e.outcome, e.actor])).toEqual([['billing.autopay', 'success', 'system']]);
  });

  it('records every refused attempt, tells the billing contacts, and tries again at the next run after the wait', async () => {
    const { paymentRows, balanceNow, payer, account } = await autoPayAccount('tok_sandbox_chargefails_x', 120);
    const runner = anotherInstance();
    await runner.runOnce(CYCLE_DAY);
    await runner.runOnce(hoursLater(CYCLE_DAY, 1));
    expect(await paymentRows()).toHaveLength(1);
    await runner.runOnce(hoursLater(CYCLE_DAY, 24));
    const rows = await paymentRows();
    expect(rows.map((r) => [r.paymentStatus, r.idempotencyKey])).toEqual([
      ['Failed', `autopay:${account.billingApiId}:2026-11:1`],
      ['Failed', `autopay:${account.billingApiId}:2026-11:2`],
    ]);
    expect(await balanceNow()).toBe(120);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, payer.email));
    expect(mails.map((m) => m.subject)).toEqual([expect.stringContaining('did not go through'), expect.stringContaining('did not go through')]);

    // The payer replaces the card; the next run charges it.
    await db().update(billingAccounts).set({ cardGatewayToken: 'tok_sandbox_new' }).where(eq(billingAccounts.accountId, account.id));
    await runner.runOnce(hoursLater(CYCLE_DAY, 48));
    expect((await paymentRows()).map((r) => r.paymentStatus)).toEqual(['Failed', 'Failed', 'Paid']);
    expect(await balanceNow()).toBe(0);
  });

  it('leaves accounts alone when auto-pay is off, nothing is owed, or the cycle day is long past', async () => {
    const off = await autoPayAccount('tok_sandbox_good', 80);
    await db().update(billingAccounts).set({ automaticPayments: false }).where(eq(billingAccounts.accountId, off.account.id));
    const nothingOwed = await autoPayAccount('tok_sandbox_good', 0);
    const turnedOnMidCycle = await autoPayAccount('tok_sandbox_good', 80, 5);
    await anotherInstance().runOnce(new Date('2026-11-20T00:00:00Z'));
    expect(await off.paymentRows()).toHaveLength(0);
    expect(await nothingOwed.paymentRows()).toHaveLength(0);
    expect(await turnedOnMidCycle.paymentRows()).toHaveLength(0);
    // …and it is charged on its next cycle day.
    await anotherInstance().runOnce(new Date('2026-12-05T06:00:00Z'));
    expect((await turnedOnMidCycle.paymentRows()).map((r) => r.idempotencyKey)).toEqual([`autopay:${turnedOnMidCycle.account.billingApiId}:2026-12:1`]);
  });
});
