import { Alert, Box, Button, Group, NumberInput, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck, IconLock } from '@tabler/icons-react';
import { amountBalanceRefusal, newCardPayment, storedCardPayment, type AcceptedBillingAccount, type Payment } from '@portal/contract';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { useSignedInUser } from '../../../shared/session';
import { usePayment } from '../api/billing-queries';
import { cardDefaults, cardTypeLabel } from '../billing-display';
import { newPaymentKey } from '../payment-key';
import { cardFieldErrors, CardFields, PAYMENT_CARD_FIELDS } from './CardFields';
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
  cc_cvc: string;
}

type Mode = 'stored' | 'new';
/** The form, then the confirmation (nothing is sent before Confirm), then the receipt (the form is not live again until asked for). */
type Step = 'form' | 'confirm' | 'paid';

/** An amount to start the form with, from outside (the 'Payment Overdue' box's Pay now); each press has a new id. */
export interface PaymentPrefill {
  amount: number;
  id: number;
}

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

const lastDigits = (number: string) => number.replace(/\D/g, '').slice(-4);

/**
 * Make Payment (docs/product.md §5): the stored card or a new one, an amount in cents. A payment is
 * reviewed before anything is charged: the confirmation shows the amount, the card and the account,
 * and only "Confirm payment" sends it. Each attempt has its own Idempotency-Key, kept while the payer
 * retries the same payment, so a double press or a retried request charges once. After a payment
 * the receipt stays until the payer asks for another payment, which starts with no amount
 * (docs/decisions/0014).
 */
