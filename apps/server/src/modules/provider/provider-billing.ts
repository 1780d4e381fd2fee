import type { ProviderListQuery, ProviderPayment, ProviderPaymentInput, ProviderStatement, ProviderStatementInput } from '@portal/contract';
import type { Database } from '../../db/client.js';
import type { ClientMeta } from '../../platform/client-meta.js';
import type { BillingSync, PaymentRow, StatementRow } from '../billing/index.js';
import type { ProviderCaller } from './api-keys.js';
import { accountIdOf, feedPosition, toPage, byKey } from './provider-support.js';

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
 * Statements and payments from the provider's billing system, by external id. What is the provider's own stays here
 * (its key, external ids, cursors and wire shapes); the writes are the billing module's commands (decision 0041).
 */
export function createProviderBilling(db: Database, sync: BillingSync) {
  return {
    async upsertStatement(provider: ProviderCaller, accountExternalId: string, externalId: string, input: ProviderStatementInput, meta: ClientMeta) {
      const accountId = await accountIdOf(db, accountExternalId);
      const { created, row } = await sync.pushStatement(byKey(provider, meta), accountId, externalId, input);
      return { created, item: statementWire(row) };
    },

    async upsertPayment(provider: ProviderCaller, accountExternalId: string, externalId: string, input: ProviderPaymentInput, meta: ClientMeta) {
      const accountId = await accountIdOf(db, accountExternalId);
      const { created, row } = await sync.pushPayment(byKey(provider, meta), accountId, externalId, input);
      return { created, item: paymentWire(row) };
    },

    async listStatements(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await sync.changedStatements(accountId, feedPosition(query, false), query.limit);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => statementWire(r.row),
      );
    },

    async listPayments(accountExternalId: string, query: ProviderListQuery) {
      const accountId = await accountIdOf(db, accountExternalId);
      const rows = await sync.changedPayments(accountId, feedPosition(query, false), query.limit);
      return toPage(
        rows,
        query.limit,
        (r) => r.row.id,
        (r) => paymentWire(r.row),
      );
    },
  };
}
