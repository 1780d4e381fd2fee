import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, signIn } from '../../../test/auth.js';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createAccount, createContact } from '../../../test/factories.js';
import { billingAccounts } from '../../db/schema/index.js';
import { createSandboxGateway, type CardDetails, type PaymentGateway } from '../../platform/payment-gateway.js';

/** Everything the server logs, at its most talkative level. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

/** The cards the gateway was handed: the security code has to reach it, and nothing else. */
const handedToGateway: CardDetails[] = [];
const sandbox = createSandboxGateway({ secret: 'card-data-test' });
const recordingGateway: PaymentGateway = {
  tokenize: (card) => (handedToGateway.push(card), sandbox.tokenize(card)),
  charge: (request) => ('card' in request.source && handedToGateway.push(request.source.card), sandbox.charge(request)),
};

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({}, { logger: pino({ level: 'trace' }, logStream), paymentGateway: recordingGateway });
});
afterAll(() => test.close());

const CARDS = ['4242424242424242', '4000000000000002', '4000000000009995', '4000000000000341', '4242424242424241', '5555555555554444'];
/**
 * A security code for each card. Short numbers can
 * occur anywhere by chance, so these are looked for as whole numbers (no digit, letter or decimal point beside:
 * a time's fraction of a second is not a code).
 */
const CVCS = ['913', '862', '794', '529', '6817', '471'];
const asWholeNumber = (cvc: string) => new RegExp(`(?<![0-9A-Za-z.])${cvc}(?![0-9A-Za-z.])`);
const NEXT_YEAR = String(new Date().getUTCFullYear() + 1);

/** Every row of every table, as text. */
async function databaseDump(): Promise<string> {
  const { rows: tables } = await test.database.pool.query<{ name: string }>(
    "SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  );
  const parts = await Promise.all(
    tables.map(async ({ name }) => (await test.database.pool.query<{ row: string }>(`SELECT t::text AS row FROM ${name} t`)).rows.map((r) => r.row).join('\n')),
  );
  return parts.join('\n');
}

it('keeps no card number and no security code anywhere: not in any table, not in the server’s log; the code goes to the gateway', async () => {
  const account = await createAccount(test.database.db);
  const payer = await createContact(test.database.db, { accountId: account.id, billingGroup: true });
  await test.database.db.insert(billingAccounts).values({ id: account.billingApiId!, accountId: account.id, balance: 10_000 });
  const token = (await signIn(test.app, payer.email)).access_token;
  const base = `/api/billing/account/${account.billingApiId}`;
  for (const [index, number] of CARDS.entries()) {
    // Spaced as people type them, so a stored copy in either form would be found.
    const typed = number.replace(/(\d{4})(?=\d)/g, '$1 ');
    const cvc = CVCS[index]!;
    const payment = {
      amount: 10 + index,
      cc_first_name: 'Card',
      cc_last_name: 'Holder',
      cc_num: typed,
      cc_exp_month: '01',
      cc_exp_year: NEXT_YEAR,
      cc_type: 'visa',
      cc_cvc: cvc,
    };
    await test.app.inject({
      method: 'POST',
      url: `${base}/payments/creditcard`,
      headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      payload: { payment },
    });
    const card = { first_name: 'Card', last_name: 'Holder', number: typed, exp_month: '01', exp_year: NEXT_YEAR, type: 'visa', cvc };
    await test.app.inject({ method: 'PATCH', url: base, headers: bearer(token), payload: { credit_card_info: card } });
    await test.app.inject({
      method: 'POST',
      url: `${base}/payments/creditcard-onfile`,
      headers: { ...bearer(token), 'idempotency-key': randomUUID() },
      payload: { amount: 1 },
    });
  }

  const dump = await databaseDump();
  const log = logLines.join('');
  // The payments really happened and were logged, so finding nothing means something.
  expect(dump).toContain('Paid');
  expect(log).toContain('/payments/creditcard');
  for (const number of CARDS) {
    for (const form of [number, number.replace(/(\d{4})(?=\d)/g, '$1 ')]) {
      expect(dump).not.toContain(form);
      expect(log).not.toContain(form);
    }
    // Not even the first twelve digits (the part a receipt never shows).
    expect(dump).not.toContain(number.slice(0, 12));
  }
  // Each code reached the gateway with its card...
  expect(handedToGateway.map((card) => card.cvc)).toEqual(expect.arrayContaining(CVCS));
  // ...and went nowhere else: no column, audit entry, event or mail, no log line names it or holds it.
  expect(dump).not.toMatch(/\b(cc_)?(cvc|cvv)\b|security.?code/i);
  expect(log).not.toMatch(/"(cc_)?(cvc|cvv)2?"\s*:\s*"?(?!\[redacted\])\d/i);
  for (const cvc of CVCS) {
    expect(dump).not.toMatch(asWholeNumber(cvc));
    expect(log).not.toMatch(asWholeNumber(cvc));
  }
});
