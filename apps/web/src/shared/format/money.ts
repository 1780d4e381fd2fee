import { CURRENCY, LOCALE } from '@portal/contract';

// Made on first use, not when the module loads: building a currency formatter loads the locale's number data, ~100 ms
// of a phone's main thread (decision 0022), which the screens without an amount (tickets, apps) need not pay.
let usd: Intl.NumberFormat | undefined;

/** USD in en-US (docs/product.md §9), e.g. $1,234.50. Amounts travel as numbers and are formatted only here. */
export function formatMoney(amount: number): string {
  usd ??= new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });
  return usd.format(amount);
}
