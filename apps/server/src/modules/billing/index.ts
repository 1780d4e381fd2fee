/**
 * The billing capability's public entry (decision 0041): its commands and queries, for the customer routes, the
 * provider API, the auto-pay job and the event consumers. The billing_accounts, payments, statements, orders and
 * order_items tables are this module's.
 */
export { createBillingService, type BillingService } from './billing.service.js';
export { createBillingSync, type BillingSync } from './billing-sync.js';
export { createAutoPayRunner, type AutoPayRunner } from './autopay.js';
export { autoPayFailedMail, paymentReceiptMail } from './billing.mails.js';
export { orderItemFields } from './billing-wire.js';
export { billingFigures, recentPayments } from './billing-figures.repository.js';
export type { OrderItemRow, OrderRow, PaymentRow, StatementRow } from './billing.repository.js';
