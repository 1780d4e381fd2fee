import type { BillingAccount, Order, Payment, Statement } from '@portal/contract';
import type { BillingAccountRow, OrderItemRow, OrderRow, PaymentRow } from './billing.repository.js';
import type { StatementWithBalances } from './statement-balances.js';

/** The wire forms of docs/product.md §3 (Billing account, Statement, Payment, Order). */
export function toBillingAccount(row: BillingAccountRow): BillingAccount {
  const card =
    row.cardGatewayToken && row.cardLast4 && row.cardType
      ? {
          first_name: row.cardFirstName ?? '',
          last_name: row.cardLastName ?? '',
          last_4: row.cardLast4,
          type: row.cardType,
          exp_month: row.cardExpMonth ?? '',
          exp_year: row.cardExpYear ?? '',
        }
      : null;
  return {
    id: row.id,
    balance: row.balance,
    days_past_due: row.daysPastDue,
    past_due_balance: row.pastDueBalance,
    credits: row.credits,
    billing_cycle_month_date: row.billingCycleMonthDate,
    payment_method: row.paymentMethod,
    automatic_payments: row.automaticPayments,
    credit_card_info: card,
  };
}

export function toPayment(row: PaymentRow): Payment {
  return {
    _id: row.id,
    created: row.createdAt.toISOString(),
    amount: row.amount,
    payment_type: row.paymentType,
    last_4_of_credit_card: row.last4,
    merchant_api_response: { transaction_id: row.transactionId },
    payment_status: row.paymentStatus,
    confirmation_number: row.confirmationNumber,
    check_number: row.checkNumber,
    failure_reason: row.failureReason,
    card_type: row.cardType,
  };
}

export function toStatement({ statement, closing, dueDate, number, charges, outstanding, status }: StatementWithBalances): Statement {
  return {
    _id: statement.id,
    created: statement.createdAt.toISOString(),
    amount_due: closing,
    period_start: statement.periodStart,
    period_end: statement.periodEnd,
    due_date: dueDate,
    number,
    new_charges: charges,
    amount_outstanding: outstanding,
    status,
  };
}

export function toOrder(row: OrderRow & { items: OrderItemRow[] }): Order {
  return {
    pk: row.id,
    name: row.name,
    date_created: row.createdAt.toISOString(),
    status: row.status,
    quote_id: row.quoteId,
    notes: row.notes,
    account_id: row.accountId,
    order_items: row.items.map((item) => ({ pk: item.id, ...orderItemFields(item) })),
  };
}

/** An order item's fields on the wire, but its id: the customer API calls it `pk`, the provider API `id`. */
export function orderItemFields(item: OrderItemRow) {
  return {
    prod_description: item.prodDescription,
    quantity: item.quantity,
    purchase_type: item.purchaseType,
    price: item.price,
    price_per_unit: item.pricePerUnit,
    provision_status: item.provisionStatus,
    activation_date: item.activationDate?.toISOString() ?? null,
    completed: item.completed,
    auto_provision: item.autoProvision,
    taxable: item.taxable,
    tax_percent: item.taxPercent,
    account_service_snapshot: item.accountServiceSnapshot ?? null,
    metadata: item.metadata,
  };
}
