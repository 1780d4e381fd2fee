import type { BillingEventType, DomainEventData } from '@portal/contract';
import { autoPayFailedMail, paymentReceiptMail } from '../modules/billing/index.js';
import type { DomainEvent } from '../events/domain-event.js';
import { webhookActor, type AuditConsequence, type ConsequenceContext, type ConsequenceTable } from './consequences.js';

type ChargeEvent = DomainEvent<'payment.succeeded' | 'payment.failed'>;
type ChargeData = DomainEventData<'payment.succeeded'>;

/** A contact's payment is `billing.payment` (with how it was paid), auto-pay's `billing.autopay` (with its cycle and attempt). */
function chargeAudit({ data }: ChargeEvent): AuditConsequence {
  const { payment, charge } = data;
  const paid = payment.status === 'Paid';
  const outcome = paid ? 'success' : 'failure';
  const reason = paid ? {} : { reason: payment.failure_reason };
  if (charge.mode === 'autopay') {
    return {
      action: 'billing.autopay',
      outcome,
      details: { payment_id: payment.id, amount: payment.amount, cycle: charge.cycle, attempt: charge.attempt, ...reason },
    };
  }
  return {
    action: 'billing.payment',
    outcome,
    details: { payment_id: payment.id, amount: payment.amount, mode: charge.mode, last4: payment.last4, ...reason },
  };
}

/** The webhook's data of a charge: the payment without the receipt's date, the balance after it, and who paid. */
function chargeWebhook({ payment, balance, paid_by_contact_id }: ChargeData) {
  const { paid_at: _paidAt, ...ref } = payment;
  return { payment: ref, balance, paid_by_contact_id };
}

const mailContext = ({ config }: ConsequenceContext) => ({
  providerName: config.provider.name,
  supportEmail: config.provider.supportEmail,
  portalUrl: config.publicUrl,
});

/** What the billing events cause (decision 0041): the audit entries, webhooks and mails the services wrote before them. */
export const billingConsequences: ConsequenceTable<BillingEventType> = {
  'payment.succeeded': {
    audit: chargeAudit,
    webhook: ({ data }) => ({ type: 'payment.succeeded', data: chargeWebhook(data) }),
    // The receipt, to whom the charging command named: the payer, or every billing contact of an automatic payment.
    mails: async ({ data }, context) =>
      data.notify.map((to) =>
        paymentReceiptMail({
          to: to.email,
          firstname: to.firstname,
          accountName: data.account_name,
          amount: data.payment.amount,
          paidAt: new Date(data.payment.paid_at),
          cardLast4: data.payment.last4,
          confirmationNumber: data.payment.confirmation_number ?? '',
          balance: data.balance,
          automatic: data.payment.automatic,
          ...mailContext(context),
        }),
      ),
  },
  'payment.failed': {
    audit: chargeAudit,
    webhook: ({ data }) => ({ type: 'payment.failed', data: chargeWebhook(data) }),
    // Only auto-pay's refusal is mailed; a contact whose card is refused is told so by the answer.
    mails: async ({ data }, context) =>
      data.charge.mode !== 'autopay'
        ? []
        : data.notify.map((to) =>
            autoPayFailedMail({
              to: to.email,
              firstname: to.firstname,
              accountName: data.account_name,
              amount: data.payment.amount,
              reason: data.payment.failure_reason ?? 'the card was declined.',
              ...mailContext(context),
            }),
          ),
  },
  'card.stored': {
    audit: ({ data }) => ({
      action: data.replaced ? 'billing.card_replaced' : 'billing.card_added',
      details: { last4: data.card.last4, type: data.card.type },
    }),
    webhook: ({ data, actor }) => ({ type: 'card.stored', data: { card: data.card, replaced: data.replaced, by: webhookActor(actor) } }),
  },
  'card.removed': {
    audit: ({ data }) => ({ action: 'billing.card_removed', details: { last4: data.card.last4, autopay_was_on: data.autopay_turned_off } }),
    webhook: ({ data, actor }) => ({ type: 'card.removed', data: { card: data.card, autopay_turned_off: data.autopay_turned_off, by: webhookActor(actor) } }),
  },
  'autopay.changed': {
    // Auto-pay turned off with the card is in that card's entry; only a contact's own switch has one of its own.
    audit: ({ data }) => (data.card_removed ? undefined : { action: data.automatic_payments ? 'billing.autopay_on' : 'billing.autopay_off', details: {} }),
    webhook: ({ data, actor }) => ({ type: 'autopay.changed', data: { automatic_payments: data.automatic_payments, by: webhookActor(actor) } }),
  },
  'statement.downloaded': {
    audit: ({ data }) => ({ action: 'billing.statement_downloaded', details: { statement_id: data.statement_id } }),
  },
  'receipt.downloaded': {
    audit: ({ data }) => ({ action: 'billing.receipt_downloaded', details: { payment_id: data.payment_id } }),
  },
  'statement.pushed': {
    audit: ({ data }) => ({
      action: data.created ? 'provider.statement_created' : 'provider.statement_updated',
      details: { statement_id: data.statement_id, external_id: data.external_id },
    }),
  },
  'payment.pushed': {
    audit: ({ data }) => ({
      action: data.created ? 'provider.payment_recorded' : 'provider.payment_updated',
      details: { payment_id: data.payment_id, external_id: data.external_id, amount: data.amount },
    }),
  },
  'order.pushed': {
    audit: ({ data }) => ({
      action: data.created ? 'provider.order_created' : 'provider.order_updated',
      details: { order_id: data.order_id, external_id: data.external_id, items: data.items, items_replaced: data.items_replaced },
    }),
  },
};
