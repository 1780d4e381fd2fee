import type { ProviderOrderInput, ProviderOrderItemInput, ProviderPaymentInput, ProviderStatementInput } from '@portal/contract';
import type { FeedPosition } from '../../db/change-feed.js';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { EventOrigin } from '../../events/domain-event.js';
import type { EventRecorder } from '../../events/event-recorder.js';
import {
  itemsOfOrders,
  moveOrder,
  orderByExternalId,
  ordersChangedAfter,
  paymentByExternalId,
  paymentsChangedAfter,
  replaceOrderItems,
  statementByExternalId,
  statementsChangedAfter,
  upsertOrderRow,
  upsertPaymentRow,
  upsertStatementRow,
  type OrderItemValues,
} from './billing-sync.repository.js';
import type { OrderItemRow, OrderRow, PaymentRow, StatementRow } from './billing.repository.js';

function itemValues(item: ProviderOrderItemInput): OrderItemValues {
  return {
    prodDescription: item.prod_description,
    quantity: item.quantity,
    purchaseType: item.purchase_type,
    price: item.price,
    pricePerUnit: item.price_per_unit,
    provisionStatus: item.provision_status,
    activationDate: item.activation_date === null ? null : new Date(item.activation_date),
    completed: item.completed,
    autoProvision: item.auto_provision,
    taxable: item.taxable,
    taxPercent: item.tax_percent,
    accountServiceSnapshot: item.account_service_snapshot,
    metadata: item.metadata,
  };
}

/** A value with its object keys sorted, so stored JSON (jsonb orders keys its own way) compares with what was sent. */
function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, item]) => [key, canonical(item)]),
    );
  }
  return value;
}

/** Whether the order already has exactly these items, in this order (compared field by field as written). */
const sameItems = (stored: OrderItemRow[], wanted: OrderItemValues[]) =>
  stored.length === wanted.length &&
  stored.every((row, index) => {
    const asked = wanted[index]!;
    const current = Object.fromEntries(Object.keys(asked).map((key) => [key, row[key as keyof OrderItemRow]]));
    return JSON.stringify(canonical(current)) === JSON.stringify(canonical(asked));
  });

/**
 * The statements, payments and orders the provider's billing, CRM and quoting systems push by external id, as commands
 * (decision 0041): the rules and events are here, the provider layer keeps its keys, ids, cursors and wire shapes. The
 * customer's balance, statements, PDFs and Orders tab are computed from these rows as from any other. A push that
 * changes nothing records nothing.
 */
export function createBillingSync({ db, events }: { db: Database; events: EventRecorder }) {
  return {
    async pushStatement(
      by: EventOrigin,
      accountId: number,
      externalId: string,
      input: ProviderStatementInput,
    ): Promise<{ created: boolean; row: StatementRow }> {
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
        const written = await upsertStatementRow(tx, accountId, externalId, fields);
        if (written) {
          await events.record(tx, {
            type: 'statement.pushed',
            accountId,
            ...by,
            data: { statement_id: written.id, external_id: externalId, created: written.created },
          });
        }
        return { created: written?.created ?? false, row: (await statementByExternalId(tx, accountId, externalId))! };
      });
    },

    async pushPayment(by: EventOrigin, accountId: number, externalId: string, input: ProviderPaymentInput): Promise<{ created: boolean; row: PaymentRow }> {
      const fields = {
        amount: input.amount,
        paymentType: input.payment_type,
        paymentStatus: input.status,
        ...(input.check_number !== undefined && { checkNumber: input.check_number }),
        ...(input.confirmation_number !== undefined && { confirmationNumber: input.confirmation_number }),
        ...(input.paid_at && { createdAt: new Date(input.paid_at) }),
      };
      return inTransaction(db, async (tx) => {
        const written = await upsertPaymentRow(tx, accountId, externalId, fields);
        if (written) {
          await events.record(tx, {
            type: 'payment.pushed',
            accountId,
            ...by,
            data: { payment_id: written.id, external_id: externalId, amount: input.amount, created: written.created },
          });
        }
        return { created: written?.created ?? false, row: (await paymentByExternalId(tx, accountId, externalId))! };
      });
    },

    /** An order; items given replace its items, but an identical list is left as it is, so a re-run keeps the items' ids. */
    async pushOrder(
      by: EventOrigin,
      accountId: number,
      externalId: string,
      input: ProviderOrderInput,
    ): Promise<{ created: boolean; order: OrderRow; items: OrderItemRow[] }> {
      // Absent fields keep what the order has; null clears a field.
      const fields = {
        name: input.name,
        status: input.status,
        ...(input.quote_id !== undefined && { quoteId: input.quote_id }),
        ...(input.notes !== undefined && { notes: input.notes }),
        ...(input.date_created !== undefined && { createdAt: new Date(input.date_created) }),
      };
      return inTransaction(db, async (tx) => {
        const row = await upsertOrderRow(tx, accountId, externalId, fields);
        // No row written: the order's own fields are as pushed; its items may still change below.
        const { created, ...written } = row ?? { created: false, ...(await orderByExternalId(tx, accountId, externalId))! };
        let order: OrderRow = written;
        let items = await itemsOfOrders(tx, accountId, [order.id]);
        let itemsReplaced = false;
        if (input.order_items !== undefined) {
          const wanted = input.order_items.map(itemValues);
          if (!sameItems(items, wanted)) {
            items = await replaceOrderItems(tx, accountId, order.id, wanted);
            itemsReplaced = true;
          }
        }
        // New items are a change of the order: it moves in `updated_since` even when its own fields did not change.
        if (itemsReplaced && !row) order = await moveOrder(tx, order.id);
        if (row || itemsReplaced) {
          await events.record(tx, {
            type: 'order.pushed',
            accountId,
            ...by,
            data: { order_id: order.id, external_id: externalId, created, items: items.length, items_replaced: itemsReplaced },
          });
        }
        return { created, order, items };
      });
    },

    /** The account's statements changed at or after a position, oldest change first. */
    changedStatements: (accountId: number, position: FeedPosition, limit: number) => statementsChangedAfter(db, accountId, position, limit),

    /** The account's payments changed at or after a position, those made in the portal included. */
    changedPayments: (accountId: number, position: FeedPosition, limit: number) => paymentsChangedAfter(db, accountId, position, limit),

    /** The account's orders changed at or after a position, each with its items (of the page's orders only, not the extra row). */
    async changedOrders(accountId: number, position: FeedPosition, limit: number) {
      const rows = await ordersChangedAfter(db, accountId, position, limit);
      const items = await itemsOfOrders(
        db,
        accountId,
        rows.slice(0, limit).map((r) => r.row.id),
      );
      return rows.map((r) => ({ ...r, items: items.filter((item) => item.orderId === r.row.id) }));
    },
  };
}
export type BillingSync = ReturnType<typeof createBillingSync>;
