import { expect, test } from '@playwright/test';
import { expectAxeCleanInBothThemes, expectNoSidewaysScroll, signIn } from './auth-support';
import { chooseTheme } from './support/screens';

/**
 * Profile → Security's list of where the person is signed in (issue 37): two browsers of Hannah's (no other journey signs
 * in as her), each named from its user agent, this one marked; signing the other out from here ends it there.
 */
const USER = 'hannah.brooks@acme.example';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

test('lists where the person is signed in, and signs one browser out from another', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const elsewhere = await browser.newContext({ userAgent: FIREFOX_ON_LINUX });
  const otherPage = await elsewhere.newPage();
  await signIn(otherPage, USER);
  await expect(otherPage).toHaveURL(/\/apps$/);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/apps$/);
  await chooseTheme(page, 'System');
  await page.goto('/profile');
  const list = page.getByRole('list', { name: 'Where you are signed in' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').filter({ hasText: 'This browser' })).toHaveCount(1);
  const firefox = list.getByRole('listitem').filter({ hasText: /Firefox/ });
  await expect(firefox).toContainText(/Linux/);
  await expectAxeCleanInBothThemes(page);
  await page.setViewportSize({ width: 320, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectAxeCleanInBothThemes(page);

  await firefox.getByRole('button', { name: /^Sign out / }).click();
  await expect(page.getByText(/is signed out\.$/)).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The other browser's sign-in is over: its next screen is the sign-in page.
  await otherPage.goto('/profile');
  await expect(otherPage).toHaveURL(/\/login/, { timeout: 20_000 });
  await elsewhere.close();
});
