import { CURRENCY, LOCALE } from '@portal/contract';

const usd = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });

/** USD in en-US (docs/product.md §9), e.g. $1,234.50. Amounts travel as numbers and are formatted only here. */
export function formatMoney(amount: number): string {
  return usd.format(amount);
}
