import type { BillingAccount, Payment } from '@portal/contract';
import { renderSignedIn, type stubApi } from '../../../test/signed-in';
import { BillingPage } from './BillingPage';

/** The billing tests' account (billing id bill-7): overdue 18 days with $400.00 past due, a stored Visa. */
export const BILLING = '/api/billing/account/bill-7';

export const anAccount = (overrides: Partial<BillingAccount> = {}): BillingAccount => ({
  id: 'bill-7',
  balance: 1234.5,
  days_past_due: 18,
  past_due_balance: 400,
  credits: 0,
  billing_cycle_month_date: 5,
  payment_method: 'credit_card',
  automatic_payments: false,
  credit_card_info: { first_name: 'Ada', last_name: 'Payer', last_4: '4242', type: 'visa', exp_month: '08', exp_year: '2030' },
  ...overrides,
});

export const aPayment = (overrides: Partial<Payment> = {}): Payment => ({
  _id: 'pay_1',
  created: '2026-11-20T15:00:00.000Z',
  amount: 100,
  payment_type: 'credit_card',
  last_4_of_credit_card: '4242',
  merchant_api_response: { transaction_id: 'txn_1' },
  payment_status: 'Paid',
  confirmation_number: 'CNF-12345678',
  check_number: null,
  ...overrides,
});

export const renderBilling = (route = '/billing') => renderSignedIn(<BillingPage />, { route });

/** The stubbed fetch's calls to one "METHOD /api/path". */
export const callsTo = (fetchMock: ReturnType<typeof stubApi>, key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://portal.test').pathname}` === key);
