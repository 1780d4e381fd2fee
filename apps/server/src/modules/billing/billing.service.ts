import { createHash, randomUUID } from 'node:crypto';
import type { BillingAccount, CardType, Order, Payment, Statement, z } from '@portal/contract';
import type { billingAccountPatch, creditCardInput, newCardPayment } from '@portal/contract';
import type { AppConfig } from '../../config/index.js';
import type { Database, Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { contactActor } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import { AppError, notFound } from '../../platform/app-error.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import { CardRefused, type CardDetails, type PaymentGateway } from '../../platform/payment-gateway.js';
import type { Caller } from '../auth/index.js';
import { toBillingAccount, toOrder, toPayment, toStatement } from './billing-wire.js';
import {
  amountRefusal,
  CARD_NEEDED_FOR_AUTOPAY,
  isValidIdempotencyKey,
  KEY_INVALID,
  KEY_REUSED,
  NO_BILLING_ACCOUNT,
  NO_STORED_CARD,
} from './billing.policy.js';
import * as repo from './billing.repository.js';
import { chargeCard, chargeEvent } from './card-charge.js';
import { receiptNumberOf, renderReceiptPdf } from './receipt-pdf.js';
import { renderStatementPdf } from './statement-pdf.js';
import { withBalances } from './statement-balances.js';

type NewCardPayment = z.output<typeof newCardPayment>['payment'];
type CardInput = z.output<typeof creditCardInput>;
type AccountPatch = z.output<typeof billingAccountPatch>;

export interface BillingServiceDeps {
  db: Database;
  gateway: PaymentGateway;
  events: EventRecorder;
  config: Pick<AppConfig, 'publicUrl' | 'provider'>;
}

/** A charge and what the payer is told: the first answer of an idempotency key, replayed on a retry. */
interface PaymentAnswer {
  payment: repo.PaymentRow;
  balance: number;
}

/** A number as part of a file name: a billing system's number may hold slashes or spaces. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '-');

const fingerprintOf = (request: Record<string, unknown>) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

/** Balance, statements, card payments, the stored card and auto-pay, orders (decision 0014): the billing group, in its own account only. */
export function createBillingService({ db, gateway, events, config }: BillingServiceDeps) {
  const by = (caller: Caller, meta: ClientMeta) => ({ accountId: caller.accountId, actor: contactActor(caller), meta });

  async function accountOf(executor: Executor, caller: Caller, billingId: string, lock = false): Promise<repo.BillingAccountRow> {
    const row = lock
      ? await repo.lockBillingAccount(executor, caller.accountId, billingId)
      : await repo.findBillingAccount(executor, caller.accountId, billingId);
    if (!row) throw new AppError('not_found', NO_BILLING_ACCOUNT);
    return row;
  }

  /** No key is a single attempt; a key that was sent must be well formed (a malformed one is never taken as none). */
  function checkKey(key: string | undefined): string | undefined {
    if (key !== undefined && !isValidIdempotencyKey(key)) throw new AppError('validation_failed', KEY_INVALID);
    return key;
  }

  /** A card the gateway will not take (number, type, expiry) is a form error on the field at fault; nothing is written. */
  const CARD_FORM_FIELDS = {
    stored: { number: 'credit_card_info.number', expiry: 'credit_card_info.exp_month', type: 'credit_card_info.type', cvc: 'credit_card_info.cvc' },
    payment: { number: 'payment.cc_num', expiry: 'payment.cc_exp_month', type: 'payment.cc_type', cvc: 'payment.cc_cvc' },
  } as const;
  function asFormError(error: unknown, form: keyof typeof CARD_FORM_FIELDS): unknown {
    if (!(error instanceof CardRefused)) return error;
    return new AppError('validation_failed', error.message, { [CARD_FORM_FIELDS[form][error.field]]: error.message });
  }

  async function tokenize(card: CardDetails) {
    try {
      return await gateway.tokenize(card);
    } catch (error) {
      throw asFormError(error, 'stored');
    }
  }

  /**
   * Exactly once per idempotency key: the account row is locked first, so a second request with
   * the same key waits for the first to commit and then finds its payment and answers with it.
   * The key is optional (the spec's call has none): without one a request is a single attempt,
   * charged once and not remembered, and the gateway gets a key of its own for that attempt.
   */
  async function pay(
    caller: Caller,
    billingId: string,
    key: string | undefined,
    request: { amount: number; mode: 'new-card' | 'stored-card'; last4?: string },
    chargeSource: (account: repo.BillingAccountRow) => Promise<{ source: { card: CardDetails } | { token: string }; last4: string; cardType: CardType | null }>,
    meta: ClientMeta,
  ): Promise<{ payment: Payment; balance: number }> {
    const answer: PaymentAnswer = await inTransaction(db, async (tx) => {
      // The account first: another account's id is 404 whatever the key, as on every billing call.
      const account = await accountOf(tx, caller, billingId, true);
      const idempotencyKey = checkKey(key);
      const requestFingerprint = idempotencyKey === undefined ? null : fingerprintOf(request);
      const earlier = idempotencyKey === undefined ? undefined : await repo.paymentByKey(tx, caller.accountId, idempotencyKey);
      if (earlier) {
        if (earlier.requestFingerprint !== requestFingerprint) throw new AppError('conflict', KEY_REUSED);
        return { payment: earlier, balance: account.balance };
      }
      const refusal = amountRefusal(request.amount, account.balance);
      if (refusal) throw new AppError('validation_failed', refusal, { amount: refusal });
      const { source, last4, cardType } = await chargeSource(account);
      const charged = await chargeCard(tx, gateway, {
        account,
        amount: request.amount,
        idempotencyKey: idempotencyKey ?? null,
        gatewayKey: idempotencyKey ?? `once:${randomUUID()}`,
        requestFingerprint,
        source,
        last4,
        cardType,
        paidByContactId: caller.contactId,
      }).catch((error: unknown) => {
        throw asFormError(error, 'payment');
      });
      const { payment } = charged;
      const paid = payment.paymentStatus === 'Paid';
      // The payer gets the receipt; a refused payment is told by the answer, not by mail.
      const payer = { contact_id: caller.contactId, email: caller.email, firstname: caller.firstname };
      await events.record(
        tx,
        chargeEvent(charged, {
          actor: contactActor(caller),
          meta,
          charge: { mode: request.mode },
          accountName: caller.account.name,
          notify: paid ? [payer] : [],
        }),
      );
      return { payment, balance: charged.account.balance };
    });
    // A refused charge is recorded (committed above) and then reported as the failure it is.
    if (answer.payment.paymentStatus !== 'Paid') throw new AppError('payment_failed', answer.payment.failureReason ?? 'Payment failed');
    return { payment: toPayment(answer.payment), balance: answer.balance };
  }

  /** What the gateway gets of a card; the security code, when given, only here (never in a row, the audit or an event). */
  const cardDetails = (card: { number: string; exp_month: string; exp_year: string; type: CardInput['type']; cvc?: string | undefined }): CardDetails => ({
    number: card.number,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    type: card.type,
    ...(card.cvc === undefined ? {} : { cvc: card.cvc }),
  });

  const recordAutoPayChanged = (tx: Executor, caller: Caller, meta: ClientMeta, on: boolean, cardRemoved: boolean) =>
    events.record(tx, { type: 'autopay.changed', ...by(caller, meta), data: { automatic_payments: on, card_removed: cardRemoved } });

  async function storeCard(tx: Executor, caller: Caller, account: repo.BillingAccountRow, card: CardInput, meta: ClientMeta) {
    const stored = await tokenize(cardDetails(card));
    const updated = await repo.updateBillingAccount(tx, account.id, {
      cardFirstName: card.first_name,
      cardLastName: card.last_name,
      cardLast4: stored.last4,
      cardType: stored.type,
      cardExpMonth: card.exp_month,
      cardExpYear: card.exp_year,
      cardGatewayToken: stored.token,
      paymentMethod: 'credit_card',
    });
    await events.record(tx, {
      type: 'card.stored',
      ...by(caller, meta),
      data: {
        card: { type: stored.type, last4: stored.last4, exp_month: card.exp_month, exp_year: card.exp_year },
        replaced: account.cardGatewayToken !== null,
      },
    });
    return updated;
  }

  async function dropCard(tx: Executor, caller: Caller, account: repo.BillingAccountRow, meta: ClientMeta) {
    const updated = await repo.updateBillingAccount(tx, account.id, {
      automaticPayments: false,
      cardFirstName: null,
      cardLastName: null,
      cardLast4: null,
      cardType: null,
      cardExpMonth: null,
      cardExpYear: null,
      cardGatewayToken: null,
      paymentMethod: account.paymentMethod === 'credit_card' ? null : account.paymentMethod,
    });
    if (account.cardGatewayToken) {
      await events.record(tx, {
        type: 'card.removed',
        ...by(caller, meta),
        data: { card: { type: account.cardType, last4: account.cardLast4 }, autopay_turned_off: account.automaticPayments },
      });
    }
    // Removing the card turns auto-pay off with it: a receiver following auto-pay hears of that too.
    if (account.automaticPayments) await recordAutoPayChanged(tx, caller, meta, false, true);
    return updated;
  }

  return {
    async account(caller: Caller, billingId: string): Promise<BillingAccount> {
      return toBillingAccount(await accountOf(db, caller, billingId));
    },

    async payments(caller: Caller, billingId: string): Promise<Payment[]> {
      await accountOf(db, caller, billingId);
      return (await repo.listPayments(db, caller.accountId)).map(toPayment);
    },

    async statements(caller: Caller, billingId: string, now = new Date()): Promise<Statement[]> {
      await accountOf(db, caller, billingId);
      const history = await repo.statementHistory(db, caller.accountId);
      return withBalances(history.statements, history.paid, now).map(toStatement).reverse();
    },

    async statementPdf(caller: Caller, statementId: string, meta: ClientMeta, now = new Date()) {
      const history = await repo.statementHistory(db, caller.accountId);
      const entry = withBalances(history.statements, history.paid, now).find((e) => e.statement.id === statementId);
      if (!entry) throw notFound('The statement');
      const billingId = caller.account.billingApiId ?? '';
      const account = billingId ? await repo.findBillingAccount(db, caller.accountId, billingId) : undefined;
      const pdf = await renderStatementPdf({
        provider: config.provider,
        account: { name: caller.account.name, billingId },
        entry,
        howToPay: {
          payUrl: `${config.publicUrl}/billing?tab=pay`,
          autoPayUrl: `${config.publicUrl}/billing?tab=autopay`,
          autoPay: account?.automaticPayments ? { cardLast4: account.cardLast4, cycleDay: account.billingCycleMonthDate } : null,
        },
        today: now.toISOString().slice(0, 10),
      });
      await inTransaction(db, (tx) => events.record(tx, { type: 'statement.downloaded', ...by(caller, meta), data: { statement_id: statementId } }));
      const date = entry.statement.createdAt.toISOString().slice(0, 10);
      return { _id: statementId, created: entry.statement.createdAt.toISOString(), filename: `statement-${date}.pdf`, pdf: pdf.toString('base64') };
    },

    /** A successful payment's receipt; a failed (or refunded) payment has none, so it is a 404 like another account's. */
    async receiptPdf(caller: Caller, billingId: string, paymentId: string, meta: ClientMeta) {
      await accountOf(db, caller, billingId);
      const payment = await repo.findPayment(db, caller.accountId, paymentId);
      if (!payment || payment.paymentStatus !== 'Paid') throw notFound('The payment receipt');
      const number = receiptNumberOf(payment);
      const pdf = await renderReceiptPdf({ provider: config.provider, account: { name: caller.account.name, billingId }, payment, number });
      await inTransaction(db, (tx) => events.record(tx, { type: 'receipt.downloaded', ...by(caller, meta), data: { payment_id: payment.id } }));
      return { _id: payment.id, number, filename: `receipt-${fileSafe(number)}.pdf`, pdf: pdf.toString('base64') };
    },

    payWithNewCard(caller: Caller, billingId: string, payment: NewCardPayment, key: string | undefined, meta: ClientMeta) {
      const card = cardDetails({
        number: payment.cc_num,
        exp_month: payment.cc_exp_month,
        exp_year: payment.cc_exp_year,
        type: payment.cc_type,
        cvc: payment.cc_cvc,
      });
      const source = async () => ({ source: { card }, last4: card.number.slice(-4), cardType: card.type });
      return pay(caller, billingId, key, { amount: payment.amount, mode: 'new-card', last4: card.number.slice(-4) }, source, meta);
    },

    payWithStoredCard(caller: Caller, billingId: string, amount: number, key: string | undefined, meta: ClientMeta) {
      return pay(
        caller,
        billingId,
        key,
        { amount, mode: 'stored-card' },
        async (account) => {
          if (!account.cardGatewayToken || !account.cardLast4) throw new AppError('validation_failed', NO_STORED_CARD);
          return { source: { token: account.cardGatewayToken }, last4: account.cardLast4, cardType: account.cardType };
        },
        meta,
      );
    },

    /** Auto-pay on or off, a card stored (or replaced), or — the DELETE fallback — auto-pay off and the card emptied. */
    async update(caller: Caller, billingId: string, patch: AccountPatch, meta: ClientMeta): Promise<BillingAccount> {
      // Storing a card asks the gateway for a token inside the transaction, which a second run would
      // repeat (the charges carry an idempotency key, the tokenizing does not): run once, a lost race is a 503.
      const storesCard = 'credit_card_info' in patch && 'number' in patch.credit_card_info;
      return inTransaction(
        db,
        async (tx) => {
          const account = await accountOf(tx, caller, billingId, true);
          if ('credit_card_info' in patch && 'number' in patch.credit_card_info) {
            return toBillingAccount(await storeCard(tx, caller, account, patch.credit_card_info as CardInput, meta));
          }
          if ('credit_card_info' in patch) return toBillingAccount(await dropCard(tx, caller, account, meta));
          const on = patch.automatic_payments;
          if (on && !account.cardGatewayToken)
            throw new AppError('validation_failed', CARD_NEEDED_FOR_AUTOPAY, { automatic_payments: CARD_NEEDED_FOR_AUTOPAY });
          if (on === account.automaticPayments) return toBillingAccount(account);
          const updated = await repo.updateBillingAccount(tx, account.id, { automaticPayments: on });
          await recordAutoPayChanged(tx, caller, meta, on, false);
          return toBillingAccount(updated);
        },
        { attempts: storesCard ? 1 : undefined },
      );
    },

    async removeCard(caller: Caller, billingId: string, meta: ClientMeta): Promise<void> {
      await inTransaction(db, async (tx) => {
        const account = await accountOf(tx, caller, billingId, true);
        await dropCard(tx, caller, account, meta);
      });
    },

    async orders(caller: Caller): Promise<Order[]> {
      return (await repo.listOrders(db, caller.accountId)).map(toOrder);
    },

    async order(caller: Caller, orderId: number): Promise<Order> {
      const [row] = await repo.listOrders(db, caller.accountId, orderId);
      if (!row) throw notFound('The order');
      return toOrder(row);
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
