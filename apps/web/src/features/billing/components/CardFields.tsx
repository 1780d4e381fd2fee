import { Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CARD_TYPES } from '@portal/contract';
import { CARD_MONTHS, CARD_TYPE_LABELS, cardYears } from '../billing-display';

/** The names the two card forms use for the same fields (the payment's cc_* and the stored card's). */
export interface CardFieldNames {
  firstName: string;
  lastName: string;
  number: string;
  month: string;
  year: string;
  type: string;
}
export const PAYMENT_CARD_FIELDS: CardFieldNames = { firstName: 'cc_first_name', lastName: 'cc_last_name', number: 'cc_num', month: 'cc_exp_month', year: 'cc_exp_year', type: 'cc_type' };
export const STORED_CARD_FIELDS: CardFieldNames = { firstName: 'first_name', lastName: 'last_name', number: 'number', month: 'exp_month', year: 'exp_year', type: 'type' };

const TYPE_OPTIONS = CARD_TYPES.map((type) => ({ value: type, label: CARD_TYPE_LABELS[type] }));

/** First and last name, number, expiry month and year, and type, all required (docs/product.md §5). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both card forms share these inputs under different field names
export function CardFields({ form, names }: { form: UseFormReturnType<any>; names: CardFieldNames }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="First name on card" required autoComplete="cc-given-name" {...form.getInputProps(names.firstName)} />
        <TextInput label="Last name on card" required autoComplete="cc-family-name" {...form.getInputProps(names.lastName)} />
      </SimpleGrid>
      <TextInput label="Card number" required inputMode="numeric" autoComplete="cc-number" placeholder="1234 5678 9012 3456" maxLength={23} {...form.getInputProps(names.number)} />
      <Group grow gap="sm" align="flex-start" wrap="wrap">
        <Select label="Month" required data={CARD_MONTHS} allowDeselect={false} autoComplete="cc-exp-month" miw={96} {...form.getInputProps(names.month)} />
        <Select label="Year" required data={cardYears()} allowDeselect={false} autoComplete="cc-exp-year" miw={104} {...form.getInputProps(names.year)} />
        <Select label="Card type" required data={TYPE_OPTIONS} allowDeselect={false} miw={150} {...form.getInputProps(names.type)} />
      </Group>
    </>
  );
}
