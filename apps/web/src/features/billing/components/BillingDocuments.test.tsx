import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Statement } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, stubApi } from '../../../test/signed-in';
import { BILLING, aPayment, anAccount, callsTo, renderBilling } from './billing-test-helpers';

/** The Statements tab's numbers, statuses and due dates, and the Payment History tab's receipts (decision 0032). */
const aStatement = (overrides: Partial<Statement>): Statement => ({
  _id: 'st_1',
  created: '2026-11-05T10:00:00.000Z',
  amount_due: 300,
  period_start: '2026-11-05',
  period_end: '2026-12-04',
  due_date: '2026-11-25',
  new_charges: 300,
  amount_outstanding: 300,
  status: 'due',
  ...overrides,
});

const saved: Array<{ filename: string; blob: Blob }> = [];
beforeEach(() => {
  saved.length = 0;
  let blob: Blob | undefined;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn((b: Blob) => ((blob = b), 'blob:document')), revokeObjectURL: vi.fn() }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ filename: this.download, blob: blob! });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PDF_BASE64 = btoa('%PDF-1.4 receipt');

describe('the Statements tab', () => {
  it('shows each statement’s number, status and due date, with what is left of a partly paid or overdue one', async () => {
    stubApi({
      [`GET ${BILLING}`]: ok(anAccount()),
      [`GET ${BILLING}/statements`]: ok([
        aStatement({ _id: 'st_4', number: 'ST-7-0004', created: '2026-11-05T10:00:00.000Z', due_date: '2026-11-25', status: 'due' }),
        aStatement({
          _id: 'st_3',
          number: 'INV-2026-10',
          created: '2026-10-05T10:00:00.000Z',
          due_date: '2026-10-25',
          status: 'partly_paid',
          amount_outstanding: 120.5,
        }),
        aStatement({
          _id: 'st_2',
          number: 'ST-7-0002',
          created: '2026-09-05T10:00:00.000Z',
          due_date: '2026-09-25',
          status: 'overdue',
          amount_outstanding: 300,
        }),
        aStatement({ _id: 'st_1', number: 'ST-7-0001', created: '2026-08-05T10:00:00.000Z', due_date: '2026-08-25', status: 'paid', amount_outstanding: 0 }),
      ]),
    });
    renderBilling('/billing?tab=statements');
    const table = await screen.findByRole('table', { name: 'Statements' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['ST-7-0004Nov 5, 2026', 'Nov 5, 2026 – Dec 4, 2026', 'Nov 25, 2026', '$300.00', 'Due', 'PDF'],
      ['INV-2026-10Oct 5, 2026', 'Nov 5, 2026 – Dec 4, 2026', 'Oct 25, 2026', '$300.00', 'Partly paid$120.50 unpaid', 'PDF'],
      ['ST-7-0002Sep 5, 2026', 'Nov 5, 2026 – Dec 4, 2026', 'Sep 25, 2026', '$300.00', 'Overdue$300.00 unpaid', 'PDF'],
      ['ST-7-0001Aug 5, 2026', 'Nov 5, 2026 – Dec 4, 2026', 'Aug 25, 2026', '$300.00', 'Paid', 'PDF'],
    ]);
    expect(within(table).getByRole('button', { name: 'Download statement INV-2026-10' })).toBeInTheDocument();
    // On a phone, one card per statement says the same.
    const cards = within(screen.getByRole('list', { name: 'Statements' })).getAllByRole('listitem');
    expect(cards[1]).toHaveTextContent(/^INV-2026-10/);
    expect(cards[1]).toHaveTextContent('Oct 5, 2026 · Due Oct 25, 2026 · $300.00');
    expect(cards[1]).toHaveTextContent('Partly paid$120.50 unpaid');
  });
});

describe('the Payment History tab', () => {
  it('downloads the receipt of a payment that went through, and offers none for a failed one', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      [`GET ${BILLING}`]: ok(anAccount()),
      [`GET ${BILLING}/payments`]: ok([
        aPayment({ _id: 'pay_ok', confirmation_number: 'CNF-12345678', card_type: 'visa' }),
        aPayment({
          _id: 'pay_failed',
          payment_status: 'Failed',
          confirmation_number: null,
          failure_reason: 'Your card was declined.',
          card_type: 'mastercard',
          last_4_of_credit_card: '5454',
        }),
      ]),
      [`GET ${BILLING}/payments/pay_ok/receipt`]: ok({ _id: 'pay_ok', number: 'CNF-12345678', filename: 'receipt-CNF-12345678.pdf', pdf: PDF_BASE64 }),
    });
    renderBilling('/billing?tab=payments');
    const table = await screen.findByRole('table', { name: 'Payment history' });
    expect(table).toHaveTextContent('Visa •••• 4242');
    expect(table).toHaveTextContent('Mastercard •••• 5454');
    const [paid, failed] = within(table).getAllByRole('row').slice(1);
    expect(within(failed!).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(paid!).getByRole('button', { name: 'Download the receipt of CNF-12345678' }));
    expect(await screen.findByText('receipt-CNF-12345678.pdf is downloading.')).toBeInTheDocument();
    expect(saved.map((file) => file.filename)).toEqual(['receipt-CNF-12345678.pdf']);
    expect(saved[0]!.blob.type).toBe('application/pdf');
    expect(new TextDecoder().decode((await saved[0]!.blob.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    expect(callsTo(fetchMock, `GET ${BILLING}/payments/pay_ok/receipt`)).toHaveLength(1);
  });

  it('says so when a receipt cannot be downloaded, and keeps the list', async () => {
    const user = userEvent.setup();
    stubApi({
      [`GET ${BILLING}`]: ok(anAccount()),
      [`GET ${BILLING}/payments`]: ok([aPayment({ _id: 'pay_ok' })]),
      [`GET ${BILLING}/payments/pay_ok/receipt`]: failure(404, 'The payment receipt was not found'),
    });
    renderBilling('/billing?tab=payments');
    const table = await screen.findByRole('table', { name: 'Payment history' });
    await user.click(within(table).getByRole('button', { name: 'Download the receipt of CNF-12345678' }));
    expect(await screen.findByText('Failed to download receipt')).toBeInTheDocument();
    expect(screen.getByText('The payment receipt was not found')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
    expect(screen.getByRole('table', { name: 'Payment history' })).toBeInTheDocument();
  });
});
