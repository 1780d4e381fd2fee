import { Alert, Button, NumberInput, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCircleCheck, IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { newCardPayment, storedCardPayment, type AcceptedBillingAccount, type Payment } from '@portal/contract';
import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { formatMoney } from '../../../shared/format';
import { usePayment } from '../api/billing-queries';
import { cardDefaults, cardTypeLabel } from '../billing-display';
import { newPaymentKey } from '../payment-key';
import { CardFields, PAYMENT_CARD_FIELDS } from './CardFields';
import { Money, NoWrap } from './Money';

export const PAYMENT_FAILED = 'Payment failed';

interface PaymentValues {
  amount: number | string;
  cc_first_name: string;
  cc_last_name: string;
  cc_num: string;
  cc_exp_month: string;
  cc_exp_year: string;
  cc_type: string;
}

type Mode = 'stored' | 'new';

/** The success notice: this server's receipt when the answer carries one; else what was sent (§7 describes no result). */
interface PaidNotice {
  amount: number;
  last4: string | null;
  receipt: Payment | null;
}

/** The amount field gives a number, or a string such as '200.00' while fixed decimals are shown; '' is no amount. */
function toAmount(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value.replace(/[$,]/g, ''));
}

/** The first message per field of a schema's refusal. */
function firstIssues(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

/**
 * Make Payment (docs/product.md §5): the stored card or a new one, an amount in cents. Each attempt
 * has its own Idempotency-Key, kept while the payer retries the same payment, so a double press
 * or a retried request charges once; the button is disabled while a payment runs.
 */
export function MakePaymentTab({ billingId, account }: { billingId: string; account: AcceptedBillingAccount }) {
  const card = account.credit_card_info;
  const [mode, setMode] = useState<Mode>(card ? 'stored' : 'new');
  // The form's validator is made once; it reads the mode of the moment through this ref.
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const [paid, setPaid] = useState<PaidNotice | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const attemptKey = useRef(newPaymentKey());
  const pay = usePayment(billingId);
  const form = useForm<PaymentValues>({
    initialValues: { amount: account.balance > 0 ? account.balance : '', cc_first_name: '', cc_last_name: '', cc_num: '', ...prefixed(cardDefaults()) },
    // Another amount or card is another payment: it gets a key of its own.
    onValuesChange: () => {
      attemptKey.current = newPaymentKey();
    },
    validate: (values) => {
      const amount = toAmount(values.amount);
      if (modeRef.current === 'stored') return firstIssues(storedCardPayment.safeParse({ amount }));
      return firstIssues(newCardPayment.shape.payment.safeParse({ ...values, amount }));
    },
  });

  async function submit(values: PaymentValues) {
    setFailure(null);
    setPaid(null);
    const amount = toAmount(values.amount);
    const { amount: _amount, ...newCard } = values;
    try {
      const result = await pay.mutateAsync(
        mode === 'stored' ? { key: attemptKey.current, amount, mode } : { key: attemptKey.current, amount, mode, card: { ...newCard, cc_type: newCard.cc_type as 'visa' } },
      );
      if (result) {
        setPaid({ amount: result.payment.amount, last4: result.payment.last_4_of_credit_card, receipt: result.payment });
        // The next payment starts from the new balance (and, being new values, a new key).
        form.setValues({ amount: result.balance > 0 ? result.balance : '', cc_num: '' });
      } else {
        setPaid({ amount, last4: mode === 'stored' ? (card?.last_4 ?? null) : newCard.cc_num.replace(/\D/g, '').slice(-4), receipt: null });
        // Without a receipt the new balance is known only from the reload: the next payment starts empty, never as a repeat.
        form.setValues({ amount: '', cc_num: '' });
      }
    } catch (error) {
      if (error instanceof ApiError) form.setErrors(Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [key.replace(/^payment\./, ''), message])));
      setFailure(errorMessage(error, PAYMENT_FAILED));
    }
  }

  const amount = toAmount(form.values.amount);
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate aria-label="Make a payment">
      <Stack gap="md" maw={560}>
        <Text size="sm" c="dimmed">
          Current balance: <Money amount={account.balance} fw={600} c="var(--mantine-color-text)" />
        </Text>
        {paid && (
          <Alert color="green" variant="light" radius="md" icon={<IconCircleCheck size={20} aria-hidden="true" />} title="Payment received" role="status" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            <Money amount={paid.amount} fw={600} /> was charged to {paid.last4 ? <NoWrap>•••• {paid.last4}</NoWrap> : 'your card'}.
            {paid.receipt ? (
              <>
                {' '}Confirmation number <NoWrap ff="monospace">{paid.receipt.confirmation_number}</NoWrap>. A receipt is on its way by e-mail.
              </>
            ) : (
              ' Your balance and payment history are updated.'
            )}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" radius="md" icon={<IconAlertTriangle size={20} aria-hidden="true" />} title={PAYMENT_FAILED} role="alert" styles={{ title: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' } }}>
            {failure}
          </Alert>
        )}
        {card && (
          <SegmentedControl
            value={mode}
            onChange={(value) => {
              setMode(value as Mode);
              attemptKey.current = newPaymentKey();
            }}
            data={[
              { value: 'stored', label: `${cardTypeLabel(card.type)} •••• ${card.last_4}` },
              { value: 'new', label: 'New card' },
            ]}
            aria-label="Pay with"
            fullWidth
          />
        )}
        <NumberInput
          label="Amount"
          required
          prefix="$"
          decimalScale={2}
          fixedDecimalScale
          step={0.01}
          min={0.01}
          thousandSeparator=","
          inputMode="decimal"
          {...form.getInputProps('amount')}
        />
        {mode === 'new' && <CardFields form={form} names={PAYMENT_CARD_FIELDS} />}
        <Button type="submit" size="md" loading={pay.isPending} disabled={pay.isPending} leftSection={<IconLock size={16} aria-hidden="true" />}>
          {amount > 0 ? `Pay ${formatMoney(amount)}` : 'Pay'}
        </Button>
        <Text size="xs" c="dimmed">
          Card numbers go straight to our payment processor; we keep only the last four digits.
        </Text>
      </Stack>
    </form>
  );
}

const prefixed = (defaults: { exp_month: string; exp_year: string; type: string }) => ({ cc_exp_month: defaults.exp_month, cc_exp_year: defaults.exp_year, cc_type: defaults.type });
