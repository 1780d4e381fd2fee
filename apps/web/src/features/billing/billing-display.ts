import { STATEMENT_STATUS_LABELS, type CardType, type Order, type Payment, type Statement, type StatementStatus } from '@portal/contract';

/** docs/product.md §9: days past due shows in the balance card only above 15. */
export const DAYS_PAST_DUE_SHOWN_ABOVE = 15;

/**
 * The next invoice: the next occurrence of the billing-cycle day, rolling to next month when this
 * month's has passed (docs/product.md §9). A 31st in a shorter month falls on its last day.
 */
export function nextInvoiceDate(cycleDay: number, today: Date = new Date()): Date {
  const at = (year: number, month: number) => new Date(year, month, Math.min(cycleDay, new Date(year, month + 1, 0).getDate()));
  const startOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const thisMonth = at(today.getFullYear(), today.getMonth());
  return thisMonth.getTime() >= startOfToday.getTime() ? thisMonth : at(today.getFullYear(), today.getMonth() + 1);
}

/** §7's statement-{date}.pdf, with the statement's calendar day in UTC: as this server names it, and the list shows it. */
export function statementFilename(created: string): string {
  const date = new Date(created);
  return Number.isNaN(date.getTime()) ? 'statement.pdf' : `statement-${date.toISOString().slice(0, 10)}.pdf`;
}

/** Card options (docs/product.md §5): months 01–12, the current year and the nine following; defaults next year, 01, visa. */
export const CARD_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
export const cardYears = (today: Date = new Date()) => Array.from({ length: 10 }, (_, i) => String(today.getFullYear() + i));
export const CARD_TYPE_LABELS: Record<CardType, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};
export const cardDefaults = (today: Date = new Date()) => ({ exp_month: '01', exp_year: String(today.getFullYear() + 1), type: 'visa' as const });

export const cardTypeLabel = (type: string) => CARD_TYPE_LABELS[type as keyof typeof CARD_TYPE_LABELS] ?? type;

const PAYMENT_TYPE_LABELS: Record<string, string> = { credit_card: 'Credit card', check: 'Check', credit: 'Credit', manual_ach: 'ACH transfer' };
export const paymentTypeLabel = (type: string) => PAYMENT_TYPE_LABELS[type] ?? type.replace(/_/g, ' ');

/** How a payment was made, in a few words: "Visa •••• 4242" ("Card •••• 4242" when the network is not known), "Check 4102". */
export function paymentMethodOf(payment: Payment): string {
  if (payment.payment_type === 'credit_card') {
    const card = payment.card_type ? cardTypeLabel(payment.card_type) : 'Card';
    return payment.last_4_of_credit_card ? `${card} •••• ${payment.last_4_of_credit_card}` : card;
  }
  if (payment.payment_type === 'check' && payment.check_number) return `Check ${payment.check_number}`;
  return paymentTypeLabel(payment.payment_type);
}

/** A receipt is offered for a payment that went through (docs/decisions/0032). */
export const hasReceipt = (payment: Payment) => payment.payment_status === 'Paid';

/** A statement's status in words ("Partly paid"); a value this screen does not know reads as sent. */
export const statementStatusLabel = (status: NonNullable<Statement['status']>) => STATEMENT_STATUS_LABELS[status as StatementStatus] ?? capitalised(status);
const STATEMENT_STATUS_COLOURS: Record<string, string> = { paid: 'green', partly_paid: 'yellow', due: 'blue', overdue: 'red' };
export const statementStatusColour = (status: string) => STATEMENT_STATUS_COLOURS[status] ?? 'gray';

export function paymentStatusColour(status: string): string {
  if (status === 'Paid') return 'green';
  if (status === 'Failed') return 'red';
  return 'gray';
}

/** Order statuses (docs/product.md §4): new_order reads 'New Order'. */
const ORDER_STATUS_LABELS: Record<string, string> = { new_order: 'New Order', completed: 'Completed', cancelled: 'Cancelled' };
export const orderStatusLabel = (status: Order['status']) => ORDER_STATUS_LABELS[status] ?? status.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
const ORDER_STATUS_COLOURS: Record<string, string> = { new_order: 'blue', completed: 'green', cancelled: 'gray' };
export const orderStatusColour = (status: Order['status']) => ORDER_STATUS_COLOURS[status] ?? 'yellow';

const PURCHASE_TYPE_LABELS: Record<string, string> = { upgrade: 'Upgrade', new_order: 'New order', nrc_product: 'One-time product' };
export const purchaseTypeLabel = (type: string) => PURCHASE_TYPE_LABELS[type] ?? type;
const PROVISION_COLOURS: Record<string, string> = { provisioned: 'green', failed: 'red', pending: 'yellow' };
export const provisionColour = (status: string) => PROVISION_COLOURS[status] ?? 'gray';
export const capitalised = (text: string) => text.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());

/** An order's total: the sum of its lines. */
export const orderTotal = (order: Order) => Math.round(order.order_items.reduce((sum, item) => sum + item.price * 100, 0)) / 100;

/** Rows of one page (1-based) and how many pages there are. */
export function pageOf<T>(rows: T[], page: number, size: number): { rows: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((current - 1) * size, current * size), pages };
}
