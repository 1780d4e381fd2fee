import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { emptyResult, idParams, resultWhenSent } from '../entities/common.js';
import {
  acceptedBillingAccount,
  acceptedStatementPdf,
  billingAccount,
  billingAccountPatch,
  newCardPayment,
  order,
  payment,
  paymentReceipt,
  paymentReceiptPdf,
  statement,
  statementPdf,
  storedCardPayment,
} from '../entities/billing.js';

const tag = 'Billing';
const billingIdParams = z.object({ id: z.string().min(1).max(64) });

export const getBillingAccount = defineEndpoint({
  method: 'GET',
  path: '/billing/account/:id',
  summary: 'Balance, due dates, stored card and auto-pay (billing group)',
  tag,
  access: 'billing',
  params: billingIdParams,
  result: billingAccount,
  accepts: acceptedBillingAccount,
});

export const listPayments = defineEndpoint({
  method: 'GET',
  path: '/billing/account/:id/payments',
  summary: 'Payment history, newest first (billing group)',
  tag,
  access: 'billing',
  params: billingIdParams,
  result: z.array(payment),
});

export const listStatements = defineEndpoint({
  method: 'GET',
  path: '/billing/account/:id/statements',
  summary: 'Statements, newest first (billing group)',
  tag,
  access: 'billing',
  params: billingIdParams,
  result: z.array(statement),
});

export const getStatementPdf = defineEndpoint({
  method: 'GET',
  path: '/crm/accounts/statements/:id',
  summary: 'One statement as a base64 PDF (billing group)',
  tag,
  access: 'billing',
  params: z.object({ id: z.string().min(1).max(64) }),
  result: statementPdf,
  accepts: acceptedStatementPdf,
});

export const getPaymentReceiptPdf = defineEndpoint({
  method: 'GET',
  path: '/billing/account/:id/payments/:paymentId/receipt',
  summary: 'The receipt of one successful payment as a base64 PDF (billing group); not in the spec',
  tag,
  access: 'billing',
  params: billingIdParams.extend({ paymentId: z.string().min(1).max(64) }),
  result: paymentReceiptPdf,
});

export const payWithNewCard = defineEndpoint({
  method: 'POST',
  path: '/billing/account/:id/payments/creditcard',
  summary: 'Pay with a card entered now; the card number is sent to the gateway and never stored',
  tag,
  access: 'billing',
  params: billingIdParams,
  body: newCardPayment,
  result: paymentReceipt,
  accepts: resultWhenSent(paymentReceipt),
});

export const payWithStoredCard = defineEndpoint({
  method: 'POST',
  path: '/billing/account/:id/payments/creditcard-onfile',
  summary: 'Pay with the stored card',
  tag,
  access: 'billing',
  params: billingIdParams,
  body: storedCardPayment,
  result: paymentReceipt,
  accepts: resultWhenSent(paymentReceipt),
});

export const updateBillingAccount = defineEndpoint({
  method: 'PATCH',
  path: '/billing/account/:id',
  summary: 'Turn auto-pay on or off, or store a card (tokenised by the gateway)',
  tag,
  access: 'billing',
  params: billingIdParams,
  body: billingAccountPatch,
  result: billingAccount,
  accepts: resultWhenSent(acceptedBillingAccount),
});

export const removeStoredCard = defineEndpoint({
  method: 'DELETE',
  path: '/billing/account/:id/payments/creditcard',
  summary: 'Remove the stored card and turn auto-pay off',
  tag,
  access: 'billing',
  params: billingIdParams,
  result: emptyResult,
  accepts: resultWhenSent(emptyResult),
});

export const listOrders = defineEndpoint({
  method: 'GET',
  path: '/crm/orders',
  summary: 'The account’s orders, newest first (billing group)',
  tag,
  access: 'billing',
  result: z.array(order),
});

export const getOrder = defineEndpoint({
  method: 'GET',
  path: '/crm/orders/:id',
  summary: 'One order with its items (billing group)',
  tag,
  access: 'billing',
  params: idParams,
  result: order,
});
