import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * Contacts of the server's demo data, which a fresh install (the e2e data dir) receives;
 * see apps/server/src/db/seed/accounts.ts. Plain user: no flags. Admin: admin and billing groups.
 */
const DEMO_PASSWORD = 'demo-pass-2026';
const PLAIN_USER = { email: 'uma.user@acme.example', name: 'Uma Patel' };
const ADMIN_USER = { email: 'alice.admin@acme.example', name: 'Alice Morgan' };

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(email);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('signing in and out', () => {
  test("shows the server's message for a wrong password", async ({ page }) => {
    await signIn(page, PLAIN_USER.email, 'not-the-password');

    const alert = page.getByRole('alert');
    await expect(alert).toBeVisible();
    await expect(alert).not.toHaveText('Login failed');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a plain user lands on /apps, sees only their links, and signs out', async ({ page }) => {
    await signIn(page, PLAIN_USER.email);

    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header).toContainText(PLAIN_USER.name);
    await expect(header).toContainText(PLAIN_USER.email);
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Support Tickets' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Billing' })).toHaveCount(0);
    await expect(navigation.getByRole('link', { name: 'Users' })).toHaveCount(0);

    await page.goto('/users');
    await expect(page).toHaveURL(/\/apps$/);

    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/apps');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an admin in the billing group sees Users, IT Assets and Billing', async ({ page }) => {
    await signIn(page, ADMIN_USER.email);

    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'IT Assets' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'Billing' })).toBeVisible();
    await navigation.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  });

  test('the signed-in shell has no serious accessibility violations, on a phone with the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, ADMIN_USER.email);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Users' })).toBeVisible();

    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => violation.id)).toEqual([]);
  });
});
