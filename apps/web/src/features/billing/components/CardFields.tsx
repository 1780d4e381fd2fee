import { Group, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CARD_TYPE_NAMES, CARD_TYPES, cardTypeFromPrefix, cardTypeMismatch, securityCodeRefusal, type CardType } from '@portal/contract';
import type { ChangeEvent } from 'react';
import { CARD_MONTHS, CARD_TYPE_LABELS, cardYears } from '../billing-display';

/** The names the two card forms use for the same fields (the payment's cc_* and the stored card's). */
export interface CardFieldNames {
  firstName: string;
  lastName: string;
  number: string;
  month: string;
  year: string;
  type: string;
  cvc: string;
}
export const PAYMENT_CARD_FIELDS: CardFieldNames = {
  firstName: 'cc_first_name',
  lastName: 'cc_last_name',
  number: 'cc_num',
  month: 'cc_exp_month',
  year: 'cc_exp_year',
  type: 'cc_type',
  cvc: 'cc_cvc',
};
export const STORED_CARD_FIELDS: CardFieldNames = {
  firstName: 'first_name',
  lastName: 'last_name',
  number: 'number',
  month: 'exp_month',
  year: 'exp_year',
  type: 'type',
  cvc: 'cvc',
};

/**
 * What happens to what the payer types, as it is (docs/decisions/0014): the portal's server gets the
 * card and hands it to the gateway, and keeps neither the number nor the code.
 */
export const CARD_DATA_NOTE =
  'Our server passes your card number and security code to our payment processor without storing or logging them; we keep only the last four digits.';
export const SECURITY_CODE_REQUIRED = 'Security code is required';

const TYPE_OPTIONS = CARD_TYPES.map((type) => ({ value: type, label: CARD_TYPE_LABELS[type] }));
const isCardType = (value: unknown): value is CardType => CARD_TYPES.includes(value as CardType);

/**
 * The card checks the schema cannot make, as the gateway makes them: the number's network against the
 * chosen type, and a security code of the card's length (3 digits, 4 on American Express).
 */
export function cardFieldErrors(values: Record<string, unknown>, names: CardFieldNames): Record<string, string> {
  const errors: Record<string, string> = {};
  const type = values[names.type];
  const numberIs = cardTypeFromPrefix(String(values[names.number] ?? ''));
  if (numberIs && isCardType(type) && numberIs !== type) errors[names.type] = cardTypeMismatch(CARD_TYPE_NAMES[numberIs], CARD_TYPE_NAMES[type]);
  const cvc = String(values[names.cvc] ?? '');
  if (cvc === '') errors[names.cvc] = SECURITY_CODE_REQUIRED;
  else if (isCardType(type)) {
    const refusal = securityCodeRefusal(cvc, type);
    if (refusal) errors[names.cvc] = refusal;
  }
  return errors;
}

/**
 * First and last name, number, expiry month and year, type (docs/product.md §5), and the security
 * code, all required. The type follows the number's first digits as they are typed; the payer can
 * still choose another, and a mismatch is refused before anything is sent.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- both card forms share these inputs under different field names
export function CardFields({ form, names }: { form: UseFormReturnType<any>; names: CardFieldNames }) {
  const numberProps = form.getInputProps(names.number);
  const onNumberChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.currentTarget.value;
    const before = cardTypeFromPrefix(String(form.getValues()[names.number] ?? ''));
    numberProps.onChange(event);
    // Only when the digits name a network other than before: a type the payer chose stays while they type on.
    const now = cardTypeFromPrefix(typed);
    if (now && now !== before) form.setFieldValue(names.type, now);
  };
  const type = form.getValues()[names.type];
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput label="First name on card" required autoComplete="cc-given-name" {...form.getInputProps(names.firstName)} />
        <TextInput label="Last name on card" required autoComplete="cc-family-name" {...form.getInputProps(names.lastName)} />
      </SimpleGrid>
      <TextInput
        label="Card number"
        required
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 5678 9012 3456"
        maxLength={23}
        {...numberProps}
        onChange={onNumberChange}
      />
      <Group grow gap="sm" align="flex-start" wrap="wrap">
        <Select label="Month" required data={CARD_MONTHS} allowDeselect={false} autoComplete="cc-exp-month" miw={96} {...form.getInputProps(names.month)} />
        <Select label="Year" required data={cardYears()} allowDeselect={false} autoComplete="cc-exp-year" miw={104} {...form.getInputProps(names.year)} />
        <Select label="Card type" required data={TYPE_OPTIONS} allowDeselect={false} miw={150} {...form.getInputProps(names.type)} />
        <TextInput
          label="Security code (CVC)"
          description={type === 'amex' ? '4 digits, on the front' : '3 digits, on the back'}
          required
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          miw={120}
          {...form.getInputProps(names.cvc)}
        />
      </Group>
      <Text size="xs" c="dimmed">
        {CARD_DATA_NOTE}
      </Text>
    </>
  );
}
