import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { formatFileSize, type SupportTool } from '@portal/contract';
import { chooseTheme, openScreen, signedInPage } from './support/screens';

/**
 * Phones and keyboards (decision 0035), measured in the browser: touch targets at 320 px, the tabs in one row, the focus
 * after a navigation and after a dialog, a focus ring that can be seen in both themes, and a support tool's stated
 * size against the bytes of its download.
 */

/** The main screens, with the tabs that have content of their own. */
const SCREENS = [
  '/dashboard',
  '/apps',
  '/services',
  '/tickets',
  '/profile',
  '/billing',
  '/billing?tab=pay',
  '/billing?tab=autopay',
  '/users',
  '/it-assets',
  '/it-assets?tab=vendors',
  '/it-assets?tab=credentials',
  '/it-assets?tab=support-tools',
  '/it-assets/vault',
  '/audit',
  '/audit?kind=auth&outcome=failure',
  '/notifications',
];

/**
 * The controls in view that are smaller than WCAG 2.5.8's 24 × 24 px, and the primary actions (filled buttons, the
 * navigation's links) lower than 44 px. A link inside a sentence is exempt (2.5.8's "inline" exception).
 */
function undersizedTargets(page: Page) {
  return page.evaluate(() => {
    const CONTROLS =
      'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], [role="menuitem"]';
    const describe = (element: Element, box: DOMRect) =>
      `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`;
    const inSentence = (element: Element) => {
      if (getComputedStyle(element).display !== 'inline') return false;
      const parentText = element.parentElement?.textContent?.trim() ?? '';
      return parentText.length > (element.textContent?.trim().length ?? 0);
    };
    const small: string[] = [];
    const lowPrimary: string[] = [];
    for (const element of document.querySelectorAll(CONTROLS)) {
      // A checkbox's or switch's own input is drawn by (and clicked through) its visible box, measured as a sibling.
      const target =
        element.matches('input[type="checkbox"], input[type="radio"]') && getComputedStyle(element).opacity === '0'
          ? (element.nextElementSibling ?? element)
          : element;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // Outside the window (the folded sidebar on a phone): measured when it is open.
      if (box.right <= 0 || box.left >= window.innerWidth || box.bottom <= 0) continue;
      if (element.tagName === 'A' && inSentence(element)) continue;
      if (box.width < 23.5 || box.height < 23.5) small.push(describe(element, box));
      const primary =
        (element.matches('.mantine-Button-root[data-variant="filled"]') && !element.hasAttribute('aria-current')) ||
        element.matches('#portal-navigation a[href^="/"]');
      if (primary && element.tagName !== 'INPUT' && box.height < 43.5) lowPrimary.push(describe(element, box));
    }
    return { small, lowPrimary };
  });
}

/** WCAG's contrast ratio of two CSS colours (rgb/rgba as computed styles give them; alpha over the background). */
function contrastScript() {
  const parse = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]: number[]) => {
    const channel = (value: number) => {
      const c = value / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r!) + 0.7152 * channel(g!) + 0.0722 * channel(b!);
  };
  /** The opaque colour painted behind an element: its ancestors' backgrounds, the nearest opaque one first. */
  const backgroundBehind = (element: Element | null): number[] => {
    const layers: number[][] = [];
    for (let node = element; node; node = node.parentElement) {
      const colour = parse(getComputedStyle(node).backgroundColor);
      const alpha = colour.length === 4 ? colour[3]! : 1;
      if (alpha > 0) layers.push([...colour.slice(0, 3), alpha]);
      if (alpha === 1) break;
    }
    let result = [255, 255, 255];
    for (const [r, g, b, a] of layers.reverse()) result = [r! * a! + result[0]! * (1 - a!), g! * a! + result[1]! * (1 - a!), b! * a! + result[2]! * (1 - a!)];
    return result;
  };
  const ratio = (a: number[], b: number[]) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light! + 0.05) / (dark! + 0.05);
  };
  return { parse, backgroundBehind, ratio };
}

