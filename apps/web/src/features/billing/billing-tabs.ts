/** The six tabs of docs/product.md §2, in order; the address keeps the open one (?tab=statements). */
export const BILLING_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'statements', label: 'Statements' },
  { value: 'payments', label: 'Payment History' },
  { value: 'orders', label: 'Orders' },
  { value: 'pay', label: 'Make Payment' },
  { value: 'autopay', label: 'Auto Payments' },
] as const;
export type BillingTab = (typeof BILLING_TABS)[number]['value'];
