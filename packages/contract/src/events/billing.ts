import { z } from 'zod';
import { webhookPayment } from '../entities/webhooks.js';
import { addressee } from './common.js';

/** A card charge as recorded: the webhooks' payment (never more of the card than its last four digits), with when. */
const chargedPayment = webhookPayment.extend({ paid_at: z.string() });

/** How a charge came about: a contact with a card typed in or the stored one, or auto-pay's attempt of a billing cycle. */
const chargedBy = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('new-card') }),
  z.object({ mode: z.literal('stored-card') }),
  z.object({ mode: z.literal('autopay'), cycle: z.string(), attempt: z.number().int() }),
]);

/**
 * A card charge, whatever its outcome. `notify` is whom the command says to tell by mail: the payer of a receipt,
 * every billing contact of an automatic payment, no one of a contact's refused payment (the answer tells them).
 */
const cardCharge = z.object({
  payment: chargedPayment,
  /** The account's balance after the charge. */
  balance: z.number(),
  paid_by_contact_id: z.number().int().nullable(),
  charge: chargedBy,
  account_name: z.string(),
  notify: z.array(addressee),
});

/** The billing capability's events (decision 0041): card payments, the stored card, auto-pay, documents, the provider's pushes. */
export const billingEventData = {
  /** A card was charged: by a contact, or by auto-pay. */
  'payment.succeeded': cardCharge,
  /** The gateway refused a card charge; the payment is kept as Failed. */
  'payment.failed': cardCharge,
  /** A contact stored a card for later payments (or replaced the one stored). */
  'card.stored': z.object({
    card: z.object({ type: z.string(), last4: z.string(), exp_month: z.string(), exp_year: z.string() }),
    replaced: z.boolean(),
  }),
  /** A contact removed the stored card (auto-pay goes off with it). */
  'card.removed': z.object({
    card: z.object({ type: z.string().nullable(), last4: z.string().nullable() }),
    autopay_turned_off: z.boolean(),
  }),
  /** Auto-pay went on or off: as a contact asked, or because the card was removed (that event is the record of it). */
  'autopay.changed': z.object({ automatic_payments: z.boolean(), card_removed: z.boolean() }),
  /** A contact downloaded a statement's PDF. */
  'statement.downloaded': z.object({ statement_id: z.string() }),
  /** A contact downloaded a payment's receipt. */
  'receipt.downloaded': z.object({ payment_id: z.string() }),
  /** The provider's billing system created or changed a statement. */
  'statement.pushed': z.object({ statement_id: z.string(), external_id: z.string(), created: z.boolean() }),
  /** The provider's billing system recorded or changed a payment (a check, a transfer, a payment taken elsewhere). */
  'payment.pushed': z.object({ payment_id: z.string(), external_id: z.string(), amount: z.number(), created: z.boolean() }),
  /** The provider's CRM or quoting system created or changed an order (its items replaced or not). */
  'order.pushed': z.object({
    order_id: z.number().int(),
    external_id: z.string(),
    created: z.boolean(),
    items: z.number().int(),
    items_replaced: z.boolean(),
  }),
} satisfies Record<string, z.ZodObject>;
export type BillingEventType = keyof typeof billingEventData;
