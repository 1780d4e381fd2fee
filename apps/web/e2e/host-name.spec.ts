import { expect, test } from '@playwright/test';
import { CHROMIUM_LAUNCH, E2E_ENV } from '../playwright.config';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations } from './auth-support';

/**
 * The portal served over plain http under a host name other than localhost (a LAN address, an
 * internal DNS name): Chromium resolves portal.test to this machine. An http page under such a
 * name is not a secure context, and a Content-Security-Policy that upgrades requests to https
 * leaves it blank.
 */
const HOST_URL = `http://portal.test:${E2E_ENV.PORT}`;

test.use({ launchOptions: { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, '--host-resolver-rules=MAP portal.test 127.0.0.1'] } });

test('the portal loads, signs in and works under a non-localhost host name over http', async ({ page }) => {
  const failedRequests: string[] = [];
  const pageErrors: string[] = [];
  page.on('requestfailed', (request) => failedRequests.push(`${request.url()} ${request.failure()?.errorText ?? ''}`));
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto(`${HOST_URL}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Username' }).fill('alice.admin@acme.example');
  await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page).toHaveURL(`${HOST_URL}/apps`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto(`${HOST_URL}/tickets`);
  await expect(page.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  expect(failedRequests).toEqual([]);
  expect(pageErrors).toEqual([]);
});
