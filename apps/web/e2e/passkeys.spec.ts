import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_ENV } from '../playwright.config';
import { expectAxeCleanInBothThemes, expectNoSidewaysScroll, latestMailTo, signIn, signOutFromHeader } from './auth-support';
import { chooseTheme } from './support/screens';

/**
 * Passkeys (issue 37, decision 0050), for real: Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain)
 * creates a discoverable credential from Profile → Security and signs in with it, no address typed. Grace is a demo
 * contact no other journey signs in as. A passkey's relying party is PUBLIC_URL's host (localhost here, by default): an
 * IP address can be none, so this journey opens the portal as localhost rather than 127.0.0.1.
 */
const USER = 'grace.liu@acme.example';
test.use({ baseURL: `http://localhost:${E2E_ENV.PORT}` });

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

/** A dialog checked mid-transition blends its colours: axe would read a contrast it never has once open. */
async function expectOpened(dialog: Locator) {
  await expect.poll(() => dialog.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
}

test('passkeys: add one in Profile → Security, sign in with it alone, rename it and remove it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await addVirtualAuthenticator(page);
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/apps$/);
  await chooseTheme(page, 'System');
  await page.goto('/profile');

  // The profile screen's chunk, on a busy machine, may take longer than an assertion's five seconds.
  await expect(page.getByText('No passkeys')).toBeVisible({ timeout: 30_000 });
  const since = new Date();
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await expectOpened(dialog);
  await expectAxeCleanInBothThemes(page);
  await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E laptop');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const list = page.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('E2E laptop');
  await expect(list.getByRole('listitem').first()).toContainText('never used');
  expect((await latestMailTo(USER, since)).subject).toMatch(/passkey was added/i);
  await expectAxeCleanInBothThemes(page);
  await page.setViewportSize({ width: 320, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectAxeCleanInBothThemes(page);

  // Signed out, the passkey alone signs in: no address is typed.
  await signOutFromHeader(page);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectAxeCleanInBothThemes(page);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(/\/apps$/);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/profile');
  await expect(list.getByRole('listitem').first()).toContainText('last used', { timeout: 30_000 });
  await list.getByRole('button', { name: 'Rename the passkey E2E laptop' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename this passkey' });
  await expectOpened(rename);
  await expect(rename.getByRole('textbox', { name: 'Name' })).toHaveValue('E2E laptop');
  await expectAxeCleanInBothThemes(page);
  await rename.getByRole('textbox', { name: 'Name' }).fill('E2E work laptop');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(list.getByRole('listitem').first()).toContainText('E2E work laptop');
  await page.reload();
  await expect(list.getByRole('listitem').first()).toContainText('E2E work laptop', { timeout: 30_000 });
  await list.getByRole('button', { name: 'Remove the passkey E2E work laptop' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expectOpened(confirm);
  await expectAxeCleanInBothThemes(page);
  await confirm.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(page.getByText('No passkeys')).toBeVisible();
});