/**
 * The focused element's ring (its outline, or a field's border) and its contrast with what is behind it, once it is
 * drawn: a field's border eases into the ring's colour (Mantine's 100 ms transition), and read during it, it is
 * neither the old colour nor the new one.
 */
async function focusRingOf(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      (document.activeElement?.getAnimations() ?? []).filter((animation) => animation instanceof CSSTransition).map((animation) => animation.finished),
    ),
  );
  return page.evaluate(`(() => {
    const { parse, backgroundBehind, ratio } = (${contrastScript.toString()})();
    let element = document.activeElement;
    if (!element || element === document.body) return null;
    // A switch's or segmented control's input is invisible; its ring is drawn on the box beside it.
    if (getComputedStyle(element).opacity === '0' && element.nextElementSibling) element = element.nextElementSibling;
    const style = getComputedStyle(element);
    const name = element.tagName.toLowerCase() + ' "' + (element.getAttribute('aria-label') || element.textContent || '').trim().slice(0, 30) + '"';
    const ring = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 ? style.outlineColor : style.borderTopColor;
    const width = style.outlineStyle !== 'none' ? parseFloat(style.outlineWidth) : parseFloat(style.borderTopWidth) + (style.boxShadow !== 'none' ? 1 : 0);
    return { name, width, ratio: Math.round(ratio(parse(ring).slice(0, 3), backgroundBehind(element.parentElement)) * 100) / 100 };
  })()`) as Promise<{ name: string; width: number; ratio: number } | null>;
}

