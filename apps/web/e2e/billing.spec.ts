import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn } from './auth-support';

const NEXT_YEAR = String(new Date().getFullYear() + 1);

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

/** Decision 0014: a billing user pays, stores a card, turns auto-pay on and off, downloads statements and reads orders. */
test.describe('billing', () => {
  // One account's money: these journeys run one after the other.
  test.describe.configure({ mode: 'serial' });

  test('bill pays with a new card, is told of a declined one, and sees both in the history', async ({ page }) => {
    await signIn(page, 'bill.billing@acme.example');
    await page.getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Finance');
    await expect(page.getByRole('group', { name: 'Current Balance' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Payment Overdue' }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await openTab(page, 'Make Payment');
    const form = page.getByRole('form', { name: 'Make a payment' });
    await form.getByText('New card', { exact: true }).click();
    await form.getByRole('textbox', { name: 'Amount' }).fill('12.34');
    await form.getByRole('textbox', { name: 'First name on card' }).fill('Bill');
    await form.getByRole('textbox', { name: 'Last name on card' }).fill('Carter');
    await form.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await form.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
    // Decision 0014: a payment is reviewed and confirmed (it used to be one click on "Pay $12.34").
    await form.getByRole('button', { name: 'Review payment' }).click();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    const received = page.getByRole('status', { name: 'Payment received' });
    await expect(received).toContainText(/Confirmation number CNF-\d{8}/);
    const confirmation = /CNF-\d{8}/.exec((await received.textContent())!)![0];
    await expectNoSeriousA11yViolations(page);

    // ...and the form is live again only when asked for (it used to be armed with the remaining balance).
    await page.getByRole('button', { name: 'Make another payment' }).click();
    await form.getByRole('textbox', { name: 'Amount' }).fill('5');
    await form.getByRole('textbox', { name: 'Card number' }).fill('4000 0000 0000 0002');
    await form.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123');
    await form.getByRole('button', { name: 'Review payment' }).click();
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(form.getByRole('alert')).toContainText('Your card was declined.');

    await openTab(page, 'Payment History');
    const history = page.getByRole('table', { name: 'Payment history' });
    await expect(history.getByRole('row').nth(1)).toContainText('Failed');
    await expect(history.getByRole('row').nth(1)).toContainText('$5.00');
    await expect(history.getByRole('row').nth(2)).toContainText('Paid');
    await expect(history.getByRole('row').nth(2)).toContainText('$12.34');
    await expect(history.getByRole('row').nth(2)).toContainText('Visa •••• 4242');
    // Decision 0032: a receipt to file, for the payment that went through only.
    await expect(
      history
        .getByRole('row')
        .nth(1)
        .getByRole('button', { name: /receipt/ }),
    ).toHaveCount(0);
    const [receipt] = await Promise.all([
      page.waitForEvent('download'),
      history
        .getByRole('row')
        .nth(2)
        .getByRole('button', { name: `Download the receipt of ${confirmation}` })
        .click(),
    ]);
    expect(receipt.suggestedFilename()).toBe(`receipt-${confirmation}.pdf`);
    const file = join(mkdtempSync(join(tmpdir(), 'receipt-')), receipt.suggestedFilename());
    await receipt.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [confirmation, '$12.34', 'Visa ending 4242', 'Acme Logistics', 'Payment receipt']) expect(text).toContain(expected);
  });

  test('bill stores a card, pays with it, turns auto-pay on and off, and removes the card', async ({ page }) => {
    await signIn(page, 'bill.billing@acme.example');
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto('/billing?tab=autopay');
    await page.getByRole('button', { name: 'Update card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update credit card' });
    await dialog.getByRole('textbox', { name: 'First name on card' }).fill('Bill');
    await dialog.getByRole('textbox', { name: 'Last name on card' }).fill('Carter');
    await dialog.getByRole('textbox', { name: 'Card number' }).fill('5555 5555 5555 4444');
    await dialog.getByRole('textbox', { name: 'Security code (CVC)' }).fill('321');
    await dialog.getByRole('combobox', { name: 'Card type' }).click();
    await page.getByRole('option', { name: 'Mastercard' }).click();
    await dialog.getByRole('combobox', { name: 'Year' }).click();
    await page.getByRole('option', { name: NEXT_YEAR }).click();
    await dialog.getByRole('button', { name: 'Update card' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('group', { name: 'Payment method' })).toContainText('Mastercard •••• 4444');

    await openTab(page, 'Make Payment');
    const form = page.getByRole('form', { name: 'Make a payment' });
    await expect(form.getByRole('radio', { name: 'Mastercard •••• 4444' })).toBeChecked();
    await form.getByRole('textbox', { name: 'Amount' }).fill('20');
    await form.getByRole('button', { name: 'Review payment' }).click();
    await expect(page.getByRole('region', { name: 'Confirm your payment' })).toContainText('Mastercard •••• 4444');
    await page.getByRole('button', { name: 'Confirm payment' }).click();
    await expect(page.getByRole('status', { name: 'Payment received' })).toContainText(/was charged to •••• 4444/);

    await openTab(page, 'Auto Payments');
    // The switch, as a keyboard user works it (Mantine's input sits under its drawn track).
    const autoPay = page.getByRole('switch', { name: /Automatic payments/ });
    const toggleAutoPay = async () => {
      await autoPay.focus();
      await page.keyboard.press('Space');
    };
    await toggleAutoPay();
    await expect(autoPay).toBeChecked();
    await expect(page.getByText('Automatic payments are on.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: /Automatic payments/ })).toBeChecked();
    await toggleAutoPay();
    await expect(page.getByText('Automatic payments are off.')).toBeVisible();

    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove the stored card?' }).getByRole('button', { name: 'Remove card' }).click();
    await expect(page.getByRole('button', { name: 'Add credit card' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Payment method' })).toHaveCount(0);
    await toggleAutoPay();
    await expect(page.getByRole('alert').filter({ hasText: 'Please add a credit card before enabling automatic payments' })).toBeVisible();
    await expect(autoPay).not.toBeChecked();
  });

  test('alice downloads a statement that opens as a PDF, pages through statements and orders, and opens an order', async ({ page }) => {
    await signIn(page, 'alice.admin@acme.example');
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto('/billing');
    await openTab(page, 'Statements');
    const statements = page.getByRole('table', { name: 'Statements' });
    const newest = statements.getByRole('row').nth(1);
    // Decision 0032: each statement's number, status and due date (the previous one's card payment failed: overdue).
    const cells = (row: number) => statements.getByRole('row').nth(row).getByRole('cell');
    await expect(cells(1).nth(0)).toHaveText(/^ST-\d+-\d{4}[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(cells(1).nth(2)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect(cells(1).nth(4)).toHaveText(/^(Due|Overdue)/);
    await expect(cells(2).nth(4)).toContainText('Overdue');
    await expect(cells(3).nth(4)).toHaveText('Paid');
    const number = /^ST-\d+-\d{4}/.exec((await cells(1).nth(0).textContent())!)![0];
    const [download] = await Promise.all([page.waitForEvent('download'), newest.getByRole('button', { name: `Download statement ${number}` }).click()]);
    expect(download.suggestedFilename()).toMatch(/^statement-\d{4}-\d{2}-\d{2}\.pdf$/);
    const folder = mkdtempSync(join(tmpdir(), 'statement-'));
    const file = join(folder, download.suggestedFilename());
    await download.saveAs(file);
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const expected of [`No. ${number}`, 'How to pay', '/billing?tab=pay', 'Closing balance (amount due)']) expect(text).toContain(expected);
    // poppler renders page 1 (the picture is looked at by people; here it must simply render).
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, join(folder, 'page')]);
    expect(statSync(join(folder, 'page-1.png')).size).toBeGreaterThan(10_000);

    await expect(page.getByText('Showing 1–20 of')).toBeVisible();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText('Showing 21–')).toBeVisible();

    await openTab(page, 'Orders');
    await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByText('Showing 21–')).toBeVisible();
    await page.getByRole('button', { name: 'Page 1' }).click();
    const first = page.getByRole('table', { name: 'Orders' }).getByRole('row').nth(1);
    const name = (await first.getByRole('cell').first().textContent())!.trim();
    await first.getByRole('button', { name: /View details/ }).click();
    const details = page.getByRole('dialog', { name });
    await expect(details.getByRole('list', { name: 'Order items' }).getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await details.getByRole('button', { name: 'Close' }).last().click();
    await expect(details).toBeHidden();
  });

  test('uma reaches none of it: no link, the route redirects, the API answers 403', async ({ page, request }) => {
    await signIn(page, 'uma.user@acme.example');
    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByRole('link', { name: 'Billing' })).toHaveCount(0);
    await page.goto('/billing');
    await expect(page).toHaveURL(/\/apps$/);
    const login = await request.post('/api/crm/auth/login', { data: { username: 'uma.user@acme.example', password: DEMO_PASSWORD } });
    const token = ((await login.json()) as { result: { access_token: string } }).result.access_token;
    const headers = { authorization: `Bearer ${token}` };
    expect((await request.get('/api/billing/account/ba_acme_1001', { headers })).status()).toBe(403);
    expect((await request.get('/api/crm/orders', { headers })).status()).toBe(403);
  });
});
