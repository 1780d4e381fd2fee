import { describe, expect, it } from 'vitest';
import { acceptedResultOf } from '../endpoint.js';
import { getBillingAccount, getStatementPdf, payWithNewCard, payWithStoredCard, removeStoredCard, updateBillingAccount } from '../endpoints/billing.js';
import type { BillingAccount, Payment, PaymentReceipt } from './billing.js';

const ourAccount: BillingAccount = {
  id: 'ba_acme_1001',
  balance: 120,
  days_past_due: 0,
  past_due_balance: 0,
  credits: 0,
  billing_cycle_month_date: 5,
  payment_method: 'credit_card',
  automatic_payments: true,
  credit_card_info: { first_name: 'Ada', last_name: 'Payer', last_4: '4242', type: 'visa', exp_month: '08', exp_year: '2030' },
};
const ourPayment: Payment = {
  _id: 'pay_1',
  created: '2026-11-20T15:00:00.000Z',
  amount: 100,
  payment_type: 'credit_card',
  last_4_of_credit_card: '4242',
  merchant_api_response: { transaction_id: 'txn_1' },
  payment_status: 'Paid',
  confirmation_number: 'CNF-1',
  check_number: null,
  failure_reason: null,
};
const ourReceipt: PaymentReceipt = { payment: ourPayment, balance: 20 };
const parse = (schema: ReturnType<typeof acceptedResultOf>, value: unknown) => schema.parse(value);

describe('what a client accepts of the billing answers (docs/decisions/0029)', () => {
  it('reads this server’s answers unchanged', () => {
    expect(parse(acceptedResultOf(getBillingAccount), ourAccount)).toEqual(ourAccount);
    expect(parse(acceptedResultOf(updateBillingAccount), ourAccount)).toEqual(ourAccount);
    expect(parse(acceptedResultOf(payWithNewCard), ourReceipt)).toEqual(ourReceipt);
    expect(parse(acceptedResultOf(payWithStoredCard), ourReceipt)).toEqual(ourReceipt);
    const pdf = { _id: 'st_1', created: '2026-11-01T00:00:00.000Z', filename: 'statement-2026-11-01.pdf', pdf: 'JVBERi0=' };
    expect(parse(acceptedResultOf(getStatementPdf), pdf)).toEqual(pdf);
  });

  it('takes a billing account without an id, and an emptied card (§7’s fallback) as no card', () => {
    const { id: _id, ...specAccount } = ourAccount;
    expect(parse(acceptedResultOf(getBillingAccount), specAccount)).toEqual(specAccount);
    expect(parse(acceptedResultOf(getBillingAccount), { ...specAccount, credit_card_info: {} })).toMatchObject({ credit_card_info: null });
    // A card with fields missing is neither a card nor "no card": the answer is refused.
    expect(acceptedResultOf(getBillingAccount).safeParse({ ...specAccount, credit_card_info: { last_4: '4242' } }).success).toBe(false);
  });

  it('takes the statement PDF as §7’s bare base64 string', () => {
    expect(parse(acceptedResultOf(getStatementPdf), 'JVBERi0=')).toBe('JVBERi0=');
    expect(acceptedResultOf(getStatementPdf).safeParse('').success).toBe(false);
  });

  it('reads any other answer of a payment, PATCH or DELETE (§7 describes none) as no result', () => {
    for (const endpoint of [payWithNewCard, payWithStoredCard, updateBillingAccount, removeStoredCard]) {
      for (const answer of [null, undefined, {}, 'OK', { success: true }, { payment: { _id: 'p' } }]) {
        expect(parse(acceptedResultOf(endpoint), answer), `${endpoint.method} ${endpoint.path} ← ${JSON.stringify(answer)}`).toBeNull();
      }
    }
  });
});
