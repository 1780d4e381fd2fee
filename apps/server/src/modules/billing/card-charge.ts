import { randomBytes, randomInt } from 'node:crypto';
import type { CardType, DomainEventData } from '@portal/contract';
import type { Executor } from '../../db/client.js';
import type { DomainEventActor, NewDomainEvent } from '../../events/domain-event.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { ChargeRequest, PaymentGateway } from '../../platform/payment-gateway.js';
import * as repo from './billing.repository.js';

export interface CardCharge {
  /** The account row, locked by the caller's transaction. */
  account: repo.BillingAccountRow;
  amount: number;
  /** The key the payment is remembered by (unique in the account), or null for a single attempt that is not. */
  idempotencyKey: string | null;
  /** The key the gateway charges under: the idempotency key, or a fresh one for a single attempt. */
  gatewayKey: string;
  requestFingerprint: string | null;
  source: ChargeRequest['source'];
  last4: string;
  /** The card's network, kept for the receipt (never more of the card than this and the last 4). */
  cardType: CardType | null;
  paidByContactId: number | null;
  /** When the charge happens: the auto-pay runner's clock (its retry waits are measured from it); the database's by default. */
  at?: Date;
}

export interface ChargeResult {
  payment: repo.PaymentRow;
  account: repo.BillingAccountRow;
}

const cents = (value: number) => Math.round(value * 100);
const confirmationNumber = () => `CNF-${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;

/**
 * One charge, recorded whatever its outcome, in the caller's transaction: a payment row (Paid, or
 * Failed with the gateway's reason) and, when paid, the balance brought down — past-due first.
 * The gateway gets the same idempotency key, so a retry after a lost answer cannot charge twice
 * there either (a single attempt without a key gets a fresh one).
 */
export async function chargeCard(tx: Executor, gateway: PaymentGateway, charge: CardCharge): Promise<ChargeResult> {
  const outcome = await gateway.charge({ amount: charge.amount, idempotencyKey: charge.gatewayKey, source: charge.source });
  const paid = outcome.status === 'succeeded';
  const payment = await repo.insertPayment(tx, {
    id: `pay_${randomBytes(8).toString('hex')}`,
    accountId: charge.account.accountId,
    ...(charge.at ? { createdAt: charge.at } : {}),
    amount: charge.amount,
    paymentType: 'credit_card',
    last4: charge.last4,
    cardType: charge.cardType,
    transactionId: outcome.transactionId,
    paymentStatus: paid ? 'Paid' : 'Failed',
    confirmationNumber: paid ? confirmationNumber() : null,
    failureReason: paid ? null : outcome.reason,
    idempotencyKey: charge.idempotencyKey,
    requestFingerprint: charge.requestFingerprint,
    paidByContactId: charge.paidByContactId,
  });
  const account = paid ? await bringDownBalance(tx, charge) : charge.account;
  return { payment, account };
}

type ChargeData = DomainEventData<'payment.succeeded'>;

/** Who charged, how, and whom to tell: what the event of a charge says besides the payment. */
export interface ChargeContext {
  actor: DomainEventActor;
  meta?: ClientMeta;
  charge: ChargeData['charge'];
  accountName: string;
  notify: ChargeData['notify'];
}

/** The event of a charge (decision 0041): payment.succeeded or payment.failed, with what its receipt or notice needs. */
export function chargeEvent({ payment, account }: ChargeResult, context: ChargeContext): NewDomainEvent<'payment.succeeded' | 'payment.failed'> {
  const paid = payment.paymentStatus === 'Paid';
  return {
    type: paid ? 'payment.succeeded' : 'payment.failed',
    accountId: account.accountId,
    actor: context.actor,
    ...(context.meta && { meta: context.meta }),
    data: {
      payment: {
        id: payment.id,
        external_id: payment.externalId,
        amount: payment.amount,
        last4: payment.last4,
        status: paid ? 'Paid' : 'Failed',
        confirmation_number: payment.confirmationNumber,
        transaction_id: payment.transactionId,
        failure_reason: payment.failureReason,
        automatic: payment.paidByContactId === null,
        paid_at: payment.createdAt.toISOString(),
      },
      balance: account.balance,
      paid_by_contact_id: payment.paidByContactId,
      charge: context.charge,
      account_name: context.accountName,
      notify: context.notify,
    },
  };
}

/** Past-due first: what the payment covers of the past-due balance comes off it, and the days past due end when it is paid off. */
function bringDownBalance(tx: Executor, charge: CardCharge): Promise<repo.BillingAccountRow> {
  const amountCents = cents(charge.amount);
  const pastDueCents = Math.max(0, cents(charge.account.pastDueBalance) - amountCents);
  return repo.updateBillingAccount(tx, charge.account.id, {
    balance: (cents(charge.account.balance) - amountCents) / 100,
    pastDueBalance: pastDueCents / 100,
    daysPastDue: pastDueCents === 0 ? 0 : charge.account.daysPastDue,
  });
}
