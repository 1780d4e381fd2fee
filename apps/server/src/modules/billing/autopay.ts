import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { SYSTEM } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import type { PaymentGateway } from '../../platform/payment-gateway.js';
import { billingContactsOf } from '../users/index.js';
import * as repo from './billing.repository.js';
import { chargeCard, chargeEvent } from './card-charge.js';

/** A missed cycle day (the portal was down) is still charged within this many days of it. */
export const AUTOPAY_CATCH_UP_DAYS = 3;
/** A refused charge is tried again after this long, at most AUTOPAY_MAX_ATTEMPTS times a cycle. */
export const AUTOPAY_RETRY_AFTER_HOURS = 20;
export const AUTOPAY_MAX_ATTEMPTS = 3;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface AutoPayCycle {
  /** 'YYYY-MM' of the month the current cycle began in. */
  id: string;
  /** The cycle day itself (a 31 in a 30-day month falls on the 30th). */
  start: Date;
}

const daysIn = (year: number, monthIndex: number) => new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();

/** The latest cycle day on or before `now` (UTC calendar days). */
export function currentCycle(now: Date, cycleDay: number): AutoPayCycle {
  let year = now.getUTCFullYear();
  let month = now.getUTCMonth();
  let start = new Date(Date.UTC(year, month, Math.min(cycleDay, daysIn(year, month))));
  if (start.getTime() > now.getTime()) {
    month -= 1;
    if (month < 0) {
      month = 11;
      year -= 1;
    }
    start = new Date(Date.UTC(year, month, Math.min(cycleDay, daysIn(year, month))));
  }
  return { id: `${year}-${String(month + 1).padStart(2, '0')}`, start };
}

export type AutoPayDecision = 'charge' | 'paid' | 'not-due' | 'retry-later' | 'gave-up';

/** Whether this run should charge, given the cycle's earlier attempts (oldest first). */
export function decide(now: Date, cycle: AutoPayCycle, attempts: Array<{ paymentStatus: string; createdAt: Date }>): AutoPayDecision {
  if (attempts.some((a) => a.paymentStatus === 'Paid')) return 'paid';
  if (attempts.length === 0) return now.getTime() - cycle.start.getTime() < (AUTOPAY_CATCH_UP_DAYS + 1) * DAY_MS ? 'charge' : 'not-due';
  if (attempts.length >= AUTOPAY_MAX_ATTEMPTS) return 'gave-up';
  const last = attempts[attempts.length - 1]!;
  return now.getTime() - last.createdAt.getTime() >= AUTOPAY_RETRY_AFTER_HOURS * HOUR_MS ? 'charge' : 'retry-later';
}

export interface AutoPayRunSummary {
  charged: number;
  failed: number;
  /** Accounts another runner held, or with nothing to do this run. */
  skipped: number;
}

export interface AutoPayDeps {
  db: Database;
  gateway: PaymentGateway;
  events: EventRecorder;
}

/**
 * Charges the balance of every account with auto-pay on, once per billing cycle, to its stored
 * card. Safe to run on every instance at once: each account is claimed with a row lock that other
 * runners skip, the cycle's attempts are read under that lock, and each attempt's idempotency key
 * (`autopay:<billing id>:<cycle>:<attempt>`) is unique, so no cycle is charged twice.
 */
export function createAutoPayRunner({ db, gateway, events }: AutoPayDeps) {
  async function runForAccount(billingId: string, now: Date): Promise<'charged' | 'failed' | 'skipped'> {
    return inTransaction(db, async (tx) => {
      const account = await repo.claimBillingAccount(tx, billingId);
      if (!account || !account.automaticPayments || !account.cardGatewayToken || account.balance <= 0) return 'skipped' as const;
      const cycle = currentCycle(now, account.billingCycleMonthDate);
      const prefix = `autopay:${account.id}:${cycle.id}:`;
      const attempts = await repo.autoPayAttempts(tx, account.accountId, prefix);
      if (decide(now, cycle, attempts) !== 'charge') return 'skipped' as const;

      const attemptKey = `${prefix}${attempts.length + 1}`;
      const charged = await chargeCard(tx, gateway, {
        account,
        amount: account.balance,
        idempotencyKey: attemptKey,
        gatewayKey: attemptKey,
        requestFingerprint: 'autopay',
        source: { token: account.cardGatewayToken },
        last4: account.cardLast4 ?? '',
        cardType: account.cardType,
        paidByContactId: null,
        at: now,
      });
      // Every billing contact hears of an automatic payment, charged or refused.
      const notify = (await billingContactsOf(tx, account.accountId)).map((c) => ({ contact_id: c.id, email: c.email, firstname: c.firstname }));
      await events.record(
        tx,
        chargeEvent(charged, {
          actor: SYSTEM,
          charge: { mode: 'autopay', cycle: cycle.id, attempt: attempts.length + 1 },
          accountName: await repo.accountNameOf(tx, account.accountId),
          notify,
        }),
      );
      const paid = charged.payment.paymentStatus === 'Paid';
      return paid ? ('charged' as const) : ('failed' as const);
    });
  }

  return {
    async runOnce(now = new Date()): Promise<AutoPayRunSummary> {
      const summary: AutoPayRunSummary = { charged: 0, failed: 0, skipped: 0 };
      for (const candidate of await repo.autoPayCandidates(db)) {
        const outcome = await runForAccount(candidate.id, now);
        summary[outcome] += 1;
      }
      return summary;
    },
  };
}
export type AutoPayRunner = ReturnType<typeof createAutoPayRunner>;
