import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn, signOutFromHeader } from './auth-support';

/**
 * Contacts of the server's demo data, which a fresh install (the e2e data dir) receives;
 * see apps/server/seed/accounts.ts. Plain user: no flags. Admin: admin and billing groups.
 */
const PLAIN_USER = { email: 'uma.user@acme.example', name: 'Uma Patel' };
const ADMIN_USER = { email: 'alice.admin@acme.example', name: 'Alice Morgan' };

test.describe('signing in and out', () => {
  test("shows the server's message for a wrong password", async ({ page }) => {
    await signIn(page, PLAIN_USER.email, 'not-the-password');

    const alert = page.getByRole('alert');
    await expect(alert).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: /account menu/i })).toHaveCount(0);
  });

  test("shows the server's message for an unknown user", async ({ page }) => {
    await signIn(page, 'nobody.here@acme.example', 'whatever-it-is');

    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
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
    // An ordinary sign-in is not an impersonation.
    await expect(page.getByRole('region', { name: 'Impersonation' })).toHaveCount(0);

    await page.goto('/users');
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/apps$/);

    // The session survives a reload (restored from local storage while expireDate lies ahead).
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();

    await signOutFromHeader(page);
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('userDetails'), localStorage.getItem('impersonating')])).toEqual([null, null]);
    await page.goto('/apps');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired access token is refreshed on load with the refresh token, once', async ({ page }) => {
    await signIn(page, PLAIN_USER.email);
    await expect(page).toHaveURL(/\/apps$/);
    // Age the stored session: its access token now counts as expired.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('userDetails') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('userDetails', JSON.stringify({ ...stored, expireDate: '2020-01-01T00:00:00.000Z' }));
    });
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/crm/auth/refresh')) refreshes.push(request.url());
    });

    await page.goto('/services');

    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('banner')).toContainText(PLAIN_USER.name);
    const expireDate = await page.evaluate(() => (JSON.parse(localStorage.getItem('userDetails') ?? '{}') as { expireDate?: string }).expireDate);
    expect(Date.parse(expireDate ?? '')).toBeGreaterThan(Date.now());
    expect(refreshes).toHaveLength(1);
  });

  test('a stored session that cannot be refreshed signs out', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => {
      localStorage.setItem(
        'userDetails',
        JSON.stringify({
          id: 1,
          pk: 1,
          email: 'ghost@acme.example',
          firstname: 'Ghost',
          lastname: 'User',
          access_token: 'x',
          refresh_token: 'not-a-real-refresh-token',
          token: 'x',
          auth: { admin_group: false, billing_group: false },
          exp: 0,
          expireDate: '2020-01-01T00:00:00.000Z',
          account_id: 1,
          account: { billing_api_id: null, name: 'Acme' },
        }),
      );
    });

    await page.goto('/apps');

    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('userDetails'))).toBeNull();
  });

  test('an admin in the billing group sees Users, IT Assets and Billing', async ({ page }) => {
    await signIn(page, ADMIN_USER.email);

    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('link', { name: 'Users' })).toBeVisible();
    await expect(navigation.getByRole('link', { name: 'IT Asset Manager' })).toBeVisible();
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
