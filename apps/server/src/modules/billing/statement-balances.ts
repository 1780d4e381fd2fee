import type { StatementStatus } from '@portal/contract';
import type { PaymentRow, StatementRow } from './billing.repository.js';

/** A statement asks to be paid this many days after it is issued, unless the billing system sent a due date. */
export const STATEMENT_DUE_DAYS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StatementWithBalances {
  statement: StatementRow;
  /** The billing system's number, or the portal's (ST-<account>-<nnnn>). */
  number: string;
  /** What the previous statement left to pay. */
  opening: number;
  /** This statement's new charges (its stored lines, taxes included). */
  charges: number;
  /** Payments received after the previous statement, up to this one. */
  payments: PaymentRow[];
  paymentsTotal: number;
  /** Opening plus charges less payments: what the statement asks to be paid. */
  closing: number;
  dueDate: string;
  /** What is still unpaid of this statement's own charges, every payment settling the oldest charges first. */
  outstanding: number;
  status: StatementStatus;
}

const cents = (value: number) => Math.round(value * 100);

export const dueDateOf = (issued: Date) => new Date(issued.getTime() + STATEMENT_DUE_DAYS * DAY_MS).toISOString().slice(0, 10);

/**
 * The portal's number of a statement the billing system sent without one: its place among the
 * account's statements in the order they reached the portal (never reused, so a back-dated
 * statement takes the next number rather than renumbering the others; docs/decisions/0032).
 */
export const portalStatementNumber = (accountId: number, place: number) => `ST-${accountId}-${String(place).padStart(4, '0')}`;

/**
 * paid: nothing left of its charges; partly paid: some of it; due: none of it yet, the due date not
 * passed; overdue: something left after the due date (a partly paid statement past its due date too).
 */
export function statementStatus(chargesCents: number, outstandingCents: number, dueDate: string, today: string): StatementStatus {
  if (outstandingCents <= 0) return 'paid';
  if (today > dueDate) return 'overdue';
  return outstandingCents < chargesCents ? 'partly_paid' : 'due';
}

/**
 * Carries the balance from statement to statement, oldest first, so every statement, the PDF and
 * the account's balance tell the same story: a statement's closing balance is the next one's
 * opening. Sums are in whole cents, so no float drift creeps in over years of statements.
 *
 * Each statement's status follows from every payment received so far, applied to the oldest
 * charges first: a statement is paid once the payments cover its charges and all earlier ones.
 */
export function withBalances(statementsOldestFirst: StatementRow[], paidOldestFirst: PaymentRow[], now: Date = new Date()): StatementWithBalances[] {
  const places = new Map([...statementsOldestFirst].sort((a, b) => a.receivedOrder - b.receivedOrder).map((s, index) => [s.id, index + 1]));
  const today = now.toISOString().slice(0, 10);
  const everPaidCents = paidOldestFirst.reduce((sum, p) => sum + cents(p.amount), 0);
  let openingCents = 0;
  let chargedBeforeCents = 0;
  let previousIssued = Number.NEGATIVE_INFINITY;
  return statementsOldestFirst.map((statement) => {
    const issued = statement.createdAt.getTime();
    const inPeriod = paidOldestFirst.filter((p) => p.createdAt.getTime() > previousIssued && p.createdAt.getTime() <= issued);
    const paidCents = inPeriod.reduce((sum, p) => sum + cents(p.amount), 0);
    const chargesCents = cents(statement.amountDue);
    const closingCents = openingCents + chargesCents - paidCents;
    // What the payments so far leave of this statement's charges once every earlier charge is covered.
    const outstandingCents = Math.min(chargesCents, Math.max(0, chargedBeforeCents + chargesCents - everPaidCents));
    const dueDate = statement.dueDate ?? dueDateOf(statement.createdAt);
    const result: StatementWithBalances = {
      statement,
      number: statement.number ?? portalStatementNumber(statement.accountId, places.get(statement.id)!),
      opening: openingCents / 100,
      charges: chargesCents / 100,
      payments: inPeriod,
      paymentsTotal: paidCents / 100,
      closing: closingCents / 100,
      dueDate,
      outstanding: outstandingCents / 100,
      status: statementStatus(chargesCents, outstandingCents, dueDate, today),
    };
    openingCents = closingCents;
    chargedBeforeCents += chargesCents;
    previousIssued = issued;
    return result;
  });
}
