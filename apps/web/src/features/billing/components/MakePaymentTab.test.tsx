/*
 * Decision 0014: no accidental charge, and the card form tells the truth. Pay now fills the amount the
 * overdue box names; every payment is confirmed before anything is sent; the form is not armed again
 * after a payment; the amount is checked as it is typed; the card's type follows its number; the
 * security code is asked for; the text under the card says what really happens to it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, stubApi } from '../../../test/signed-in';
import { BILLING, aPayment, anAccount, callsTo, renderBilling } from './billing-test-helpers';
import { CARD_DATA_NOTE, SECURITY_CODE_REQUIRED } from './CardFields';

afterEach(() => vi.unstubAllGlobals());

const PAY_NEW = `POST ${BILLING}/payments/creditcard`;
const PAY_STORED = `POST ${BILLING}/payments/creditcard-onfile`;
const amountField = () => screen.getByRole('textbox', { name: /Amount/ });
const cardType = () => screen.getByRole('combobox', { name: 'Card type' });

async function fillNewCard(user: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242', cvc = '123') {
  await user.type(await screen.findByRole('textbox', { name: /First name on card/ }), 'Ada');
  await user.type(screen.getByRole('textbox', { name: /Last name on card/ }), 'Payer');
  await user.type(screen.getByRole('textbox', { name: /Card number/ }), number);
  if (cvc) await user.type(screen.getByRole('textbox', { name: /Security code/ }), cvc);
}

describe('Pay now in the Payment Overdue box', () => {
  it('opens Make Payment with the past-due amount the box names, not the whole balance', async () => {
    const user = userEvent.setup();
    stubApi({ [`GET ${BILLING}`]: ok(anAccount()) });
    renderBilling();
    const [box] = await screen.findAllByRole('region', { name: 'Payment Overdue' });
    expect(box).toHaveTextContent('with $400.00 outstanding');
    await user.click(within(box!).getByRole('button', { name: 'Pay now' }));
    expect(await screen.findByRole('tab', { name: 'Make Payment', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /Amount/ })).toHaveValue('$400.00');
  });

  it('fills the past-due amount into a form that is already open', async () => {
    const user = userEvent.setup();
    stubApi({ [`GET ${BILLING}`]: ok(anAccount()) });
    renderBilling('/billing?tab=pay');
    await user.clear(await screen.findByRole('textbox', { name: /Amount/ }));
    await user.type(amountField(), '12');
    await user.click(screen.getAllByRole('button', { name: 'Pay now' })[0]!);
    await waitFor(() => expect(amountField()).toHaveValue('$400.00'));
  });

  it('fills the balance when the box names no past-due amount', async () => {
    const user = userEvent.setup();
    stubApi({ [`GET ${BILLING}`]: ok(anAccount({ past_due_balance: 0 })) });
    renderBilling();
    await user.click((await screen.findAllByRole('button', { name: 'Pay now' }))[0]!);
    expect(await screen.findByRole('textbox', { name: /Amount/ })).toHaveValue('$1,234.50');
  });
});

describe('the confirmation step', () => {
  it('shows the amount, the stored card and the account, sends nothing before Confirm, and takes focus in and back', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [`GET ${BILLING}`]: ok(anAccount()),
      [PAY_STORED]: ok({ payment: aPayment({ amount: 75 }), balance: 1159.5 }),
      [`GET ${BILLING}/payments`]: ok([]),
    });
    renderBilling('/billing?tab=pay');
    await user.clear(await screen.findByRole('textbox', { name: /Amount/ }));
    await user.type(amountField(), '75');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));

    const confirmation = screen.getByRole('region', { name: 'Confirm your payment' });
    expect(confirmation).toHaveFocus();
    expect(confirmation).toHaveTextContent('Amount$75.00');
    expect(confirmation).toHaveTextContent('CardVisa •••• 4242');
    expect(confirmation).toHaveTextContent('AccountNorthwind Traders (billing id bill-7)');
    expect(screen.queryByRole('form', { name: 'Make a payment' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, PAY_STORED)).toHaveLength(0);

    // Escape goes back to the form, its values kept, focus on the button that opened the confirmation.
    await user.keyboard('{Escape}');
    expect(amountField()).toHaveValue('$75.00');
    expect(screen.getByRole('button', { name: 'Review payment' })).toHaveFocus();
    // So does Back, by keyboard.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('region', { name: 'Confirm your payment' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Back' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(amountField()).toHaveValue('$75.00');
    expect(callsTo(fetchMock, PAY_STORED)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    expect(await screen.findByRole('status', { name: 'Payment received' })).toHaveFocus();
    expect(callsTo(fetchMock, PAY_STORED)).toHaveLength(1);
    expect(JSON.parse(String(callsTo(fetchMock, PAY_STORED)[0]![1]!.body))).toEqual({ amount: 75 });
  });

  it('names a new card by its type and last four digits', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [`GET ${BILLING}`]: ok(anAccount({ credit_card_info: null })) });
    renderBilling('/billing?tab=pay');
    await fillNewCard(user, '5555 5555 5555 4444');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    const confirmation = screen.getByRole('region', { name: 'Confirm your payment' });
    expect(confirmation).toHaveTextContent('CardMastercard, new card ending 4444');
    expect(confirmation).toHaveTextContent('Amount$1,234.50');
    await user.click(within(confirmation).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('textbox', { name: /Card number/ })).toHaveValue('5555 5555 5555 4444');
    expect(screen.getByRole('textbox', { name: /Security code/ })).toHaveValue('123');
    expect(callsTo(fetchMock, PAY_NEW)).toHaveLength(0);
  });
});

describe('after a payment', () => {
  it('shows the receipt and is not armed again: the next payment is a deliberate new start with no amount', async () => {
    const user = userEvent.setup();
    let paid = false;
    const fetchMock = stubApi({
      [`GET ${BILLING}`]: () => ok(anAccount(paid ? { balance: 1034.5 } : {})),
      [PAY_STORED]: () => ((paid = true), ok({ payment: aPayment({ amount: 200 }), balance: 1034.5 })),
      [`GET ${BILLING}/payments`]: ok([]),
    });
    renderBilling('/billing?tab=pay');
    await user.clear(await screen.findByRole('textbox', { name: /Amount/ }));
    await user.type(amountField(), '200');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));

    const receipt = await screen.findByRole('status', { name: 'Payment received' });
    expect(receipt).toHaveTextContent('$200.00 was charged to •••• 4242. Confirmation number CNF-12345678. A receipt is on its way by e-mail.');
    await waitFor(() => expect(screen.getByText(/Current balance/)).toHaveTextContent('$1,034.50'));
    // Nothing that pays is on the screen: no amount, no "Pay $1,034.50", no review or confirm.
    expect(screen.queryByRole('textbox', { name: /Amount/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay \$|^Review payment$|^Confirm payment$/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Make another payment' }));
    expect(amountField()).toHaveValue('');
    expect(amountField()).toHaveFocus();
    expect(screen.queryByRole('status', { name: 'Payment received' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(screen.queryByRole('region', { name: 'Confirm your payment' })).not.toBeInTheDocument();
    expect(screen.getByText('Amount must be a number')).toBeInTheDocument();
    expect(callsTo(fetchMock, PAY_STORED)).toHaveLength(1);
  });

  it('shows a receipt without a confirmation number when the answer has none', async () => {
    const user = userEvent.setup();
    stubApi({
      [`GET ${BILLING}`]: ok(anAccount()),
      [PAY_STORED]: ok({ payment: aPayment({ amount: 10, confirmation_number: null }), balance: 1224.5 }),
      [`GET ${BILLING}/payments`]: ok([]),
    });
    renderBilling('/billing?tab=pay');
    await user.clear(await screen.findByRole('textbox', { name: /Amount/ }));
    await user.type(amountField(), '10');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    const receipt = await screen.findByRole('status', { name: 'Payment received' });
    expect(receipt).toHaveTextContent('$10.00 was charged to •••• 4242. A receipt is on its way by e-mail.');
    expect(receipt).not.toHaveTextContent('Confirmation number');
  });
});

describe('the amount, checked as it is typed', () => {
  it.each([
    ['0', 'Amount must be greater than 0'],
    ['25000.01', 'Amount may be at most $25,000.00 per payment'],
    ['1234.51', 'The amount is more than the balance of $1,234.50.'],
  ])('%s: %s, before any submit', async (typed, message) => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [`GET ${BILLING}`]: ok(anAccount()) });
    renderBilling('/billing?tab=pay');
    await user.clear(await screen.findByRole('textbox', { name: /Amount/ }));
    await user.type(amountField(), typed);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    // Corrected, the message goes as the payer types.
    await user.clear(amountField());
    await user.type(amountField(), '12.5');
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, PAY_STORED)).toHaveLength(0);
  });

  it('says there is nothing to pay when the balance is zero', async () => {
    const user = userEvent.setup();
    stubApi({ [`GET ${BILLING}`]: ok(anAccount({ balance: 0, past_due_balance: 0, days_past_due: 0 })) });
    renderBilling('/billing?tab=pay');
    await user.type(await screen.findByRole('textbox', { name: /Amount/ }), '5');
    expect(await screen.findByText('There is nothing to pay: the balance is $0.00.')).toBeInTheDocument();
  });
});

describe('the card fields', () => {
  it('take the card type from the number as it is typed, and the payer can still choose another', async () => {
    const user = userEvent.setup();
    stubApi({ [`GET ${BILLING}`]: ok(anAccount({ credit_card_info: null })) });
    renderBilling('/billing?tab=pay');
    const number = await screen.findByRole('textbox', { name: /Card number/ });
    expect(cardType()).toHaveValue('Visa');
    for (const [typed, label] of [
      ['5555', 'Mastercard'],
      ['2221', 'Mastercard'],
      ['3782', 'American Express'],
      ['6011', 'Discover'],
      ['644', 'Discover'],
      ['4111', 'Visa'],
    ] as const) {
      await user.clear(number);
      await user.type(number, typed);
      expect(cardType(), typed).toHaveValue(label);
    }
    // The payer's own choice stays while they type on.
    await user.clear(number);
    await user.type(number, '5555');
    await user.click(cardType());
    await user.click(await screen.findByRole('option', { name: 'Visa' }));
    await user.type(number, ' 5555 5555 4444');
    expect(cardType()).toHaveValue('Visa');
  });

  it('refuse a number of another type than the one chosen before anything is sent, with a clear message', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [`GET ${BILLING}`]: ok(anAccount({ credit_card_info: null })) });
    renderBilling('/billing?tab=pay');
    await fillNewCard(user, '5555 5555 5555 4444');
    await user.click(cardType());
    await user.click(await screen.findByRole('option', { name: 'Visa' }));
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(await screen.findByText('This is a Mastercard card number, but Visa was chosen as the card type.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Confirm your payment' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, PAY_NEW)).toHaveLength(0);
  });

  it('ask for the security code: required, 3 digits, 4 on American Express, and sent with the card', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [`GET ${BILLING}`]: ok(anAccount({ credit_card_info: null })),
      [PAY_NEW]: ok({ payment: aPayment({ amount: 1234.5, last_4_of_credit_card: '0005' }), balance: 0 }),
      [`GET ${BILLING}/payments`]: ok([]),
    });
    renderBilling('/billing?tab=pay');
    await fillNewCard(user, '3782 822463 10005', '');
    const cvc = screen.getByRole('textbox', { name: /Security code/ });
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(await screen.findByText(SECURITY_CODE_REQUIRED)).toBeInTheDocument();
    await user.type(cvc, '123');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(await screen.findByText('An American Express security code has 4 digits.')).toBeInTheDocument();
    await user.type(cvc, '4');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await screen.findByRole('status', { name: 'Payment received' });
    expect(JSON.parse(String(callsTo(fetchMock, PAY_NEW)[0]![1]!.body)).payment).toMatchObject({
      cc_num: '3782 822463 10005',
      cc_type: 'amex',
      cc_cvc: '1234',
    });
  });

  it('show the server’s refusal of the security code on its field', async () => {
    const user = userEvent.setup();
    stubApi({
      [`GET ${BILLING}`]: ok(anAccount({ credit_card_info: null })),
      [PAY_NEW]: failure(400, 'A Visa security code has 3 digits.', { 'payment.cc_cvc': 'A Visa security code has 3 digits.' }),
      [`GET ${BILLING}/payments`]: ok([]),
    });
    renderBilling('/billing?tab=pay');
    await fillNewCard(user);
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    await screen.findByRole('alert');
    expect(screen.getByRole('textbox', { name: /Security code/ })).toHaveAccessibleDescription(expect.stringContaining('A Visa security code has 3 digits.'));
  });

  it('say truly what happens to the card: the portal’s server passes it on and keeps neither number nor code', async () => {
    const user = userEvent.setup();
    stubApi({ [`GET ${BILLING}`]: ok(anAccount()) });
    renderBilling('/billing?tab=pay');
    await user.click(await screen.findByRole('radio', { name: 'New card' }));
    expect(screen.getByText(CARD_DATA_NOTE)).toBeInTheDocument();
    expect(CARD_DATA_NOTE).toMatch(/^Our server passes your card number and security code to our payment processor without storing or logging them/);
    expect(document.body).not.toHaveTextContent(/straight to our payment processor/);
  });

  it('are the same in the stored card’s dialog: type from the number, security code sent', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [`GET ${BILLING}`]: ok(anAccount({ credit_card_info: null })),
      [`PATCH ${BILLING}`]: ok(
        anAccount({ credit_card_info: { first_name: 'Ada', last_name: 'Payer', last_4: '4444', type: 'mastercard', exp_month: '01', exp_year: '2030' } }),
      ),
    });
    renderBilling('/billing?tab=autopay');
    await user.click(await screen.findByRole('button', { name: 'Add credit card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add credit card' });
    await user.type(within(dialog).getByRole('textbox', { name: /First name on card/ }), 'Ada');
    await user.type(within(dialog).getByRole('textbox', { name: /Last name on card/ }), 'Payer');
    await user.type(within(dialog).getByRole('textbox', { name: /Card number/ }), '5555 5555 5555 4444');
    expect(within(dialog).getByRole('combobox', { name: 'Card type' })).toHaveValue('Mastercard');
    expect(within(dialog).getByText(CARD_DATA_NOTE)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText(SECURITY_CODE_REQUIRED)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Security code/ }), '321');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(callsTo(fetchMock, `PATCH ${BILLING}`)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, `PATCH ${BILLING}`)[0]![1]!.body)).credit_card_info).toMatchObject({
      number: '5555 5555 5555 4444',
      type: 'mastercard',
      cvc: '321',
    });
  });
});
