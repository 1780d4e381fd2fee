import { expect, type Browser, type Page } from '@playwright/test';
import { signIn } from '../auth-support';

/** A browser of its own, `width` px wide, signed in as `email` (alice, the admin and billing user, unless said). */
export async function signedInPage(
  browser: Browser,
  width: number,
  { email = 'alice.admin@acme.example', height = 900 }: { email?: string; height?: number } = {},
) {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/apps$/);
  return { page, close: () => context.close() };
}

/** Opens a screen and waits until its data has arrived (no loader or skeleton left). */
export async function openScreen(page: Page, path: string) {
  await page.goto(path);
  // A shared machine may take a while to show a screen.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
}

/** Chooses a theme in the user menu and waits until it is saved to the profile. */
export async function chooseTheme(page: Page, theme: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: /account menu/i }).click();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/portal/my-profile/preferences') && response.ok());
  await page.getByRole('menuitem', { name: theme }).click();
  await expect(page.getByRole('menuitem', { name: theme })).toHaveAttribute('aria-current', 'true');
  await saved;
  await page.keyboard.press('Escape');
}
