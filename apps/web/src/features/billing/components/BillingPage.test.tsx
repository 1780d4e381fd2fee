import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../../../test/fixtures';
import { failure, ok, pending, renderSignedIn, stubApi } from '../../../test/signed-in';
import { BILLING, aPayment, anAccount, callsTo, renderBilling } from './billing-test-helpers';
import { CARD_NEEDED } from './AutoPayTab';
import { BillingPage, NO_BILLING_ID } from './BillingPage';

afterEach(() => vi.unstubAllGlobals());

describe('BillingPage', () => {
  it('shows Finance / Billing, the balance with its days past due, the overdue box and the stored card; past-due shows, zero credits do not', async () => {
    const fetchMock = stubApi({ [`GET ${BILLING}`]: ok(anAccount()) });
    renderBilling();
    const balance = await screen.findByRole('group', { name: 'Current Balance' });
    expect(balance).toHaveTextContent('$1,234.50');
    expect(balance).toHaveTextContent('18 days past due');
    expect(screen.getByRole('group', { name: 'Past Due' })).toHaveTextContent('$400.00');
    expect(screen.queryByRole('group', { name: 'Credits' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Payment Overdue').length).toBeGreaterThan(0);
    expect(screen.getByRole('group', { name: 'Payment method' })).toHaveTextContent('Visa •••• 4242');
    // Statements, payments and orders wait for their tab.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves out days past due at 15 or below and the overdue box at 0', async () => {
    stubApi({ [`GET ${BILLING}`]: ok(anAccount({ days_past_due: 0, past_due_balance: 0, credits: 25, credit_card_info: null })) });
    renderBilling();
    const balance = await screen.findByRole('group', { name: 'Current Balance' });
    expect(balance).not.toHaveTextContent('past due');
    expect(screen.queryByText('Payment Overdue')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Past Due' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Credits' })).toHaveTextContent('$25.00');
    expect(screen.queryByRole('group', { name: 'Payment method' })).not.toBeInTheDocument();
  });

  it('says so when the session has no billing id', () => {
    const session = aStoredSession();
    renderSignedIn(<BillingPage />, { route: '/billing', session: { ...session, account: { ...session.account, billing_api_id: null } } });
    expect(screen.getByText(NO_BILLING_ID)).toBeInTheDocument();
  });

  it('loads statements on entering their tab, and offers Retry when they fail', async () => {
    const user = userEvent.setup();
    let fail = true;
    const fetchMock = stubApi({
      [`GET ${BILLING}`]: ok(anAccount()),
      [`GET ${BILLING}/statements`]: () =>
        fail ? failure(500, 'boom') : ok([{ _id: 'st_1', created: '2026-11-05T10:00:00.000Z', amount_due: 99.5, due_date: '2026-11-25' }]),
    });
    renderBilling();
    await user.click(await screen.findByRole('tab', { name: 'Statements' }));
    expect(await screen.findByText('Failed to load statements')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByText('$99.50')).length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, `GET ${BILLING}/statements`)).toHaveLength(2);
  });

  it('pays with the stored card once, after its confirmation, with an Idempotency-Key, and shows the new balance without a reload', async () => {
    const user = userEvent.setup();
    let answer: (r: Response) => void = () => undefined;
    let paid = false;
    const fetchMock = stubApi({
      [`GET ${BILLING}`]: () => ok(anAccount(paid ? { balance: 1034.5 } : {})),
      [`POST ${BILLING}/payments/creditcard-onfile`]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [`GET ${BILLING}/payments`]: ok([]),
    });
    renderBilling('/billing?tab=pay');
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    expect(amount).toHaveValue('$1,234.50');
    await user.clear(amount);
    await user.type(amount, '200');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    // Changed from one click: "Pay $200.00" used to charge at once; now only Confirm does (decision 0014).
    expect(callsTo(fetchMock, `POST ${BILLING}/payments/creditcard-onfile`)).toHaveLength(0);
    const confirm = screen.getByRole('button', { name: 'Confirm payment' });
    await user.click(confirm);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm payment' })).toBeDisabled());
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    const [call] = callsTo(fetchMock, `POST ${BILLING}/payments/creditcard-onfile`);
    expect(callsTo(fetchMock, `POST ${BILLING}/payments/creditcard-onfile`)).toHaveLength(1);
    expect((call![1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(JSON.parse(String(call![1]!.body))).toEqual({ amount: 200 });
    paid = true;
    answer(await ok({ payment: aPayment({ amount: 200 }), balance: 1034.5 }));
    expect(await screen.findByText('Payment received')).toBeInTheDocument();
    expect(screen.getByText('CNF-12345678')).toBeInTheDocument();
    expect(screen.getByText(/Current balance/)).toHaveTextContent('$1,034.50');
  });

  it('shows the gateway’s reason when a new card is declined, back on the form', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [`GET ${BILLING}`]: ok(anAccount({ credit_card_info: null })),
      [`POST ${BILLING}/payments/creditcard`]: failure(402, 'Your card was declined.'),
      [`GET ${BILLING}/payments`]: ok([]),
    });
    renderBilling('/billing?tab=pay');
    await user.type(await screen.findByRole('textbox', { name: /First name on card/ }), 'Ada');
    await user.type(screen.getByRole('textbox', { name: /Last name on card/ }), 'Payer');
    await user.type(screen.getByRole('textbox', { name: /Card number/ }), '4000 0000 0000 0002');
    await user.type(screen.getByRole('textbox', { name: /Security code/ }), '123');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment failed');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(alert).toHaveFocus();
    expect(screen.getByRole('textbox', { name: /Card number/ })).toHaveValue('4000 0000 0000 0002');
    const body = JSON.parse(String(callsTo(fetchMock, `POST ${BILLING}/payments/creditcard`)[0]![1]!.body));
    expect(body.payment).toMatchObject({
      amount: 1234.5,
      cc_num: '4000 0000 0000 0002',
      cc_exp_month: '01',
      cc_type: 'visa',
      cc_cvc: '123',
      cc_exp_year: String(new Date().getFullYear() + 1),
    });
  });

  it('asks for a card before turning auto-pay on, without calling the server', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({ [`GET ${BILLING}`]: ok(anAccount({ credit_card_info: null })) });
    renderBilling('/billing?tab=autopay');
    await user.click(await screen.findByRole('switch', { name: /Automatic payments/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CARD_NEEDED);
    expect(callsTo(fetchMock, `PATCH ${BILLING}`)).toHaveLength(0);
  });

  it('removes the card with DELETE, falling back to PATCH where DELETE is not available', async () => {
    const user = userEvent.setup();
    let removed = false;
    const fetchMock = stubApi({
      [`GET ${BILLING}`]: () => ok(removed ? anAccount({ credit_card_info: null }) : anAccount()),
      [`DELETE ${BILLING}/payments/creditcard`]: failure(501, 'not available'),
      [`PATCH ${BILLING}`]: () => ((removed = true), ok(anAccount({ credit_card_info: null, automatic_payments: false }))),
    });
    renderBilling('/billing?tab=autopay');
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove card' }));
    await waitFor(() => expect(callsTo(fetchMock, `PATCH ${BILLING}`)).toHaveLength(1));
    expect(JSON.parse(String(callsTo(fetchMock, `PATCH ${BILLING}`)[0]![1]!.body))).toEqual({ automatic_payments: false, credit_card_info: {} });
    expect(await screen.findByRole('button', { name: 'Add credit card' })).toBeInTheDocument();
  });

  it('shows the loading state while the account loads', () => {
    stubApi({ [`GET ${BILLING}`]: pending });
    renderBilling();
    expect(screen.getByText('Loading billing information')).toBeInTheDocument();
  });
});
