import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './auth-support';

/**
 * Decision 0022: the server sends the signed-out pages as HTML (rendered once at start-up, in a child
 * process), and the app hydrates that markup instead of rendering the page again.
 */

const ALICE = 'alice.admin@acme.example';

/** The markup inside #root of what the server answers for `path`, as a browser asks for a page. */
async function serverMarkup(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  expect(response.status()).toBe(200);
  return /<div id="root">(.*)<\/div>\s*<\/body>/s.exec(await response.text())?.[1] ?? '';
}

test.beforeAll(async ({ request }) => {
  // The server renders the pages once it is listening; until then they are the plain app.
  await expect.poll(() => serverMarkup(request, '/login'), { timeout: 30_000 }).toContain('Sign in');
});

/**
 * Collects what would show a failed hydration: errors in the console (React reports a mismatch there, and a
 * recoverable error too) and elements the app removed from #root (a client render replacing the server's).
 */
async function watchHydration(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || (message.type() === 'warning' && /hydrat/i.test(message.text()))) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedFromRoot: string[] }).removedFromRoot = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        const root = document.getElementById('root');
        if (!root?.contains(record.target)) continue;
        for (const node of record.removedNodes) if (node.nodeType === Node.ELEMENT_NODE) removed.push((node as Element).outerHTML.slice(0, 120));
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    problems,
    removedFromRoot: () => page.evaluate(() => (window as unknown as { removedFromRoot: string[] }).removedFromRoot),
  };
}

/** Whether React has taken over the server's element (its props are on the element). */
const hydrated = (page: Page, selector: string) =>
  page.evaluate((query) => Object.keys(document.querySelector(query) ?? {}).some((key) => key.startsWith('__reactProps')), selector);

/**
 * Decision 0045: the page runs none of the app until the visitor shows intent. Checks that it has not, once the page
 * has loaded and settled, then moves the pointer, as a visitor's first move, and waits for React to take the element over.
 */
async function hydrateOnIntent(page: Page, selector: string) {
  await page.waitForLoadState('networkidle');
  expect(await hydrated(page, selector), 'nothing of the app runs before the visitor shows intent').toBe(false);
  await page.mouse.move(8, 8);
  await waitForHydration(page, selector);
}

/** Hydrated once React has taken over the server's element (its props are on the element). */
async function waitForHydration(page: Page, selector: string) {
  await page.waitForFunction((query) => {
    const element = document.querySelector(query);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  }, selector);
}

test.describe('prerendered signed-out pages', () => {
  test('the server sends the signed-out pages with their markup, and every other page without', async ({ request }) => {
    const login = await serverMarkup(request, '/login?next=%2Ftickets');
    expect(login).toContain('>Sign in</h1>');
    expect(login).toMatch(/<button[^>]*type="submit"[^>]*>.*Sign in<\/span>/s);
    expect(login).toContain('IT Partners');
    expect(await serverMarkup(request, '/forgot-password')).toContain('>Reset your password</h1>');
    expect(await serverMarkup(request, '/page-change-password?token=abc')).toContain('>Choose a new password</h1>');
    expect(await serverMarkup(request, '/page-change-password')).toContain('>Invalid Reset Link</h1>');
    for (const path of ['/apps', '/', '/tickets/42']) expect(await serverMarkup(request, path), path).toBe('');
  });

  test('/login hydrates without an error and keeps the server’s elements; the form then signs in', async ({ page }) => {
    const hydration = await watchHydration(page);
    await page.goto('/login');
    await hydrateOnIntent(page, 'form button[type="submit"]');
    await page.waitForLoadState('networkidle');
    expect(hydration.problems).toEqual([]);
    expect(await hydration.removedFromRoot()).toEqual([]);

    await page.getByRole('textbox', { name: 'Username' }).fill(ALICE);
    await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
    expect(hydration.problems).toEqual([]);
  });

  for (const [path, heading, scheme] of [
    ['/forgot-password', 'Reset your password', 'dark'],
    ['/page-change-password?token=not-a-real-token', 'Choose a new password', 'dark'],
    ['/page-change-password', 'Invalid Reset Link', 'light'],
    ['/login', 'Sign in', 'dark'],
  ] as const) {
    test(`${path} in the ${scheme} theme hydrates without an error, the lazily loaded page included`, async ({ browser }) => {
      const context = await browser.newContext({ colorScheme: scheme });
      const page = await context.newPage();
      const hydration = await watchHydration(page);
      await page.goto(path);
      // The page's own heading: inside the lazily loaded page, for all but /login.
      await hydrateOnIntent(page, 'main h1');
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'))).toBe(scheme);
      expect(hydration.problems).toEqual([]);
      expect(await hydration.removedFromRoot()).toEqual([]);
      await context.close();
    });
  }

  test('what is typed, and a click on Sign in, before the app’s script has run are what the form signs in with', async ({ page }) => {
    // Hold the app's entry script back until the fields are filled, as on a slow phone.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByRole('textbox', { name: 'Username' }).fill(ALICE);
    await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
    expect(await page.evaluate(() => Object.keys(document.querySelector('form') ?? {}).some((key) => key.startsWith('__react')))).toBe(false);

    release();
    // The click is the first intent the page sees once its entry runs: held until React runs the button (decision 0045),
    // then handed to it, never submitted the browser's way (a GET with the password in the address).
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/apps$/);
  });

  test('a submission before the app has started is held, and signs in once it has, never sent by the browser itself', async ({ page }) => {
    const addresses: string[] = [];
    page.on('framenavigated', (frame) => addresses.push(frame.url()));
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    // Filled and submitted by script: no pointer, key or focus, so nothing has started the app yet.
    await page.evaluate(
      ({ username, password }) => {
        const [user, pass] = document.querySelectorAll<HTMLInputElement>('form input');
        if (!user || !pass) throw new Error('the sign-in form has no username and password fields');
        user.value = username;
        pass.value = password;
        document.querySelector('form')?.requestSubmit();
      },
      { username: ALICE, password: DEMO_PASSWORD },
    );
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/login');
    expect(await hydrated(page, 'form')).toBe(false);

    await page.mouse.move(8, 8);
    await expect(page).toHaveURL(/\/apps$/);
    expect(addresses.filter((address) => address.includes('password') || /\/login\?/.test(address))).toEqual([]);
  });

  test('a signed-in visitor on /login gets the app rendered afresh and goes on to /apps', async ({ page }) => {
    await page.goto('/login');
    await hydrateOnIntent(page, 'form button[type="submit"]');
    await page.getByRole('textbox', { name: 'Username' }).fill(ALICE);
    await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/apps$/);

    const hydration = await watchHydration(page);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
    expect(hydration.problems).toEqual([]);
  });

  test('the signed-in screen starts downloading when the password field is focused, not before', async ({ page }) => {
    const scripts: string[] = [];
    let inFlight = 0;
    page.on('request', (request) => {
      inFlight += 1;
      if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname);
    });
    const settled = () => (inFlight -= 1);
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    await page.goto('/login');
    await hydrateOnIntent(page, 'form button[type="submit"]');
    await page.waitForLoadState('networkidle');
    const shell = (path: string) => /\/assets\/(SignedInLayout|AppsPage)-/.test(path);
    expect(scripts.filter(shell)).toEqual([]);

    await page.getByRole('textbox', { name: 'Username' }).fill(ALICE);
    expect(scripts.filter(shell)).toEqual([]);
    await page.getByLabel('Password').first().focus();
    await expect.poll(() => scripts.filter(shell).length).toBe(2);
    // The downloads finish before the page closes (a download cut off is logged by the server).
    await expect.poll(() => inFlight).toBe(0);
  });
});

