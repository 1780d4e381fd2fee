/*
 * The Billing screen against a portal API that answers exactly as the spec describes (§3, §7), with
 * none of this server's additions: the answers are the spec-shaped table's (packages/contract/src/spec-shaped).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aStoredSession } from '../../../test/fixtures';
import { renderSignedIn, stubApi } from '../../../test/signed-in';
import { specShapedRoutes } from '../../../test/spec-shaped';
import { BillingPage } from './BillingPage';

/** §7: every billing call addresses the account by the session's account.billing_api_id. */
const BILLING = '/api/billing/account/BA-1001';
const session = aStoredSession({ billing_group: true, account: { billing_api_id: 'BA-1001', name: 'Spec Logistics' } });
const render = (route = '/billing') => renderSignedIn(<BillingPage />, { route, session });
const callsTo = (fetchMock: ReturnType<typeof stubApi>, key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://portal.test').pathname}` === key);

/** Today, on the browser's calendar: 20 November 2026, after the spec account's billing day (the 15th). */
const TODAY = new Date(2026, 10, 20, 12);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('BillingPage against spec-shaped answers', () => {
  it('shows the overdue box, the balance with its days past due, the past-due and credits boxes, and the next invoice rolled to next month', async () => {
    const fetchMock = stubApi(specShapedRoutes('getBillingAccount'));
    render();
    const balance = await screen.findByRole('group', { name: 'Current Balance' });
    expect(balance).toHaveTextContent('$1,250.50');
    // §9: shown in the balance card above 15 days (20).
    expect(balance).toHaveTextContent('20 days past due');
    expect(screen.getAllByRole('region', { name: 'Payment Overdue' })[0]).toHaveTextContent('20 days past due with $300.00 outstanding');
    expect(screen.getByRole('group', { name: 'Past Due' })).toHaveTextContent('$300.00');
    expect(screen.getByRole('group', { name: 'Credits' })).toHaveTextContent('$25.00');
    // §9: the 15th has passed on the 20th, so the next invoice is next month's 15th.
    expect(screen.getByRole('group', { name: 'Next Invoice' })).toHaveTextContent('Dec 15, 2026');
    expect(screen.getByRole('group', { name: 'Payment method' })).toHaveTextContent('Visa •••• 4242');
    expect(callsTo(fetchMock, `GET ${BILLING}`)).toHaveLength(1);
  });

  it('puts the next invoice on this month’s billing day while it has not passed', async () => {
    vi.setSystemTime(new Date(2026, 10, 10, 12));
    stubApi(specShapedRoutes('getBillingAccount'));
    render();
    expect(await screen.findByRole('group', { name: 'Next Invoice' })).toHaveTextContent('Nov 15, 2026');
  });

  it('lists the statements and downloads a bare base64 PDF as statement-{date}.pdf', async () => {
    const user = userEvent.setup();
    const saved: Array<{ filename: string; blob: Blob }> = [];
    let blob: Blob | undefined;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => ((blob = b), 'blob:statement')), revokeObjectURL: vi.fn() }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ filename: this.download, blob: blob! });
    });
    const fetchMock = stubApi(specShapedRoutes('getBillingAccount', 'listStatements', 'getStatementPdf'));
    render('/billing?tab=statements');
    const table = await screen.findByRole('table', { name: 'Statements' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table).toHaveTextContent('Nov 1, 2026');
    expect(table).toHaveTextContent('Oct 1, 2026');
    await user.click(within(table).getByRole('button', { name: 'Download the statement of Nov 1, 2026' }));
    expect(await screen.findByText('statement-2026-11-01.pdf is downloading.')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]!.filename).toBe('statement-2026-11-01.pdf');
    expect(saved[0]!.blob.type).toBe('application/pdf');
    expect(new TextDecoder().decode((await saved[0]!.blob.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect(callsTo(fetchMock, `GET ${BILLING}/statements`)).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET /api/crm/accounts/statements/ST-2026-11')).toHaveLength(1);
  });

  it('lists the payment history and the orders, and opens an order’s details', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(specShapedRoutes('getBillingAccount', 'listPayments', 'listOrders', 'getOrder'));
    render('/billing?tab=payments');
    const payments = await screen.findByRole('table', { name: 'Payment history' });
    expect(payments).toHaveTextContent('$420.00');
    expect(payments).toHaveTextContent('Card •••• 4242');
    expect(payments).toHaveTextContent('Paid');
    expect(payments).toHaveTextContent('CONF-5001');
    expect(callsTo(fetchMock, `GET ${BILLING}/payments`)).toHaveLength(1);

    await user.click(screen.getByRole('tab', { name: 'Orders' }));
    const orders = await screen.findByRole('table', { name: 'Orders' });
    expect(orders).toHaveTextContent('Voice seats upgrade');
    expect(orders).toHaveTextContent('New Order');
    expect(orders).toHaveTextContent('$125.00');
    await user.click(within(orders).getByRole('button', { name: 'View details of Voice seats upgrade' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voice seats upgrade' });
    expect(await within(dialog).findByText('Hosted Voice seat')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/crm/orders/901')).toHaveLength(1));
  });

  it('opens Make Payment on the stored card with the balance, and a new card defaults to next year, month 01, Visa', async () => {
    const user = userEvent.setup();
    stubApi(specShapedRoutes('getBillingAccount'));
    render('/billing?tab=pay');
    expect(await screen.findByRole('radio', { name: 'Visa •••• 4242' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveValue('$1,250.50');
    expect(screen.queryByRole('textbox', { name: /Card number/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'New card' }));
    expect(screen.getByRole('textbox', { name: /Card number/ })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Month' })).toHaveValue('01');
    expect(screen.getByRole('combobox', { name: 'Year' })).toHaveValue('2027');
    expect(screen.getByRole('combobox', { name: 'Card type' })).toHaveValue('Visa');
  });

  it('tells the payer a payment succeeded when the answer carries no result, and reloads the account and payments', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(specShapedRoutes('getBillingAccount', 'listPayments', 'payWithStoredCard'));
    render('/billing?tab=payments');
    await screen.findByRole('table', { name: 'Payment history' });
    await user.click(screen.getByRole('tab', { name: 'Make Payment' }));
    const amount = await screen.findByRole('textbox', { name: /Amount/ });
    await user.clear(amount);
    await user.type(amount, '300');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(screen.getByRole('button', { name: 'Confirm payment' }));

    const notice = await screen.findByRole('status', { name: 'Payment received' });
    expect(notice).toHaveTextContent('Payment received');
    expect(notice).toHaveTextContent('$300.00 was charged to •••• 4242. Your balance and payment history are updated.');
    expect(notice).not.toHaveTextContent('Confirmation number');
    const [payment] = callsTo(fetchMock, `POST ${BILLING}/payments/creditcard-onfile`);
    expect(JSON.parse(String(payment![1]!.body))).toEqual({ amount: 300 });
    expect((payment![1]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{32,36}$/);
    // The form is not live again until asked for, and the next payment starts empty, not as a repeat of this one.
    expect(screen.queryByRole('textbox', { name: /Amount/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay \$|^Review payment$|^Confirm payment$/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make another payment' }));
    expect(screen.getByRole('textbox', { name: /Amount/ })).toHaveValue('');
    await waitFor(() => expect(callsTo(fetchMock, `GET ${BILLING}`)).toHaveLength(2));
    await user.click(screen.getByRole('tab', { name: 'Payment History' }));
    await screen.findByRole('table', { name: 'Payment history' });
    await waitFor(() => expect(callsTo(fetchMock, `GET ${BILLING}/payments`)).toHaveLength(2));
  });

  it('turns auto-pay on and removes the card through the session’s billing_api_id, where the answers carry no result', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(specShapedRoutes('getBillingAccount', 'setAutoPay', 'removeStoredCard'));
    render('/billing?tab=autopay');
    await user.click(await screen.findByRole('switch', { name: /Automatic payments/ }));
    expect(await screen.findByText('Automatic payments are on.')).toBeInTheDocument();
    expect(JSON.parse(String(callsTo(fetchMock, `PATCH ${BILLING}`)[0]![1]!.body))).toEqual({ automatic_payments: true });

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('The card was removed and automatic payments are off.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `DELETE ${BILLING}/payments/creditcard`)).toHaveLength(1);
    // Each change reloads the account from the API rather than needing it in the answer.
    await waitFor(() => expect(callsTo(fetchMock, `GET ${BILLING}`)).toHaveLength(3));
  });
});