export function MakePaymentTab({
  billingId,
  account,
  prefill = null,
}: {
  billingId: string;
  account: AcceptedBillingAccount;
  prefill?: PaymentPrefill | null;
}) {
  const card = account.credit_card_info;
  const { accountName } = useSignedInUser();
  const [mode, setMode] = useState<Mode>(card ? 'stored' : 'new');
  const [step, setStep] = useState<Step>('form');
  // The form's validator is made once; it reads the mode and balance of the moment through these refs.
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const balanceRef = useRef(account.balance);
  balanceRef.current = account.balance;
  const [paid, setPaid] = useState<PaidNotice | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const attemptKey = useRef(newPaymentKey());
  const pay = usePayment(billingId);
  const form = useForm<PaymentValues>({
    initialValues: {
      amount: prefill ? prefill.amount : account.balance > 0 ? account.balance : '',
      cc_first_name: '',
      cc_last_name: '',
      cc_num: '',
      cc_cvc: '',
      ...prefixed(cardDefaults()),
    },
    // The amount is checked as it is typed (the contract's limits and the balance), the rest when reviewed.
    validateInputOnChange: ['amount'],
    // Another amount or card is another payment: it gets a key of its own.
    onValuesChange: () => {
      attemptKey.current = newPaymentKey();
    },
    validate: (values) => {
      const amount = toAmount(values.amount);
      const errors =
        modeRef.current === 'stored'
          ? firstIssues(storedCardPayment.safeParse({ amount }))
          : {
              ...firstIssues(newCardPayment.shape.payment.safeParse({ ...values, amount })),
              ...cardFieldErrors(values as unknown as Record<string, unknown>, PAYMENT_CARD_FIELDS),
            };
      const overBalance = errors.amount ? null : amountBalanceRefusal(amount, balanceRef.current);
      return overBalance ? { ...errors, amount: overBalance } : errors;
    },
  });

  // Focus follows the step: into the confirmation, back to the button that opened it, onto the receipt or the failure.
  const focusNext = useRef<'confirm' | 'review' | 'receipt' | 'failure' | 'amount' | null>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const reviewRef = useRef<HTMLButtonElement>(null);
  const receiptRef = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const next = focusNext.current;
    focusNext.current = null;
    if (next) ({ confirm: confirmRef, review: reviewRef, receipt: receiptRef, failure: failureRef, amount: amountRef })[next].current?.focus();
  }, [step, failure]);

  // Pay now in the 'Payment Overdue' box: the amount it names, in a form that is live (never while a payment runs).
  const appliedPrefill = useRef(prefill?.id ?? null);
  useEffect(() => {
    if (!prefill || prefill.id === appliedPrefill.current) return;
    appliedPrefill.current = prefill.id;
    if (pay.isPending) return;
    form.setFieldValue('amount', prefill.amount);
    setPaid(null);
    setFailure(null);
    setStep('form');
  }, [prefill, pay.isPending, form]);

  function review() {
    setFailure(null);
    focusNext.current = 'confirm';
    setStep('confirm');
  }

  function back() {
    if (pay.isPending) return;
    focusNext.current = 'review';
    setStep('form');
  }

  async function confirm() {
    const values = form.getValues();
    const amount = toAmount(values.amount);
    const { amount: _amount, ...newCard } = values;
    try {
      const result = await pay.mutateAsync(
        mode === 'stored'
          ? { key: attemptKey.current, amount, mode }
          : { key: attemptKey.current, amount, mode, card: { ...newCard, cc_type: newCard.cc_type as 'visa' } },
      );
      setPaid(
        result
          ? { amount: result.payment.amount, last4: result.payment.last_4_of_credit_card, receipt: result.payment }
          : { amount, last4: mode === 'stored' ? (card?.last_4 ?? null) : lastDigits(newCard.cc_num), receipt: null },
      );
      focusNext.current = 'receipt';
      setStep('paid');
    } catch (error) {
      if (error instanceof ApiError)
        form.setErrors(Object.fromEntries(Object.entries(error.fields).map(([key, message]) => [key.replace(/^payment\./, ''), message])));
      focusNext.current = 'failure';
      setFailure(errorMessage(error, PAYMENT_FAILED));
      setStep('form');
    }
  }

  /** A deliberate new start: no amount (never the remaining balance), no card number or code, a new key. */
  function startAnother() {
    form.setValues({ amount: '', cc_num: '', cc_cvc: '' });
    form.clearErrors();
    attemptKey.current = newPaymentKey();
    setPaid(null);
    focusNext.current = 'amount';
    setStep('form');
  }

  const values = form.getValues();
  const amount = toAmount(values.amount);
  const typeLabel = cardTypeLabel(values.cc_type);
  const cardText = mode === 'stored' && card ? `${cardTypeLabel(card.type)} •••• ${card.last_4}` : `${typeLabel}, new card ending ${lastDigits(values.cc_num)}`;

  return (
    <Stack gap="md" maw={560}>
      <Text size="sm" c="dimmed">
        Current balance: <Money amount={account.balance} fw={600} c="var(--mantine-color-text)" />
      </Text>

      {step === 'paid' && paid && (
        <Stack gap="md" align="flex-start">
          <Alert
            ref={receiptRef}
            tabIndex={-1}
            color="green"
            variant="light"
            radius="md"
            icon={<IconCircleCheck size={20} aria-hidden="true" />}
            title="Payment received"
            role="status"
            w="100%"
            styles={{ title: { color: 'var(--mantine-color-text)' } }}
          >
            <Money amount={paid.amount} fw={600} /> was charged to {paid.last4 ? <NoWrap>•••• {paid.last4}</NoWrap> : 'your card'}.
            {paid.receipt ? (
              <>
                {paid.receipt.confirmation_number && (
                  <>
                    {' '}
                    Confirmation number <NoWrap ff="monospace">{paid.receipt.confirmation_number}</NoWrap>.
                  </>
                )}{' '}
                A receipt is on its way by e-mail.
              </>
            ) : (
              ' Your balance and payment history are updated.'
            )}
          </Alert>
          <Button variant="default" onClick={startAnother}>
            Make another payment
          </Button>
        </Stack>
      )}

      {step === 'confirm' && (
        <Box
          ref={confirmRef}
          tabIndex={-1}
          role="region"
          aria-labelledby="payment-confirmation-title"
          onKeyDown={(event: KeyboardEvent) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              back();
            }
          }}
          style={{ outline: 'none' }}
        >
          <Stack gap="md">
            <Title order={2} fz="lg" id="payment-confirmation-title">
              Confirm your payment
            </Title>
            <Box
              component="dl"
              m={0}
              style={{
                display: 'grid',
                gridTemplateColumns: 'auto minmax(0, 1fr)',
                columnGap: 'var(--mantine-spacing-md)',
                rowGap: 'var(--mantine-spacing-xs)',
              }}
            >
              <Text component="dt" c="dimmed" size="sm">
                Amount
              </Text>
              <Text component="dd" m={0} fw={700}>
                <Money amount={amount} />
              </Text>
              <Text component="dt" c="dimmed" size="sm">
                Card
              </Text>
              <Text component="dd" m={0}>
                {cardText}
              </Text>
              <Text component="dt" c="dimmed" size="sm">
                Account
              </Text>
              {/* A long name or billing id wraps, even inside the id, rather than pushing the page sideways on a phone. */}
              <Text component="dd" m={0} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                {accountName}{' '}
                <Text span inherit c="dimmed">
                  (billing id {billingId})
                </Text>
              </Text>
            </Box>
            <Text size="sm" c="dimmed">
              Nothing is charged until you confirm.
            </Text>
            <Group gap="sm">
              <Button variant="default" onClick={back} disabled={pay.isPending}>
                Back
              </Button>
              <Button onClick={() => void confirm()} loading={pay.isPending} disabled={pay.isPending} leftSection={<IconLock size={16} aria-hidden="true" />}>
                Confirm payment
              </Button>
            </Group>
          </Stack>
        </Box>
      )}

      {step === 'form' && (
        <form onSubmit={form.onSubmit(review)} noValidate aria-label="Make a payment">
          <Stack gap="md">
            {failure && (
              <Alert
                ref={failureRef}
                tabIndex={-1}
                color="red"
                variant="light"
                radius="md"
                icon={<IconAlertTriangle size={20} aria-hidden="true" />}
                title={PAYMENT_FAILED}
                role="alert"
                styles={{ title: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' } }}
              >
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
              ref={amountRef}
              label="Amount"
              required
              prefix="$"
              decimalScale={2}
              fixedDecimalScale
              step={0.01}
              min={0.01}
              // A figure out of bounds is told, never quietly changed into another amount.
              clampBehavior="none"
              allowNegative={false}
              thousandSeparator=","
              inputMode="decimal"
              {...form.getInputProps('amount')}
            />
            {mode === 'new' && <CardFields form={form} names={PAYMENT_CARD_FIELDS} />}
            <Button ref={reviewRef} type="submit" size="md">
              Review payment
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

const prefixed = (defaults: { exp_month: string; exp_year: string; type: string }) => ({
  cc_exp_month: defaults.exp_month,
  cc_exp_year: defaults.exp_year,
  cc_type: defaults.type,
});
