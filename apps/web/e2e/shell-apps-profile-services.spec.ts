import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The signed-in shell, Apps, Profile, Enterprise Services and Dashboard (docs/product.md §2 and
 * decision 0020), as alice (admin and billing), bill (billing) and uma (no flags). Only the profile
 * save changes data, on a contact no other journey uses (rachel.kim), and it is put back afterwards.
 */

const PASSWORD = 'demo-pass-2026';
const ALICE = 'alice.admin@acme.example';
const BILL = 'bill.billing@acme.example';
const UMA = 'uma.user@acme.example';
const RACHEL = 'rachel.kim@acme.example';
const VOICE_APP = 'https://voice.itpartners.example/';

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill(email);
  await page.getByLabel('Password').first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/apps$/);
}

async function apiToken(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/api/crm/auth/login', { data: { username: email, password: PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { result: { access_token: string } }).result.access_token;
}

async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const tileHeadings = (page: Page) => page.getByRole('article').getByRole('heading');

async function expectRedirectedToApps(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/apps$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Apps' })).toBeVisible();
}

test.describe('alice (admin and billing)', () => {
  test.beforeEach(async ({ page }) => signIn(page, ALICE));

  test('sees every link, both badges and the IT Asset Manager tile, which leads to /it-assets', async ({ page }) => {
    const header = page.getByRole('banner');
    await expect(header).toContainText('Alice Morgan');
    await expect(header).toContainText(ALICE);
    for (const link of ['Profile', 'Apps', 'Services', 'Support Tickets', 'Dashboard', 'Billing', 'Users', 'IT Asset Manager']) {
      await expect(sidebar(page).getByRole('link', { name: link, exact: true })).toBeVisible();
    }
    // The page's badges (the sidebar's 'Admin' heading is outside the main content).
    await expect(page.getByRole('main').getByText('Admin', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText('Billing', { exact: true })).toBeVisible();
    await expect(tileHeadings(page)).toHaveText(['ITP Voice', 'PayLink360', 'Microsoft 365', 'IT Asset Manager']);
    await expect(page.getByRole('link', { name: 'Open Microsoft 365 (opens in a new tab)' })).toHaveAttribute('href', 'https://portal.office.com/');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Open IT Asset Manager' }).click();
    await expect(page).toHaveURL(/\/it-assets$/);
  });

  test('launches ITP Voice with a one-time token and v2={api_id}, not the access token', async ({ page, context, request }) => {
    await context.route(`${VOICE_APP}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>ITP Voice</title><h1>ITP Voice</h1>' }));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Open ITP Voice (opens in a new tab)' }).click();
    const voice = await popup;
    await voice.waitForURL(/token=/);
    const url = new URL(voice.url());
    expect(`${url.origin}/`).toBe(VOICE_APP);
    expect(url.searchParams.get('v2')).toBe('itpv-acme-4f2a91');
    const token = url.searchParams.get('token')!;
    const session = JSON.parse((await page.evaluate(() => localStorage.getItem('userDetails')))!) as { access_token: string };
    expect(token).not.toBe(session.access_token);

    // The voice app redeems it once, and learns who launched it.
    const redeem = () => request.post('/api/portal/apps/itp_voice/launch/redeem', { data: { token } });
    const first = await redeem();
    expect(first.status()).toBe(200);
    expect(((await first.json()) as { result: { contact: { email: string }; api_id: string } }).result).toMatchObject({
      api_id: 'itpv-acme-4f2a91',
      contact: { email: ALICE },
    });
    expect((await redeem()).status()).toBe(401);
  });

  test('sees the services with their figures and states', async ({ page, request }) => {
    const token = await apiToken(request, ALICE);
    const services = (
      (await (await request.get('/api/crm/services', { headers: { authorization: `Bearer ${token}` } })).json()) as {
        result: { status: string; price: number }[];
      }
    ).result;
    const monthly = services.filter((s) => s.status === 'active').reduce((cents, s) => cents + Math.round(s.price * 100), 0) / 100;
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(monthly);

    await sidebar(page).getByRole('link', { name: 'Services' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Enterprise Services' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Manage Services' })).toBeVisible();
    const summary = page.getByRole('region', { name: 'Summary' });
    for (const label of ['Active Services', 'Provisioning', 'Issues']) await expect(summary.getByRole('group', { name: label })).toBeVisible();
    await expect(summary.getByRole('group', { name: 'Monthly Cost' })).toContainText(usd);
    await expect(page.getByRole('article')).toHaveCount(services.length);
    for (const state of ['Active', 'Provisioning', 'Inactive', 'Suspended']) {
      await expect(page.getByRole('article').getByText(state, { exact: true }).first()).toBeVisible();
    }
    const breakdown = page.getByRole('region', { name: 'By category' });
    for (const category of ['Voice', 'Hosted Service', 'Cloud']) await expect(breakdown.getByText(category, { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(summary.getByRole('group', { name: 'Monthly Cost' })).toContainText(usd);
  });

  test('sees the dashboard with the account’s figures, the balance and recent activity', async ({ page }) => {
    await sidebar(page).getByRole('link', { name: 'Dashboard' }).click();
    const figures = page.getByRole('region', { name: 'Key figures' });
    await expect(figures.getByRole('group', { name: 'Open Tickets' })).toContainText('Across your organization');
    await expect(figures.getByRole('group', { name: 'Balance' })).toContainText(/\$[\d,]+\.\d{2}/);
    await expect(page.getByRole('region', { name: 'Support tickets' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Recent activity' }).getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('sees the profile with every permission enabled', async ({ page }) => {
    await sidebar(page).getByRole('link', { name: 'Profile' }).click();
    const permissions = page.getByRole('region', { name: 'Permissions' });
    for (const name of ['Portal Access: Enabled', 'Admin Access: Enabled', 'Billing Access: Enabled']) {
      await expect(permissions.getByRole('listitem', { name })).toBeVisible();
    }
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('bill (billing only)', () => {
  test.beforeEach(async ({ page }) => signIn(page, BILL));

  test('has Billing but not Users or IT assets, the Billing badge only, and no IT Asset Manager tile', async ({ page }) => {
    await expect(sidebar(page).getByRole('link', { name: 'Billing' })).toBeVisible();
    await expect(sidebar(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
    await expect(sidebar(page).getByRole('link', { name: 'IT Asset Manager' })).toHaveCount(0);
    await expect(tileHeadings(page)).toHaveText(['ITP Voice', 'PayLink360', 'Microsoft 365']);
    await expect(page.getByRole('main').getByText('Billing', { exact: true })).toBeVisible();
    await expect(page.getByRole('main').getByText('Admin', { exact: true })).toHaveCount(0);
    await expectRedirectedToApps(page, '/users');
    await expectRedirectedToApps(page, '/it-assets');
    await page.goto('/billing');
    await expect(page).toHaveURL(/\/billing$/);
  });

  test('sees the balance on the dashboard and billing enabled on the profile', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Key figures' }).getByRole('group', { name: 'Balance' })).toBeVisible();
    await page.goto('/profile');
    const permissions = page.getByRole('region', { name: 'Permissions' });
    await expect(permissions.getByRole('listitem', { name: 'Admin Access: Disabled' })).toBeVisible();
    await expect(permissions.getByRole('listitem', { name: 'Billing Access: Enabled' })).toBeVisible();
  });
});

test.describe('uma (no flags)', () => {
  test.beforeEach(async ({ page }) => signIn(page, UMA));

  test('reaches neither Billing, Users nor IT assets, and sees no badge', async ({ page }) => {
    for (const link of ['Billing', 'Users', 'IT Asset Manager']) await expect(sidebar(page).getByRole('link', { name: link })).toHaveCount(0);
    await expect(tileHeadings(page)).toHaveText(['ITP Voice', 'PayLink360', 'Microsoft 365']);
    await expect(page.getByText('Admin', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Billing', { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    for (const path of ['/billing', '/users', '/it-assets']) await expectRedirectedToApps(page, path);
  });

  test('sees only tickets assigned to her and no balance on the dashboard', async ({ page }) => {
    await page.goto('/dashboard');
    const figures = page.getByRole('region', { name: 'Key figures' });
    await expect(figures.getByRole('group', { name: 'Open Tickets' })).toContainText('Assigned to you');
    await expect(figures.getByRole('group', { name: 'Balance' })).toHaveCount(0);
  });

  test('edits the profile and Cancel restores it, with the e-mail warning and her own time zone kept', async ({ page }) => {
    await page.goto('/profile');
    const details = page.getByRole('region', { name: 'Personal information' });
    await expect(details).toContainText('America/New_York');
    const permissions = page.getByRole('region', { name: 'Permissions' });
    await expect(permissions.getByRole('listitem', { name: 'Portal Access: Enabled' })).toBeVisible();
    await expect(permissions.getByRole('listitem', { name: 'Admin Access: Disabled' })).toBeVisible();
    await expect(permissions.getByRole('listitem', { name: 'Billing Access: Disabled' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByText(/Changing your email address also changes your login username/)).toBeVisible();
    await page.getByRole('textbox', { name: 'First Name' }).fill('Changed');
    await page.getByRole('combobox', { name: 'Timezone' }).click();
    await expect(page.getByRole('option')).toHaveText([
      'Eastern Time (America/New_York)',
      'Eastern Time (US/Eastern)',
      'Central Time (US/Central)',
      'Mountain Time (US/Mountain)',
      'Pacific Time (US/Pacific)',
      'Coordinated Universal Time (UTC)',
    ]);
    await page.keyboard.press('Escape');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(details).toContainText('Uma');
    await expect(details).not.toContainText('Changed');
  });
});

test.describe('when loading fails or finds nothing', () => {
  test('Apps and Services show their error with Retry, and their empty states, accessibly', async ({ page, context }) => {
    await signIn(page, UMA);
    const failing = { status: 500, contentType: 'application/json', body: JSON.stringify({ errors: true, message: 'Temporarily unavailable' }) };
    const empty = { status: 200, contentType: 'application/json', body: JSON.stringify({ errors: false, result: [] }) };
    let appsAnswer = failing;
    await context.route('**/api/portal/apps', (route) => route.fulfill(appsAnswer));
    await page.goto('/dashboard');
    await sidebar(page).getByRole('link', { name: 'Apps' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Error', { timeout: 15_000 });
    await expect(alert).toContainText('Failed to load available applications');
    await expectNoSeriousA11yViolations(page);
    appsAnswer = empty;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'No Applications Available' })).toBeVisible();
    await expect(page.getByText("You don't have access to any applications yet. Contact support if you need assistance.")).toBeVisible();

    let servicesAnswer = failing;
    await context.route('**/api/crm/services', (route) => route.fulfill(servicesAnswer));
    await sidebar(page).getByRole('link', { name: 'Services' }).click();
    await expect(page.getByRole('alert')).toContainText('Error Loading Services', { timeout: 15_000 });
    await expect(page.getByRole('alert')).toContainText('Temporarily unavailable');
    await expectNoSeriousA11yViolations(page);
    servicesAnswer = empty;
    await page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'No Services Found' })).toBeVisible();
    await expect(page.getByText('No services are currently configured for your account.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('saving a profile', () => {
  // The time zone is not changed here: the seed gave rachel US/Alaska, which the profile list cannot set back.
  test('changes the name and e-mail (= username), and the header follows', async ({ page, request }) => {
    const renamed = 'rachel.kim.renamed@acme.example';
    await signIn(page, RACHEL);
    try {
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByRole('textbox', { name: 'First Name' }).fill('Rae');
      await page.getByRole('textbox', { name: 'Email' }).fill(renamed);
      await expect(page.getByRole('combobox', { name: 'Timezone' })).toHaveValue('Alaska Time (US/Alaska)');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      // The e-mail is the username: the current password confirms the change (a wrong one is refused).
      const confirm = page.getByRole('dialog', { name: 'Confirm it is you' });
      await confirm.getByLabel('Current password').fill('not-the-password');
      await confirm.getByRole('button', { name: 'Confirm and save' }).click();
      await expect(confirm.getByText('The current password is not correct.')).toBeVisible();
      await confirm.getByLabel('Current password').fill(PASSWORD);
      await confirm.getByRole('button', { name: 'Confirm and save' }).click();
      await expect(page.getByText('Profile updated successfully!')).toBeVisible();
      await expect(confirm).toBeHidden();
      const details = page.getByRole('region', { name: 'Personal information' });
      await expect(details).toContainText(renamed);
      await expect(details).toContainText('US/Alaska');
      await expect(page.getByRole('banner')).toContainText('Rae Kim');

      // Another contact's e-mail is refused, and the form stays open with the reason.
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByRole('textbox', { name: 'Email' }).fill(UMA);
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await confirm.getByLabel('Current password').fill(PASSWORD);
      await confirm.getByRole('button', { name: 'Confirm and save' }).click();
      await expect(page.getByText(/^Failed to update profile: The e-mail address uma\.user@acme\.example is already used/)).toBeVisible();
      await expect(page.getByRole('form', { name: 'Edit profile' })).toBeVisible();
      await expect(confirm).toBeHidden();
      await page.getByRole('button', { name: 'Cancel' }).click();

      expect((await request.post('/api/crm/auth/login', { data: { username: RACHEL, password: PASSWORD } })).status()).toBe(401);
      expect((await request.post('/api/crm/auth/login', { data: { username: renamed, password: PASSWORD } })).ok()).toBe(true);
    } finally {
      // Put rachel back as the seed made her, whatever happened above.
      const login = await request.post('/api/crm/auth/login', { data: { username: renamed, password: PASSWORD } });
      if (login.ok()) {
        const token = ((await login.json()) as { result: { access_token: string } }).result.access_token;
        const restore = await request.patch('/api/portal/my-profile', {
          headers: { authorization: `Bearer ${token}` },
          data: { firstname: 'Rachel', lastname: 'Kim', email: RACHEL, timezone: 'US/Alaska', current_password: PASSWORD },
        });
        expect(restore.ok()).toBe(true);
      }
    }
  });
});

test.describe('at a phone’s width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the sidebar folds behind the menu button and closes after a link', async ({ page }) => {
    await signIn(page, ALICE);
    const navigation = sidebar(page);
    await expect(navigation).not.toBeInViewport();
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await burger.click();
    await expect(navigation).toBeInViewport();
    await navigation.getByRole('link', { name: 'Services' }).click();
    await expect(page).toHaveURL(/\/services$/);
    await expect(navigation).not.toBeInViewport();
    await expect(page.getByRole('heading', { level: 1, name: 'Enterprise Services' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    for (const path of ['/apps', '/profile', '/dashboard']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
});