test.describe('phones and keyboards', () => {
  // Each of the first tests walks many screens; a shared machine may take a while for each.
  test.setTimeout(480_000);

  test('at 320 px every control in view is at least 24 × 24 px and every primary action 44 px high, the sidebar’s links too', async ({ browser }) => {
    const { page, close } = await signedInPage(browser, 320, { height: 740 });
    const found: string[] = [];
    for (const path of SCREENS) {
      await openScreen(page, path);
      const { small, lowPrimary } = await undersizedTargets(page);
      found.push(
        ...small.map((target) => `${path}: ${target} is under 24 × 24`),
        ...lowPrimary.map((target) => `${path}: ${target} is a primary action under 44 px`),
      );
    }
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeInViewport();
    const drawer = await undersizedTargets(page);
    found.push(
      ...drawer.small.map((target) => `navigation: ${target} is under 24 × 24`),
      ...drawer.lowPrimary.map((target) => `navigation: ${target} under 44 px`),
    );
    const navLinkHeights = await page
      .getByRole('navigation', { name: 'Main navigation' })
      .locator('a[href^="/"]')
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
    expect(navLinkHeights.length).toBeGreaterThan(4);
    expect(Math.min(...navLinkHeights)).toBeGreaterThanOrEqual(44);
    expect(found).toEqual([]);
    await close();
  });

  test('at 320 px the Billing and IT Asset Manager tabs are one row that scrolls on its own, and the open tab’s content starts on the first screen', async ({
    browser,
  }) => {
    const { page, close } = await signedInPage(browser, 320, { height: 740 });
    for (const [path, label, farTab] of [
      ['/billing', 'Billing sections', 'Auto Payments'],
      ['/it-assets', 'IT Asset Manager sections', 'Support Tools'],
    ] as const) {
      await openScreen(page, path);
      const strip = page.getByRole('tablist', { name: label });
      const tops = await strip.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
      expect(new Set(tops).size, `${path}: the tabs lie on one row`).toBe(1);
      const panelTop = await page.getByRole('tabpanel').evaluate((panel) => panel.getBoundingClientRect().top);
      expect(panelTop, `${path}: the open tab's content starts on the first screen`).toBeLessThan(740 - 80);
      expect(await strip.getAttribute('data-more-after')).toBe('true');
      // The far tab, chosen by keyboard, opens in the address and is scrolled into the strip's view.
      await strip.getByRole('tab', { selected: true }).focus();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      const far = strip.getByRole('tab', { name: farTab });
      await expect(far).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/\?tab=(autopay|support-tools)$/);
      const [tabBox, stripBox] = [await far.boundingBox(), await strip.boundingBox()];
      expect(tabBox!.x + tabBox!.width).toBeLessThanOrEqual(stripBox!.x + stripBox!.width + 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    }
    await close();
  });

  test('after a navigation the new screen’s h1 has the focus, not on the page first opened; Escape hands the focus back to what opened a dialog or menu', async ({
    browser,
  }) => {
    const { page, close } = await signedInPage(browser, 1280, { height: 740 });
    await page.goto('/apps');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');

    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Billing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeFocused();
    // A tab is no new screen: the focus stays on it.
    await page.getByRole('tab', { name: 'Statements' }).click();
    await expect(page.getByRole('tab', { name: 'Statements' })).toBeFocused();
    await page.keyboard.press('Tab');
    await page.goBack();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeFocused();

    // Dialogs and menus give the focus back to their opener on Escape.
    await page.goto('/it-assets?tab=support-tools');
    const download = page.getByRole('button', { name: 'Download ITP RMM Agent' });
    await download.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Download ITP RMM Agent' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(download).toBeFocused();

    const accountMenu = page.getByRole('button', { name: /account menu/i });
    await accountMenu.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(accountMenu).toBeFocused();

    await openScreen(page, '/tickets');
    const ticket = page.getByRole('link', { name: /^View Details of TKT-/ }).first();
    await ticket.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^View Details of TKT-/ }).first()).toBeFocused();
    await close();
  });

  test('on a phone, a link of the folded navigation takes the focus to the new screen’s h1', async ({ browser }) => {
    const { page, close } = await signedInPage(browser, 320, { height: 740 });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Support Tickets' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeFocused();
    await close();
  });

  test('the focus ring is at least 2 px and 3:1 against what is behind it, in the dark theme and the light', async ({ browser }) => {
    // tess, not alice: the theme is saved to the profile, and the other journeys read alice's screens in light.
    const { page, close } = await signedInPage(browser, 1280, { email: 'tess.tech@acme.example', height: 740 });
    const weak: string[] = [];
    try {
      for (const theme of ['Dark', 'Light'] as const) {
        await chooseTheme(page, theme);
        for (const path of ['/it-assets', '/tickets', '/profile']) {
          await openScreen(page, path);
          await page.locator('body').click({ position: { x: 1, y: 300 } });
          for (let stop = 0; stop < 22; stop += 1) {
            await page.keyboard.press('Tab');
            const ring = await focusRingOf(page);
            if (ring && (ring.ratio < 3 || ring.width < 2)) weak.push(`${theme} ${path}: ${ring.name} ${ring.width}px at ${ring.ratio}:1`);
          }
        }
      }
    } finally {
      await chooseTheme(page, 'Light');
    }
    expect(weak).toEqual([]);
    await close();
  });

  test('a support tool’s stated size is the size of the file its download delivers', async ({ browser }) => {
    const { page, close } = await signedInPage(browser, 1280, { height: 740 });
    const listed = page.waitForResponse((response) => response.url().endsWith('/api/crm/support-tools') && response.ok());
    await page.goto('/it-assets?tab=support-tools');
    const tools = ((await (await listed).json()) as { result: SupportTool[] }).result;
    for (const [name, os, label] of [
      ['ITP RMM Agent', 'linux', 'Linux'],
      ['Network Diagnostic Toolkit', 'windows', 'Windows'],
    ] as const) {
      const tool = tools.find((candidate) => candidate.name === name)!;
      await expect(page.getByRole('article', { name })).toContainText(tool.file_size);
      await page.getByRole('button', { name: `Download ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Download ${name}` });
      await dialog.getByText(label, { exact: true }).click();
      const stated = formatFileSize(tool.file_sizes![os]!);
      await expect(dialog).toContainText(`(${stated})`);
      const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: `Download for ${label}` }).click()]);
      const bytes = readFileSync((await file.path())!).length;
      expect(bytes).toBe(tool.file_sizes![os]);
      expect(formatFileSize(bytes)).toBe(stated);
      await expect(dialog).toBeHidden();
    }
    await close();
  });
});
