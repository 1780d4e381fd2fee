import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, successEnvelope } from '@portal/contract';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { createTestApiKey, keyHeader } from '../../../test/provider-keys.js';
import { auditLog, billingAccounts, payments, statements } from '../../db/schema/index.js';

/** Statement numbers, statuses and due dates; the statement and receipt PDFs (docs/decisions/0032). */
let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({
    PROVIDER_NAME: 'Northwind Managed IT',
    PROVIDER_ADDRESS: '12 Quay Street, Portland, ME 04101',
    SUPPORT_PHONE: '+1 (555) 010-4242',
    SUPPORT_EMAIL: 'billing@northwind.example',
  });
});
afterAll(() => test.close());
const db = () => test.database.db;

const DAY_MS = 86_400_000;
const NEXT_YEAR = String(new Date().getUTCFullYear() + 1);
const PROVIDER_DETAILS = ['Northwind Managed IT', '12 Quay Street, Portland, ME 04101', '+1 (555) 010-4242', 'billing@northwind.example'];

/** The text of a PDF as poppler reads it (apt package poppler-utils, which CI installs). */
function pdfText(base64: string, filename: string): string {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const file = join(mkdtempSync(join(tmpdir(), 'billing-document-')), filename);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

async function billingContact(extra: Partial<typeof billingAccounts.$inferInsert> = {}) {
  const account = await createAccount(db(), { externalId: `crm-docs-${randomUUID().slice(0, 8)}` });
  const payer = await createContact(db(), { accountId: account.id, billingGroup: true });
  await db()
    .insert(billingAccounts)
    .values({ id: account.billingApiId!, accountId: account.id, balance: 1000, billingCycleMonthDate: 5, ...extra });
  const token = (await signIn(test.app, payer.email)).access_token;
  const get = (url: string) => test.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  return { account, billingId: account.billingApiId!, token, get };
}

describe('statements: number, status and due date', () => {
  it('numbers statements the billing system sent without one in the order they arrived, and derives each status from the payments, oldest charges first', async () => {
    const { account, billingId, get } = await billingContact({
      automaticPayments: true,
      cardGatewayToken: 'tok_sandbox_good',
      cardLast4: '4242',
      cardType: 'visa',
    });
    const statement = (id: string, createdAt: Date, amountDue: number, extra: Partial<typeof statements.$inferInsert> = {}) =>
      db()
        .insert(statements)
        .values({
          id: `${id}_${account.id}`,
          accountId: account.id,
          createdAt,
          periodStart: createdAt.toISOString().slice(0, 10),
          periodEnd: createdAt.toISOString().slice(0, 10),
          amountDue,
          ...extra,
        });
    await statement('st_jan', new Date('2026-01-05T10:00:00Z'), 100);
    await statement('st_feb', new Date('2026-02-05T10:00:00Z'), 100, {
      number: 'INV-77',
      dueDate: '2099-12-31',
      lines: [{ description: 'Hosted voice, 3 seats', quantity: 3, unitPrice: 31.25, amount: 93.75 }],
      taxes: [{ description: 'Sales tax', amount: 6.25 }],
    });
    await statement('st_mar', new Date('2026-03-05T10:00:00Z'), 80);
    // Sent late and back-dated: it takes the next number rather than renumbering the others, and its charges are the oldest.
    await statement('st_dec', new Date('2025-12-05T10:00:00Z'), 20);
    await statement('st_now', new Date(Date.now() - DAY_MS), 60);
    await db()
      .insert(payments)
      .values([
        {
          id: `pay_a_${account.id}`,
          accountId: account.id,
          createdAt: new Date('2026-01-20T00:00:00Z'),
          amount: 120,
          paymentType: 'check',
          paymentStatus: 'Paid',
        },
        {
          id: `pay_b_${account.id}`,
          accountId: account.id,
          createdAt: new Date('2026-02-20T00:00:00Z'),
          amount: 50,
          paymentType: 'manual_ach',
          paymentStatus: 'Paid',
        },
        // A refused payment settles nothing.
        {
          id: `pay_c_${account.id}`,
          accountId: account.id,
          createdAt: new Date('2026-03-20T00:00:00Z'),
          amount: 80,
          paymentType: 'credit_card',
          last4: '0002',
          paymentStatus: 'Failed',
        },
      ]);

    const list = successEnvelope(endpoints.listStatements.result).parse((await get(`/billing/account/${billingId}/statements`)).json()).result;
    const today = new Date().toISOString().slice(0, 10);
    const dueNow = new Date(Date.now() - DAY_MS + 20 * DAY_MS).toISOString().slice(0, 10);
    expect(list.map((s) => [s._id.replace(`_${account.id}`, ''), s.number, s.status, s.new_charges, s.amount_outstanding, s.due_date])).toEqual([
      ['st_now', `ST-${account.id}-0005`, 'due', 60, 60, dueNow],
      ['st_mar', `ST-${account.id}-0003`, 'overdue', 80, 80, '2026-03-25'],
      ['st_feb', 'INV-77', 'partly_paid', 100, 50, '2099-12-31'],
      ['st_jan', `ST-${account.id}-0001`, 'paid', 100, 0, '2026-01-25'],
      ['st_dec', `ST-${account.id}-0004`, 'paid', 20, 0, '2025-12-25'],
    ]);
    expect(today > '2026-03-25').toBe(true);

    // The PDF: its number, the provider's details, lines and taxes, the amount due, its status today and how to pay.
    const feb = successEnvelope(endpoints.getStatementPdf.result).parse((await get(`/crm/accounts/statements/st_feb_${account.id}`)).json()).result;
    const febText = pdfText(feb.pdf, feb.filename);
    for (const expected of [
      ...PROVIDER_DETAILS,
      'Statement',
      'No. INV-77',
      'Statement number',
      'Hosted voice, 3 seats',
      '$93.75',
      'Taxes',
      'Sales tax',
      '$6.25',
      'Total new charges (taxes included)',
      'Closing balance (amount due)',
      'Partly paid',
      'December 31, 2099',
      'How to pay',
      'http://portal.test/billing?tab=pay',
      'Automatic payments are on: the balance is charged to the card ending 4242 on day 5 of each month.',
      'Please quote statement number INV-77',
    ]) {
      expect(febText).toContain(expected);
    }
    // February's closing: January's 100 + December's 20 less the 120 check, then 100 new charges.
    expect(febText).toMatch(/Closing balance \(amount due\)\s+\$100\.00/);

    const mar = successEnvelope(endpoints.getStatementPdf.result).parse((await get(`/crm/accounts/statements/st_mar_${account.id}`)).json()).result;
    const marText = pdfText(mar.pdf, mar.filename);
    for (const expected of [`No. ST-${account.id}-0003`, 'Overdue', 'March 25, 2026', 'No new charges this period.']) expect(marText).toContain(expected);
  });

  it('takes the number, due date and taxes the provider API sends, and numbers a statement sent without one', async () => {
    const { account, billingId, get } = await billingContact();
    const key = await createTestApiKey(db(), ['billing:write']);
    const put = (externalId: string, body: Record<string, unknown>) =>
      test.app.inject({
        method: 'PUT',
        url: `/api/provider/v1/accounts/${account.externalId}/statements/${externalId}`,
        headers: keyHeader(key),
        payload: body,
      });
    const numbered = await put('inv-1', {
      period_start: '2026-10-01',
      period_end: '2026-10-31',
      amount_due: 107,
      issued_at: '2026-11-01T09:00:00Z',
      number: 'NW-2026-0042',
      due_date: '2026-11-15',
      lines: [{ description: 'Managed firewall', quantity: 1, unit_price: 100, amount: 100 }],
      taxes: [{ description: 'State sales tax 7%', amount: 7 }],
    });
    expect(numbered.statusCode, numbered.body).toBe(201);
    expect(numbered.json()).toMatchObject({
      result: { item: { number: 'NW-2026-0042', due_date: '2026-11-15', taxes: [{ description: 'State sales tax 7%', amount: 7 }] } },
    });
    const plain = await put('inv-2', { period_start: '2026-11-01', period_end: '2026-11-30', amount_due: 50, issued_at: '2026-12-01T09:00:00Z' });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ result: { item: { number: null, due_date: null, taxes: [] } } });
    const bad = await put('inv-3', {
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      amount_due: 50,
      due_date: '2026-02-30',
      taxes: [{ description: 'VAT', amount: -1 }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(expect.arrayContaining(['due_date', 'taxes.0.amount']));

    const list = successEnvelope(endpoints.listStatements.result).parse((await get(`/billing/account/${billingId}/statements`)).json()).result;
    expect(list.map((s) => [s.number, s.due_date])).toEqual([
      [`ST-${account.id}-0002`, '2026-12-21'],
      ['NW-2026-0042', '2026-11-15'],
    ]);
    const pdf = successEnvelope(endpoints.getStatementPdf.result).parse((await get(`/crm/accounts/statements/${list[1]!._id}`)).json()).result;
    const text = pdfText(pdf.pdf, pdf.filename);
    for (const expected of [
      'No. NW-2026-0042',
      'Managed firewall',
      'State sales tax 7%',
      '$7.00',
      'November 15, 2026',
      'http://portal.test/billing?tab=autopay',
    ])
      expect(text).toContain(expected);
  });
});

describe('payment receipts', () => {
  it('gives a PDF receipt of a card payment with its confirmation number, amount, card brand and last 4, date, account and the provider', async () => {
    const { account, billingId, token, get } = await billingContact();
    const paid = await test.app.inject({
      method: 'POST',
      url: `/api/billing/account/${billingId}/payments/creditcard`,
      headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      payload: {
        payment: {
          amount: 25.5,
          cc_first_name: 'Bill',
          cc_last_name: 'Payer',
          cc_num: '4242 4242 4242 4242',
          cc_exp_month: '01',
          cc_exp_year: NEXT_YEAR,
          cc_type: 'visa',
          cc_cvc: '123',
        },
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { payment } = successEnvelope(endpoints.payWithNewCard.result).parse(paid.json()).result;
    expect(payment.card_type).toBe('visa');

    const response = await get(`/billing/account/${billingId}/payments/${payment._id}/receipt`);
    expect(response.statusCode, response.body).toBe(200);
    const receipt = successEnvelope(endpoints.getPaymentReceiptPdf.result).parse(response.json()).result;
    expect(receipt).toMatchObject({ _id: payment._id, number: payment.confirmation_number, filename: `receipt-${payment.confirmation_number}.pdf` });
    const text = pdfText(receipt.pdf, receipt.filename);
    const paidOn = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(payment.created));
    for (const expected of [
      ...PROVIDER_DETAILS,
      'Payment receipt',
      `No. ${payment.confirmation_number}`,
      'Confirmation number',
      '$25.50',
      'Visa ending 4242',
      paidOn,
      account.name,
      billingId,
      'Paid in the portal',
    ]) {
      expect(text).toContain(expected);
    }
    // The card's number appears nowhere but its last four digits.
    expect(text.replace(/\s/g, '')).not.toContain('424242424242');
    const audit = await db().select().from(auditLog).where(eq(auditLog.accountId, account.id));
    expect(audit.map((e) => e.action)).toContain('billing.receipt_downloaded');
  });

  it('numbers a payment recorded without a confirmation number by its id, and has no receipt for a failed payment or another account’s', async () => {
    const mine = await billingContact();
    const theirs = await billingContact();
    await db()
      .insert(payments)
      .values([
        {
          id: `pay_check_${mine.account.id}`,
          accountId: mine.account.id,
          amount: 300,
          paymentType: 'check',
          checkNumber: '1042',
          paymentStatus: 'Paid',
          externalId: 'CHK-1042',
        },
        { id: `pay_failed_${mine.account.id}`, accountId: mine.account.id, amount: 40, paymentType: 'credit_card', last4: '0002', paymentStatus: 'Failed' },
        {
          id: `pay_theirs_${theirs.account.id}`,
          accountId: theirs.account.id,
          amount: 40,
          paymentType: 'credit_card',
          last4: '4242',
          paymentStatus: 'Paid',
          confirmationNumber: 'CNF-12345678',
        },
      ]);
    const check = successEnvelope(endpoints.getPaymentReceiptPdf.result).parse(
      (await mine.get(`/billing/account/${mine.billingId}/payments/pay_check_${mine.account.id}/receipt`)).json(),
    ).result;
    expect(check.number).toBe(`pay_check_${mine.account.id}`);
    const text = pdfText(check.pdf, check.filename);
    for (const expected of ['Check 1042', '$300.00', 'Recorded by the billing department', 'Receipt number', `No. pay_check_${mine.account.id}`])
      expect(text).toContain(expected);

    expect((await mine.get(`/billing/account/${mine.billingId}/payments/pay_failed_${mine.account.id}/receipt`)).statusCode).toBe(404);
    expect((await mine.get(`/billing/account/${mine.billingId}/payments/pay_theirs_${theirs.account.id}/receipt`)).statusCode).toBe(404);
    expect((await mine.get(`/billing/account/${theirs.billingId}/payments/pay_theirs_${theirs.account.id}/receipt`)).statusCode).toBe(404);
  });
});
