import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ProviderListQuery, ProviderPayment, ProviderPaymentInput, ProviderStatement, ProviderStatementInput } from '@portal/contract';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { payments, statements } from '../../db/schema/index.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { ProviderCaller } from './api-keys.js';
import { accountIdOf, cursorMicros, differsFromOffered, pageConditions, recordProviderChange, toPage } from './provider-support.js';

type StatementRow = typeof statements.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

export function statementWire(row: StatementRow): ProviderStatement {
  return {
    id: row.id,
    external_id: row.externalId,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    amount_due: row.amountDue,
    lines: row.lines.map((line) => ({ description: line.description, quantity: line.quantity, unit_price: line.unitPrice, amount: line.amount })),
    taxes: row.taxes.map((tax) => ({ description: tax.description, amount: tax.amount })),
    number: row.number,
    due_date: row.dueDate,
    issued_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function paymentWire(row: PaymentRow): ProviderPayment {
  return {
    id: row.id,
    external_id: row.externalId,
    amount: row.amount,
    payment_type: row.paymentType,
    status: row.paymentStatus,
    check_number: row.checkNumber,
    confirmation_number: row.confirmationNumber,
    made_in_portal: row.externalId === null,
    paid_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Statements and payments from the provider's billing system. The customer's balance, statements
 * and PDFs are computed from them as from any other (billing/statement-balances.ts).
 */
export function createProviderBilling(db: Database) {
  return {
    async upsertStatement(provider: ProviderCaller, accountExternalId: string, externalId: string, input: ProviderStatementInput, meta: ClientMeta) {
      const accountId = await accountIdOf(db, accountExternalId);
      const fields = {
        periodStart: input.period_start,
        periodEnd: input.period_end,
        amountDue: input.amount_due,
        lines: input.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unit_price, amount: line.amount })),
        taxes: input.taxes.map((tax) => ({ description: tax.description, amount: tax.amount })),
        // A PUT replaces the statement: a number or due date left out is the portal's again (decision 0032).
        number: input.number || null,
        dueDate: input.due_date ?? null,
        ...(input.issued_at && { createdAt: new Date(input.issued_at) }),
      };
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(statements)
          .values({ id: `st_${randomBytes(9).toString('base64url')}`, accountId, externalId, ...fields })
          .onConflictDoUpdate({
            target: [statements.accountId, statements.externalId],
            set: { ...fields, updatedAt: sql`now()` },
            setWhere: differsFromOffered(statements, Object.keys(fields)),
          })
          .returning({ id: statements.id, created: sql<boolean>`(xmax = 0)` });
        const [statement] = await tx
          .select()
          .from(statements)
          .where(and(eq(statements.accountId, accountId), eq(statements.externalId, externalId)));
        // No row written: the statement is as pushed, so nothing changed and there is nothing to record.
        if (row)
          await recordProviderChange(tx, provider, meta, row.created ? 'provider.statement_created' : 'provider.statement_updated', accountId, {
            statement_id: row.id,
            external_id: externalId,
          });
        return { created: row?.created ?? false, item: statementWire(statement!) };
      });
    },

    async upsertPayment(provider: ProviderCaller, accountExternalId: string, externalId: string, input: ProviderPaymentInput, meta: ClientMeta) {
      const accountId = await accountIdOf(db, accountExternalId);
      const fields = {
        amount: input.amount,
        paymentType: input.payment_type,
        paymentStatus: input.status,
        ...(input.check_number !== undefined && { checkNumber: input.check_number }),
        ...(input.confirmation_number !== undefined && { confirmationNumber: input.confirmation_number }),
        ...(input.paid_at && { createdAt: new Date(input.paid_at) }),
      };
      return inTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(payments)
          .values({ id: `pay_${randomBytes(9).toString('base64url')}`, accountId, externalId, ...fields })
          .onConflictDoUpdate({
            target: [payments.accountId, payments.externalId],
            set: { ...fields, updatedAt: sql`now()` },
            setWhere: differsFromOffered(payments, Object.keys(fields)),
          })
          .returning({ id: payments.id, created: sql<boolean>`(xmax = 0)` });
        const [payment] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.accountId, accountId), eq(payments.externalId, externalId)));
        // No row written: the payment is as pushed, so nothing changed and there is nothing to record.
        if (row) {
          await recordProviderChange(tx, provider, meta, row.created ? 'provider.payment_recorded' : 'provider.payment_updated', accountId, {
            payment_id: row.id,
            external_id: externalId,
            amount: input.amount,
          });
        }
        return { created: row?.created ?? false, item: paymentWire(payment!) };
      });
    },

    async listStatements(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await db
        .select({ row: statements, cursorMicros: cursorMicros(statements.updatedAt) })
        .from(statements)
        .where(and(eq(statements.accountId, accountId), pageConditions(query, statements.updatedAt, statements.id, false)))
        .orderBy(asc(statements.updatedAt), asc(statements.id))
        .limit(query.limit + 1);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => statementWire(r.row),
      );
    },

    async listPayments(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await db
        .select({ row: payments, cursorMicros: cursorMicros(payments.updatedAt) })
        .from(payments)
        .where(and(eq(payments.accountId, accountId), pageConditions(query, payments.updatedAt, payments.id, false)))
        .orderBy(asc(payments.updatedAt), asc(payments.id))
        .limit(query.limit + 1);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => paymentWire(r.row),
      );
    },
  };
}
