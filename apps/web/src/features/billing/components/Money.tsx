import { Text, type TextProps } from '@mantine/core';
import { formatMoney } from '../../../shared/format';

/** An amount in USD that never breaks across lines, in figures that line up. */
export function Money({ amount, ...props }: { amount: number } & TextProps) {
  return (
    <Text span inherit style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }} {...props}>
      {formatMoney(amount)}
    </Text>
  );
}

/** A value (a date, a card) that stays on one line. */
export function NoWrap({ children, ...props }: { children: React.ReactNode } & TextProps) {
  return (
    <Text span inherit style={{ whiteSpace: 'nowrap' }} {...props}>
      {children}
    </Text>
  );
}
