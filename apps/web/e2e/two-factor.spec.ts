import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAxeCleanInBothThemes, expectNoSidewaysScroll, signIn, signOutFromHeader } from './auth-support';
import { chooseTheme } from './support/screens';

/**
 * Two-step sign-in (issue 37, decision 0049), on a phone-sized screen: enrol an authenticator from Profile → Security,
 * sign out, sign in with a code the test computes from the secret shown, then with a recovery code (once only), and a
 * wrong code refused. Marcus is a demo contact no other journey signs in as, so his second factor changes nobody else's.
 */
const USER = 'marcus.webb@acme.example';

test('two-step sign-in: enrol TOTP, sign in with a code and with a recovery code; a wrong or used code is refused', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 320, height: 740 });
  await signIn(page, USER);
  await expect(page).toHaveURL(/\/apps$/);
  // The system's theme, so that each screen is checked in light and dark by the emulated preference.
  await chooseTheme(page, 'System');
  await page.goto('/profile');

  // Enrolment: the QR code and the secret in text, confirmed by a code from "the app".
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const setup = page.getByRole('dialog', { name: 'Set up two-step sign-in' });
  await expect(setup.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await setup.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoSidewaysScroll(page);
  await expectAxeCleanInBothThemes(page);
  const totp = new TOTP({ secret: Secret.fromBase32(secret) });
  await setup.getByRole('textbox', { name: 'Code from the app' }).fill(totp.generate());
  await setup.getByRole('button', { name: 'Turn on' }).click();

  // The recovery codes, shown once, downloadable as a text file.
  const saveCodes = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const list = saveCodes.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
  const downloading = page.waitForEvent('download');
  await saveCodes.getByRole('button', { name: 'Download' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe('portal-recovery-codes.txt');
  expect(readFileSync(await file.path(), 'utf8')).toContain(recoveryCodes.join('\n'));
  await expectNoSidewaysScroll(page);
  await expectAxeCleanInBothThemes(page);
  await expect(saveCodes.getByRole('button', { name: 'Done' })).toBeDisabled();
  await saveCodes.getByRole('checkbox', { name: 'I have saved them' }).check();
  await saveCodes.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/10 recovery codes are left/)).toBeVisible();

  // Signing in now asks for the code after the password: a wrong one is refused, a right one signs in.
  await signOutFromHeader(page);
  await signIn(page, USER);
  const code = page.getByRole('textbox', { name: 'Code from your authenticator app' });
  await expect(code).toBeVisible();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');
  await expectNoSidewaysScroll(page);
  await expectAxeCleanInBothThemes(page);
  await code.fill(totp.generate({ timestamp: Date.now() + 10 * 30_000 }));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // The enrolment took this step's code: the next step's is a code not used yet.
  await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/apps$/);

  // A recovery code signs in once.
  await signOutFromHeader(page);
  await signIn(page, USER);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/apps$/);

  await signOutFromHeader(page);
  await signIn(page, USER);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByRole('textbox', { name: 'Recovery code' }).fill(recoveryCodes[0]!);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText('That recovery code is not right, or it has been used already.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
