import type { PaymentRow, StatementRow } from './billing.repository.js';

/** A statement asks to be paid this many days after it is issued. */
export const STATEMENT_DUE_DAYS = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface StatementWithBalances {
  statement: StatementRow;
  /** What the previous statement left to pay. */
  opening: number;
  /** This statement's new charges (its stored lines). */
  charges: number;
  /** Payments received after the previous statement, up to this one. */
  payments: PaymentRow[];
  paymentsTotal: number;
  /** Opening plus charges less payments: what the statement asks to be paid. */
  closing: number;
  dueDate: string;
}

const cents = (value: number) => Math.round(value * 100);

export const dueDateOf = (issued: Date) => new Date(issued.getTime() + STATEMENT_DUE_DAYS * DAY_MS).toISOString().slice(0, 10);

/**
 * Carries the balance from statement to statement, oldest first, so every statement, the PDF and
 * the account's balance tell the same story: a statement's closing balance is the next one's
 * opening. Sums are in whole cents, so no float drift creeps in over years of statements.
 */
export function withBalances(statementsOldestFirst: StatementRow[], paidOldestFirst: PaymentRow[]): StatementWithBalances[] {
  let openingCents = 0;
  let previousIssued = Number.NEGATIVE_INFINITY;
  return statementsOldestFirst.map((statement) => {
    const issued = statement.createdAt.getTime();
    const inPeriod = paidOldestFirst.filter((p) => p.createdAt.getTime() > previousIssued && p.createdAt.getTime() <= issued);
    const paidCents = inPeriod.reduce((sum, p) => sum + cents(p.amount), 0);
    const chargesCents = cents(statement.amountDue);
    const closingCents = openingCents + chargesCents - paidCents;
    const result: StatementWithBalances = {
      statement,
      opening: openingCents / 100,
      charges: chargesCents / 100,
      payments: inPeriod,
      paymentsTotal: paidCents / 100,
      closing: closingCents / 100,
      dueDate: dueDateOf(statement.createdAt),
    };
    openingCents = closingCents;
    previousIssued = issued;
    return result;
  });
}