test.describe('the skeleton of a signed-in screen (decision 0022, fifth session)', () => {
  const SKELETON = '#signed-in-skeleton';
  /** Holds every script of the app back, as on a phone whose scripts are still on their way; returns the release. */
  async function holdScripts(page: Page): Promise<() => void> {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.*\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }

  test('a signed-in visit paints the screen’s skeleton before the scripts, and the screen replaces it', async ({ page }) => {
    await signIn(page, ALICE);
    await expect(page).toHaveURL(/\/apps$/);

    const release = await holdScripts(page);
    await page.goto('/tickets', { waitUntil: 'commit' });
    const skeleton = page.locator(SKELETON);
    await expect(skeleton).toBeVisible();
    await expect(skeleton.getByText('Support Tickets', { exact: true }).first()).toBeVisible();
    // Worded for Alice's role (an administrator sees all the organization's tickets), the other wording hidden.
    await expect(skeleton.getByText('All tickets for your organization')).toBeVisible();
    await expect(skeleton.getByText('Your assigned tickets')).toBeHidden();

    release();
    await expect(page.getByRole('heading', { level: 1, name: /Support Tickets/ })).toBeVisible();
    await expect(page.locator(SKELETON)).toHaveCount(0);
  });

  test('the dashboard’s skeleton greets the user by the stored session’s names, where the screen’s greeting then stands', async ({ page }) => {
    await signIn(page, ALICE);
    await expect(page).toHaveURL(/\/apps$/);

    const release = await holdScripts(page);
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const skeletonGreeting = page.locator(`${SKELETON} p`, { has: page.locator('[data-portal-session-text]') });
    await expect(skeletonGreeting).toBeVisible();
    await expect(skeletonGreeting).toHaveText(/^Welcome back, Alice\. Here is .+ at a glance\.$/);
    await expect(page.locator(`${SKELETON} [data-portal-session-placeholder]`)).toBeHidden();
    const painted = await skeletonGreeting.boundingBox();
    const greeting = await skeletonGreeting.textContent();

    release();
    await expect(page.locator(SKELETON)).toHaveCount(0);
    // The screen's own greeting: the same text in the same place and size, so removing the skeleton moves nothing.
    const screenGreeting = page.locator('#root main p', { hasText: 'Welcome back' });
    await expect(screenGreeting).toHaveText(greeting ?? '');
    expect(await screenGreeting.boundingBox()).toEqual(painted);
  });

  test('a visitor who is not signed in never sees it, and goes to the sign-in page', async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/tickets', { waitUntil: 'commit' });
    await expect(page.locator(SKELETON)).toBeAttached();
    await expect(page.locator(SKELETON)).toBeHidden();

    release();
    await expect(page).toHaveURL(/\/login\?next=%2Ftickets$/);
    await expect(page.locator(SKELETON)).toHaveCount(0);
  });
});
