import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './auth-support';

/** Issue 37: an administrator reads what happened in the account; nobody else can. */
test.describe('the audit log', () => {
  test('alice finds a failed sign-in, keeps the view through a reload, and exports what she filtered as CSV', async ({ page }) => {
    await signIn(page, 'alice.admin@acme.example');
    await page.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/audit$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Admin');
    // Her own sign-in a moment ago is the newest entry.
    await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1)).toContainText('Alice Morgan');

    await page.getByRole('combobox', { name: 'Outcome' }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await expect(page).toHaveURL(/outcome=failure/);
    const rows = page.getByRole('table', { name: 'Audit log' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('Sign-in failed');
    await expect(rows.nth(1)).toContainText('Uma Patel');
    await expect(rows.nth(1)).toContainText('203.0.113.77');

    // The view is the address's: reloading keeps it.
    await page.reload();
    await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1)).toContainText('Sign-in failed');

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Time (UTC)","Person","Acted","Action","Kind","Outcome","IP address","Browser","Details"');
    expect(lines.slice(1).every((line) => line.includes('"failure"'))).toBe(true);
    expect(lines.length).toBeGreaterThan(1);

    // The export is itself in the log.
    await page.goto('/audit?kind=audit_log');
    await expect(page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1)).toContainText('Audit log exported');
  });

  test('a user who is not an administrator has no Audit log, and its address says why', async ({ page, request }) => {
    await signIn(page, 'bill.billing@acme.example');
    await expect(page.getByRole('link', { name: 'Billing' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userDetails') ?? '{}') as { access_token?: string }).access_token);
    expect((await request.get('/api/portal/audit-log', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
    await page.goto('/audit');
    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByText("You don't have access to the Audit log.", { exact: false })).toBeVisible();
  });
});
