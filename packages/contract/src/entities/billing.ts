import { z } from 'zod';
import {
  CARD_TYPES,
  MAX_PAYMENT_AMOUNT,
  ORDER_ITEM_PROVISION_STATUSES,
  ORDER_ITEM_PURCHASE_TYPES,
  ORDER_STATUSES,
  PAYMENT_TYPES,
  STATEMENT_STATUSES,
} from '../constants.js';
import { SECURITY_CODE_SHAPE } from '../cards.js';
import { money, timestamp, openEnum } from './common.js';

export const creditCardInfo = z.object({
  first_name: z.string(),
  last_name: z.string(),
  last_4: z.string(),
  type: openEnum(CARD_TYPES),
  exp_month: z.string(),
  exp_year: z.string(),
});

export const billingAccount = z.object({
  id: z.string(),
  balance: money,
  days_past_due: z.number().int(),
  past_due_balance: money,
  credits: money,
  billing_cycle_month_date: z.number().int().min(1).max(31),
  payment_method: z.string().nullable(),
  automatic_payments: z.boolean(),
  credit_card_info: creditCardInfo.nullable(),
});
export type BillingAccount = z.infer<typeof billingAccount>;

/** A billing account as a client reads it: §3's fields, and this server's additions optional (docs/decisions/0029). */
export const acceptedBillingAccount = billingAccount.extend({
  /** §3 gives the account no id: the client addresses it by the session's account.billing_api_id (§7). */
  id: z.string().optional(),
  /** §7's card fallback stores an empty credit_card_info: read as no card stored. */
  credit_card_info: z
    .union([
      creditCardInfo,
      z
        .object({})
        .strict()
        .transform(() => null),
    ])
    .nullable(),
});
export type AcceptedBillingAccount = z.infer<typeof acceptedBillingAccount>;

export const statement = z.object({
  _id: z.string(),
  created: timestamp,
  /** The balance the statement asks to be paid: earlier balance plus its charges, less payments since the previous statement. */
  amount_due: money.optional(),
  period_start: z.string().optional(),
  period_end: z.string().optional(),
  due_date: z.string().optional(),
  /** The billing system's statement number, or the portal's own (ST-…) when it sends none (docs/decisions/0032). */
  number: z.string().optional(),
  /** This statement's own new charges (taxes included). */
  new_charges: money.optional(),
  /** What is still unpaid of those charges, payments settling the oldest charges first. */
  amount_outstanding: money.optional(),
  status: openEnum(STATEMENT_STATUSES).optional(),
});
export type Statement = z.infer<typeof statement>;

export const statementPdf = z.object({
  _id: z.string(),
  created: timestamp,
  filename: z.string(),
  /** The PDF, base64-encoded. */
  pdf: z.string(),
});

/** A successful payment's receipt as a PDF (docs/decisions/0032); not in the spec. */
export const paymentReceiptPdf = z.object({
  _id: z.string(),
  /** The receipt's number: the payment's confirmation number, or the payment's id when it has none. */
  number: z.string(),
  filename: z.string(),
  /** The PDF, base64-encoded. */
  pdf: z.string(),
});
export type PaymentReceiptPdf = z.infer<typeof paymentReceiptPdf>;

/** §7: "the result is a base64 PDF"; this server wraps it with the statement and a file name. */
export const acceptedStatementPdf = z.union([statementPdf, z.string().min(1).describe('The PDF, base64-encoded')]);
export type AcceptedStatementPdf = z.infer<typeof acceptedStatementPdf>;

export const payment = z.object({
  _id: z.string(),
  created: timestamp,
  amount: money,
  payment_type: openEnum(PAYMENT_TYPES),
  last_4_of_credit_card: z.string().nullable(),
  merchant_api_response: z.object({ transaction_id: z.string().nullable() }),
  payment_status: z.string(),
  confirmation_number: z.string().nullable(),
  check_number: z.string().nullable(),
  /** Why the gateway refused a Failed payment, in words for the payer. */
  failure_reason: z.string().nullable().optional(),
  /** The card's network (visa, …) of a card payment made in the portal; null when not known. */
  card_type: z.string().nullable().optional(),
});
export type Payment = z.infer<typeof payment>;

export const orderItem = z.object({
  pk: z.number().int(),
  prod_description: z.string(),
  quantity: z.number().int(),
  purchase_type: openEnum(ORDER_ITEM_PURCHASE_TYPES),
  price: money,
  price_per_unit: money,
  provision_status: openEnum(ORDER_ITEM_PROVISION_STATUSES),
  activation_date: timestamp.nullable(),
  completed: z.boolean(),
  auto_provision: z.boolean(),
  taxable: z.boolean(),
  tax_percent: z.number(),
  account_service_snapshot: z.object({ quantity: z.number(), price: money, status: z.string() }).nullable(),
  metadata: z.record(z.string(), z.unknown()),
});

