/**
 * The billing capability's public entry (decision 0041): its commands and queries, for the customer routes, the
 * provider API, the auto-pay job, the event consumers, and the accounts module's sync, which keeps each account's
 * billing row in step in its transaction (decision 0042). The billing_accounts, payments, statements, orders and
 * order_items tables are this module's.
 */
export { createBillingService, type BillingService } from './billing.service.js';
export { createBillingSync, type BillingSync } from './billing-sync.js';
export { createAutoPayRunner, type AutoPayRunner } from './autopay.js';
export { autoPayFailedMail, paymentReceiptMail } from './billing.mails.js';
export { orderItemFields } from './billing-wire.js';
export { billingFigures, recentPayments } from './billing-figures.repository.js';
export { BILLING_ROW_CONFLICTS, billingIdClaims } from './billing-rows.js';
export { syncBillingRows, type BillingRowPush } from './billing-rows.repository.js';
export type { OrderItemRow, OrderRow, PaymentRow, StatementRow } from './billing.repository.js';
export { dueBillingReminders, AUTOPAY_NOTICE_DAYS } from './billing-reminders.repository.js';
