import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signIn } from './auth-support';
import { ALICE, ticketApi, totalBadge } from './support/tickets';

/**
 * Decision 0031: what the technical flag grants, as Tess (technical only, in the seed) meets it — the
 * account's tickets, the IT Asset Manager without its vault, the support tools — and what a screen she may not open
 * says when a link takes her there. With axe in the light and the dark theme, at a desktop's width and a phone's.
 */
const TESS = 'tess.tech@acme.example';
const NO_BILLING = "You don't have access to Billing. Ask an administrator of your account for billing access.";
const NO_VAULT = "You don't have access to the Credential Vault. Ask an administrator of your account for administrator access.";

/** Every violation axe finds (WCAG 2.1 A and AA), of any impact, as layout-and-themes.spec.ts counts them. */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The screen's data has arrived: no loader or skeleton left. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root, [aria-busy="true"]')).toHaveCount(0);
}

async function chooseTheme(page: Page, theme: 'Light' | 'Dark') {
  await page.getByRole('button', { name: /account menu/i }).click();
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/portal/my-profile/preferences') && response.ok());
  await page.getByRole('menuitem', { name: theme }).click();
  await expect(page.getByRole('menuitem', { name: theme })).toHaveAttribute('aria-current', 'true');
  await saved;
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme.toLowerCase());
}

async function tessAt(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await signIn(page, TESS);
  await expect(page).toHaveURL(/\/apps$/);
  return { page, close: () => context.close() };
}

test.describe('the technical role', () => {
  test('tess sees the account’s tickets, the IT Asset Manager without its vault, the support tools, and why Billing is closed to her', async ({
    browser,
    request,
  }) => {
    const { page, close } = await tessAt(browser, 1440);

    // Apps: her badge, and the IT Asset Manager's tile, which is how she gets in.
    const main = page.getByRole('main');
    await expect(main.getByText('Technical', { exact: true })).toBeVisible();
    await expect(main.getByText('Admin', { exact: true })).toHaveCount(0);
    await expect(main.getByText('Billing', { exact: true })).toHaveCount(0);
    const tile = page.getByRole('article', { name: 'IT Asset Manager' });
    await expect(tile).toContainText('Admin & Technical');

    // Tickets: every ticket of Acme, as alice's Admin View lists them, without the Admin View badge.
    const everyone = await (await ticketApi(request, ALICE.email)).list({ status: 'active' });
    const hers = await (await ticketApi(request, TESS)).list({ status: 'active' });
    expect(hers.tickets.map((t) => t.id)).toEqual(everyone.tickets.map((t) => t.id));
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Support Tickets' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeVisible();
    await expect(page.getByText('All tickets for your organization')).toBeVisible();
    await expect(page.getByText('Admin View', { exact: true })).toHaveCount(0);
    await expect.poll(() => totalBadge(page)).toBe(everyone.total_count);

    // The IT Asset Manager, from its tile: assets and support tools, no credentials anywhere.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Apps' }).click();
    await tile.getByRole('link', { name: 'Open IT Asset Manager' }).click();
    await expect(page).toHaveURL(/\/it-assets$/);
    await expect(page.getByRole('heading', { level: 1, name: 'IT Asset Manager' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Overview', 'Assets', 'Vendors', 'Support Tools']);
    await expect(page.getByRole('group', { name: 'Total Assets' })).toContainText('22');
    await expect(page.getByRole('group', { name: 'Credentials' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Credential Vault' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Credential' })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Assets' }).click();
    await page.getByRole('textbox', { name: 'Search assets' }).fill('thinkpad');
    await expect(page.getByText('2 assets match')).toBeVisible();
    await page.getByRole('button', { name: /Alice Morgan – Laptop: details/ }).click();
    const asset = page.getByRole('dialog', { name: 'Alice Morgan – Laptop' });
    await expect(asset).toContainText('ThinkPad X1 Carbon Gen 11');
    await asset.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('tab', { name: 'Support Tools' }).click();
    await expect(page.getByRole('article', { name: 'ITP RMM Agent' })).toBeVisible();

    // The vault's calls stay closed to her; a link to it, or to Billing, lands on /apps and says why.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('userDetails') ?? '{}') as { access_token?: string }).access_token);
    expect((await request.get('/api/crm/credentials', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
    await page.goto('/it-assets/vault');
    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByText(NO_VAULT)).toBeVisible();

    await page.goto('/billing');
    await expect(page).toHaveURL(/\/apps$/);
    const notice = page.getByRole('status').filter({ hasText: NO_BILLING });
    await expect(notice).toBeVisible();
    await expect(notice).toHaveAttribute('aria-live', 'polite');
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByText(NO_BILLING)).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();

    // Her profile says what she has.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Profile' }).click();
    const permissions = page.getByRole('region', { name: 'Permissions' });
    await expect(permissions.getByRole('listitem', { name: 'Technical Access: Enabled' })).toBeVisible();
    await expect(permissions.getByRole('listitem', { name: 'Admin Access: Disabled' })).toBeVisible();
    await close();
  });

  for (const width of [1440, 320]) {
    test(`axe finds nothing on her screens at ${width} px, in the light and the dark theme, and nothing scrolls sideways`, async ({ browser }) => {
      test.setTimeout(180_000);
      const { page, close } = await tessAt(browser, width);
      const found: string[] = [];
      const overflowing: string[] = [];
      for (const theme of ['Light', 'Dark'] as const) {
        await chooseTheme(page, theme);
        for (const path of [
          '/billing',
          '/tickets',
          '/it-assets',
          '/it-assets?tab=assets',
          '/it-assets?tab=vendors',
          '/it-assets?tab=support-tools',
          '/profile',
        ]) {
          await page.goto(path);
          await settled(page);
          // /billing is /apps with the notice; no screen is in its error state (axe would pass one).
          if (path === '/billing') await expect(page.getByText(NO_BILLING)).toBeVisible();
          await expect(page.getByRole('alert')).toHaveCount(0);
          for (const violation of await axeViolations(page)) found.push(`${theme} ${width}px ${path}: ${violation}`);
          const extra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (extra > 0) overflowing.push(`${theme} ${width}px ${path}: ${extra}px`);
        }
      }
      // Her saved theme in the seed is dark; leave it so.
      await chooseTheme(page, 'Dark');
      expect(found).toEqual([]);
      expect(overflowing).toEqual([]);
      await close();
    });
  }
});
