import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { chooseTheme, openScreen, signedInPage } from './support/screens';

/**
 * Decision 0020: every built screen, measured in the browser rather than by eye — nothing scrolls
 * sideways at 320 px, no value (money, a phone number, a date, a ticket number, an e-mail address, a username) breaks
 * inside at 1024 or 320 px, and axe finds
 * nothing in either theme. The theme is chosen in the user menu, saved to the profile, and
 * survives sign-out and another browser.
 */

/** Every built screen alice (admin and billing) can open, with the tabs that have their own content. */
const SCREENS = [
  '/dashboard',
  '/apps',
  '/services',
  '/tickets',
  '/profile',
  '/billing',
  '/billing?tab=statements',
  '/billing?tab=payments',
  '/billing?tab=orders',
  '/billing?tab=pay',
  '/billing?tab=autopay',
  '/users',
  '/it-assets',
  '/it-assets?tab=assets',
  '/it-assets?tab=vendors',
  '/it-assets?tab=credentials',
  '/it-assets?tab=support-tools',
  '/it-assets/vault',
  '/audit',
  '/audit?kind=auth&outcome=failure',
  '/notifications',
];

const colourScheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

/**
 * The values that must be read whole — money, phone numbers, dates and times, ticket numbers, e-mail addresses and
 * usernames (the text beside a "Copy the username of …" button) — each with the number of lines the browser laid it
 * out on; those broken across lines are returned. A value wider on its own than the column it sits in (a long
 * e-mail address on a phone) has to break somewhere and is not counted; every other value must move to the next line
 * whole.
 */
function wrappedValues(page: Page) {
  return page.evaluate(() => {
    const VALUE =
      /^(-?\$[\d,]+\.\d{2}|\+?1? ?\(?\d{3}\)?[ .-]\d{3}-\d{4}|[A-Z][a-z]{2} \d{1,2}, \d{4}(, \d{1,2}:\d{2}\s[AP]M)?|\d{1,2}\/\d{1,2}\/\d{4}|TKT-\d+|[^\s@]+@[^\s@]+\.[^\s@]+)$/;
    const values: Text[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (VALUE.test(node.textContent?.trim() ?? '')) values.push(node as Text);
    for (const copy of document.querySelectorAll('button[aria-label^="Copy the username of"]')) {
      const shown = copy.previousElementSibling;
      const text = shown && document.createTreeWalker(shown, NodeFilter.SHOW_TEXT).nextNode();
      if (text) values.push(text as Text);
    }
    /** The width of the column the value is laid out in: its nearest box that is not inline. */
    const columnWidth = (node: Text) => {
      let box = node.parentElement;
      while (box && getComputedStyle(box).display === 'inline') box = box.parentElement;
      if (!box) return Infinity;
      const style = getComputedStyle(box);
      return box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    };
    const wrapped: string[] = [];
    for (const node of values) {
      const range = document.createRange();
      range.selectNodeContents(node);
      const parts = [...range.getClientRects()].filter((rect) => rect.width > 0);
      const lines = new Set(parts.map((rect) => Math.round(rect.top)));
      if (lines.size <= 1) continue;
      const wholeWidth = parts.reduce((sum, rect) => sum + rect.width, 0);
      if (wholeWidth > columnWidth(node) + 1) continue;
      wrapped.push(node.textContent!.trim());
    }
    return wrapped;
  });
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('layout and themes on every built screen', () => {
  // Each test walks every screen.
  test.setTimeout(600_000);

  test('nothing scrolls sideways at 320 px', async ({ browser }) => {
    const { page, close } = await signedInPage(browser, 320);
    const overflowing: string[] = [];
    for (const path of SCREENS) {
      await openScreen(page, path);
      const extra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (extra > 0) overflowing.push(`${path}: ${extra}px`);
    }
    expect(overflowing).toEqual([]);
    await close();
  });

  test('no money, phone number, date, ticket number, e-mail address or username breaks inside, at 1024 px and 320 px', async ({ browser }) => {
    for (const width of [1024, 320]) {
      const { page, close } = await signedInPage(browser, width);
      const broken: string[] = [];
      for (const path of SCREENS) {
        await openScreen(page, path);
        for (const value of await wrappedValues(page)) broken.push(`${width}px ${path}: ${value}`);
      }
      expect(broken).toEqual([]);
      await close();
    }
  });

  test('axe finds no violation on any screen, in the light and the dark theme', async ({ browser }) => {
    const { page, close } = await signedInPage(browser, 1280);
    const found: string[] = [];
    for (const theme of ['Light', 'Dark'] as const) {
      await chooseTheme(page, theme);
      for (const path of SCREENS) {
        await openScreen(page, path);
        expect(await colourScheme(page)).toBe(theme.toLowerCase());
        for (const violation of await axeViolations(page)) found.push(`${theme} ${path}: ${violation}`);
      }
    }
    await chooseTheme(page, 'Light');
    expect(found).toEqual([]);
    await close();
  });

  test('the theme is saved: it survives sign-out and follows alice to another browser; System follows the OS', async ({ browser }) => {
    const { page, close } = await signedInPage(browser, 1280);
    await chooseTheme(page, 'Dark');
    expect(await colourScheme(page)).toBe('dark');
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByText('You have been signed out.')).toBeVisible();
    expect(await colourScheme(page)).toBe('dark');
    expect(await axeViolations(page)).toEqual([]);

    const elsewhere = await signedInPage(browser, 1280);
    // The saved theme arrives with the sign-in and is applied as the shell mounts.
    await expect.poll(() => colourScheme(elsewhere.page)).toBe('dark');
    await elsewhere.page.emulateMedia({ colorScheme: 'light' });
    await chooseTheme(elsewhere.page, 'System');
    expect(await colourScheme(elsewhere.page)).toBe('light');
    await elsewhere.page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => colourScheme(elsewhere.page)).toBe('dark');
    await chooseTheme(elsewhere.page, 'Light');
    await elsewhere.close();
    await close();
  });

  test('a skip link is the first tab stop and moves focus to the content', async ({ browser }) => {
    const { page, close } = await signedInPage(browser, 1280);
    await openScreen(page, '/services');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
    await close();
  });

  test('the sidebar folds behind the burger below desktop width, and the header says where you are and for which account', async ({ browser }) => {
    const { page, close } = await signedInPage(browser, 768);
    await openScreen(page, '/users');
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).not.toBeInViewport();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Admin\s*\/\s*Users/);
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeHidden();
    await expect(page.getByRole('banner')).toContainText('Acme Logistics');
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Admin\s*\/\s*Users/);
    await openScreen(page, '/billing');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(/Finance\s*\/\s*Billing/);
    await close();
  });
});