export const order = z.object({
  pk: z.number().int(),
  name: z.string(),
  date_created: timestamp,
  status: openEnum(ORDER_STATUSES),
  quote_id: z.string().nullable(),
  notes: z.string().nullable(),
  account_id: z.number().int(),
  order_items: z.array(orderItem),
});
export type Order = z.infer<typeof order>;

/**
 * 25000 → "25,000", without Intl: toLocaleString at module load wakes ICU's locale data, about 6 MB
 * of the server's resident memory for one message (decision 0021).
 */
const withThousandsSeparators = (whole: number) => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');
/** 1234.5 → "$1,234.50" (a positive amount), as the server's Intl formatter writes it, without Intl (see above). */
const dollars = (amount: number) => {
  const cents = Math.round(amount * 100);
  return `$${withThousandsSeparators(Math.floor(cents / 100))}.${String(cents % 100).padStart(2, '0')}`;
};

/**
 * A card payment is never more than the balance (docs/decisions/0014): the server's refusal, and the
 * payment form's while the payer types, in the same words.
 */
export const NOTHING_TO_PAY = 'There is nothing to pay: the balance is $0.00.';
export const amountOverBalance = (balance: number) => `The amount is more than the balance of ${dollars(balance)}.`;
/** Why an amount cannot be paid against this balance, or null (the amount's own rules are the schema's). */
export function amountBalanceRefusal(amount: number, balance: number): string | null {
  if (balance <= 0) return NOTHING_TO_PAY;
  if (Math.round(amount * 100) > Math.round(balance * 100)) return amountOverBalance(balance);
  return null;
}

const amount = z
  .number({ error: 'Amount must be a number' })
  .positive('Amount must be greater than 0')
  // A positive amount below a cent (5e-324 passes "positive" and "two decimals") would reach the gateway as $0.00.
  .min(0.01, 'Amount must be at least $0.01')
  .max(MAX_PAYMENT_AMOUNT, `Amount may be at most $${withThousandsSeparators(MAX_PAYMENT_AMOUNT)}.00 per payment`)
  .refine((value) => Math.round(value * 100) === Number((value * 100).toFixed(6)), 'Amount may have at most two decimals');

const cardNumber = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{12,19}$/, 'Card number must be 12 to 19 digits'));
const expMonth = z.string().regex(/^(0[1-9]|1[0-2])$/, 'Month must be 01 to 12');
const expYear = z.string().regex(/^\d{4}$/, 'Year must have four digits');
/**
 * The security code (CVC): optional, as the spec's fields (§7) have none, so a request without it is
 * still whole. It goes to the gateway with the number and is never stored or logged; whether it is
 * 3 or 4 digits for the card's type is the gateway's check (docs/decisions/0014).
 */
const securityCode = z.string().regex(/^\d{3,4}$/, SECURITY_CODE_SHAPE);

export const newCardPayment = z.object({
  payment: z.object({
    amount,
    cc_first_name: z.string().trim().min(1, 'First name is required').max(100),
    cc_last_name: z.string().trim().min(1, 'Last name is required').max(100),
    cc_num: cardNumber,
    cc_exp_month: expMonth,
    cc_exp_year: expYear,
    cc_type: z.enum(CARD_TYPES, { error: 'Card type must be visa, mastercard, amex or discover' }),
    cc_cvc: securityCode.optional(),
  }),
});

export const storedCardPayment = z.object({ amount });

export const creditCardInput = z.object({
  first_name: z.string().trim().min(1, 'First name is required').max(100),
  last_name: z.string().trim().min(1, 'Last name is required').max(100),
  number: cardNumber,
  exp_month: expMonth,
  exp_year: expYear,
  type: z.enum(CARD_TYPES, { error: 'Card type must be visa, mastercard, amex or discover' }),
  cvc: securityCode.optional(),
});

export const billingAccountPatch = z.union([
  z.object({ automatic_payments: z.boolean() }).strict(),
  z.object({ credit_card_info: creditCardInput }).strict(),
  /** The fallback of DELETE …/creditcard (docs/product.md §7): auto-pay off and the card emptied. */
  z.object({ automatic_payments: z.literal(false), credit_card_info: z.object({}).strict() }).strict(),
]);

export const paymentReceipt = z.object({
  payment,
  balance: money,
});
export type PaymentReceipt = z.infer<typeof paymentReceipt>;
