import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, impersonationPath } from './auth-support';

const IMPERSONATED = { email: 'uma.user@acme.example', name: 'Uma Patel' };
const STAFF = 'E2E Staff';

test.describe('impersonation (docs/product.md §6)', () => {
  test('an impersonation URL signs in as the user, shows the banner and leaves no token in the address bar; reusing it fails', async ({ page, browser }) => {
    // Runs the staff command line (a process of its own that starts, connects and signs a token) besides the journey.
    test.slow();
    const path = await impersonationPath(IMPERSONATED.email, STAFF);
    expect(path).toMatch(/^\/apps\?token=.+/);

    await page.goto(path);

    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(IMPERSONATED.email);
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await expect(banner).toContainText(`Impersonating ${IMPERSONATED.name}`);
    await expect(banner).toContainText(`on behalf of ${STAFF}`);
    expect(await page.evaluate(() => localStorage.getItem('impersonating'))).toBe('true');
    await expectNoSeriousA11yViolations(page);

    // The banner stays while moving around and across a reload.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Services' }).click();
    await expect(banner).toBeVisible();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Impersonation' })).toBeVisible();

    // The same URL again, in a fresh browser: the token was single-use.
    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(path);
    await expect(second).toHaveURL(/\/login$/);
    await expect(second.getByRole('alert')).toHaveText('Invalid token for impersonate login');
    expect(await second.evaluate(() => localStorage.getItem('userDetails'))).toBeNull();
    await other.close();

    // Ending the impersonation signs out and clears the flag.
    await page.getByRole('button', { name: 'End impersonation' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('userDetails'), localStorage.getItem('impersonating')])).toEqual([null, null]);
  });

  test('the banner has no serious accessibility violations at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(await impersonationPath(IMPERSONATED.email, STAFF));
    await expect(page.getByRole('region', { name: 'Impersonation' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
