import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './auth-support';

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name, selected: true })).toBeVisible();
}

/** How many payments the history lists ("Showing 1–20 of N"). */
async function paymentsListed(page: Page): Promise<number> {
  const showing = page.getByText(/^Showing \d+–\d+ of \d+$/);
  await expect(showing).toBeVisible();
  return Number((await showing.textContent())!.match(/of (\d+)$/)![1]);
}

/**
 * Decision 0014: no accidental charge. Pay now fills the amount the overdue box names; a payment is
 * confirmed before anything is sent and charged once; after it the form is not armed again.
 */
test.describe('billing payments', () => {
  test('bill: Pay now fills the past-due amount, the payment asks for confirmation and charges once, and the form is not armed afterwards', async ({
    page,
  }) => {
    const paymentRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/api\/billing\/account\/[^/]+\/payments\/creditcard/.test(request.url())) paymentRequests.push(request.url());
    });
    await signIn(page, 'bill.billing@acme.example');
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto('/billing?tab=payments');
    await expect(page.getByRole('table', { name: 'Payment history' })).toBeVisible();
    const listedBefore = await paymentsListed(page);

    // Pay now fills the past-due amount the box names, not the whole balance.
    await openTab(page, 'Overview');
    const overdue = page.getByRole('region', { name: 'Payment Overdue' }).first();
    const pastDue = (await overdue.textContent())!.match(/with (\$[\d,]+\.\d{2}) outstanding/)![1]!;
    const balance = (await page.getByRole('group', { name: 'Current Balance' }).textContent())!.match(/\$[\d,]+\.\d{2}/)![0];
    expect(pastDue).not.toBe(balance);
    await overdue.getByRole('button', { name: 'Pay now' }).click();
    await expect(page.getByRole('tab', { name: 'Make Payment', selected: true })).toBeVisible();
    const form = page.getByRole('form', { name: 'Make a payment' });
    const amount = form.getByRole('textbox', { name: 'Amount' });
    await expect(amount).toHaveValue(pastDue);
    await expect(form.getByRole('radio', { name: 'Visa •••• 4242' })).toBeChecked();

    // Review: the confirmation takes focus and names amount, card and account; Escape goes back with the values kept.
    await form.getByRole('button', { name: 'Review payment' }).click();
    const confirmation = page.getByRole('region', { name: 'Confirm your payment' });
    await expect(confirmation).toBeFocused();
    await expect(confirmation).toContainText(`Amount${pastDue}`);
    await expect(confirmation).toContainText('CardVisa •••• 4242');
    await expect(confirmation).toContainText('AccountAcme Logistics (billing id ba_acme_1001)');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');
    await expect(amount).toHaveValue(pastDue);
    await expect(form.getByRole('button', { name: 'Review payment' })).toBeFocused();
    expect(paymentRequests).toHaveLength(0);

    // A part of it: the account stays past due for the other billing journeys, which begin at the overdue box.
    await amount.fill('7.77');
    await form.getByRole('button', { name: 'Review payment' }).click();
    await expect(confirmation).toContainText('Amount$7.77');
    await confirmation.getByRole('button', { name: 'Confirm payment' }).click();
    const receipt = page.getByRole('status', { name: 'Payment received' });
    await expect(receipt).toContainText('$7.77 was charged to •••• 4242.');
    await expect(receipt).toContainText(/Confirmation number CNF-\d{8}\./);
    expect(paymentRequests).toHaveLength(1);

    // Not armed again: nothing on the screen pays until the payer starts a new payment, which has no amount.
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Pay \$|^Review payment$|^Confirm payment$/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Make another payment' }).click();
    await expect(amount).toHaveValue('');
    await expect(amount).toBeFocused();

    // Charged exactly once: one request, one more row in the history.
    await openTab(page, 'Payment History');
    const history = page.getByRole('table', { name: 'Payment history' });
    await expect(history.getByRole('row').filter({ hasText: '$7.77' })).toHaveCount(1);
    expect(await paymentsListed(page)).toBe(listedBefore + 1);
    expect(paymentRequests).toHaveLength(1);
  });

  test('bill: a new card’s type follows its number, a mismatch and a missing security code are refused before anything is sent', async ({ page }) => {
    const paymentRequests: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/payments\/creditcard/.test(request.url())) paymentRequests.push(request.url());
    });
    await signIn(page, 'bill.billing@acme.example');
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto('/billing?tab=pay');
    const form = page.getByRole('form', { name: 'Make a payment' });
    await form.getByText('New card', { exact: true }).click();
    await expect(form.getByText('Our server passes your card number and security code to our payment processor without storing or logging them')).toBeVisible();
    const amount = form.getByRole('textbox', { name: 'Amount' });
    await amount.fill('30000');
    await expect(form.getByText('Amount may be at most $25,000.00 per payment')).toBeVisible();
    await amount.fill('3.21');
    await expect(form.getByText('Amount may be at most $25,000.00 per payment')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'First name on card' }).fill('Bill');
    await form.getByRole('textbox', { name: 'Last name on card' }).fill('Carter');
    await form.getByRole('textbox', { name: 'Card number' }).pressSequentially('3782 822463 10005');
    const type = form.getByRole('combobox', { name: 'Card type' });
    await expect(type).toHaveValue('American Express');
    await type.click();
    await page.getByRole('option', { name: 'Visa' }).click();
    await form.getByRole('button', { name: 'Review payment' }).click();
    await expect(form.getByText('This is an American Express card number, but Visa was chosen as the card type.')).toBeVisible();
    await expect(form.getByText('Security code is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await type.click();
    await page.getByRole('option', { name: 'American Express' }).click();
    await form.getByRole('textbox', { name: 'Security code (CVC)' }).fill('1234');
    await form.getByRole('button', { name: 'Review payment' }).click();
    const confirmation = page.getByRole('region', { name: 'Confirm your payment' });
    await expect(confirmation).toContainText('CardAmerican Express, new card ending 0005');
    await confirmation.getByRole('button', { name: 'Back' }).click();
    await expect(form.getByRole('textbox', { name: 'Security code (CVC)' })).toHaveValue('1234');
    expect(paymentRequests).toHaveLength(0);
  });
});
