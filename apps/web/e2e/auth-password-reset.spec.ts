import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, latestMailTo, linkIn, signIn } from './auth-support';

/** Only this spec changes a password, and only this contact's: no other journey signs in as Kenji (the demo users keep the demo password). */
const RESETTING_USER = { email: 'kenji.tanaka@acme.example', name: 'Kenji Tanaka' };
const NEW_PASSWORD = 'violet-harbour-lantern-42';

test.describe('forgot password → mailed link → new password', () => {
  test('resets the password through the mailed link; the new password signs in, the old one fails', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const requestedAt = new Date(Date.now() - 2_000);
    await page.getByRole('textbox', { name: 'Email' }).fill(RESETTING_USER.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(/we have sent it a link to reset the password/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/login');
    await expectNoSeriousA11yViolations(page);

    const mail = await latestMailTo(RESETTING_USER.email, requestedAt);
    const resetPath = linkIn(mail.text, '/page-change-password');
    expect(resetPath).toMatch(/^\/page-change-password\?token=.+/);

    await page.goto(resetPath);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    const newPassword = page.getByLabel(/^New password/);
    const confirmPassword = page.getByLabel(/^Confirm new password/);

    // The rules of docs/product.md §5, in the browser.
    await newPassword.fill('short');
    await confirmPassword.fill('short');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters long.', { exact: true })).toBeVisible();
    await newPassword.fill(NEW_PASSWORD);
    await confirmPassword.fill(`${NEW_PASSWORD}!`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await page.getByRole('button', { name: 'Show new password' }).click();
    await expect(newPassword).toHaveAttribute('type', 'text');
    await expectNoSeriousA11yViolations(page);

    await confirmPassword.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Password Changed Successfully' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // docs/product.md §4: to /login after 3 seconds.
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });

    // The link works once.
    await page.goto(resetPath);
    await page.getByLabel(/^New password/).fill('another-new-password-7');
    await page.getByLabel(/^Confirm new password/).fill('another-new-password-7');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('alert')).toContainText('invalid, expired or already used');

    // The old password no longer works …
    await signIn(page, RESETTING_USER.email, DEMO_PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await expect(page).toHaveURL(/\/login$/);

    // … the new one does.
    await signIn(page, RESETTING_USER.email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByRole('banner')).toContainText(RESETTING_USER.name);
  });

  test("the password-change page without a token shows 'Invalid Reset Link'", async ({ page }) => {
    await page.goto('/page-change-password');

    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
    await expect(page.getByText('Invalid or missing reset token. Please request a new password reset.')).toBeVisible();
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
  });

  test('the password pages have no serious accessibility violations at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/page-change-password');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/page-change-password?token=not-a-real-token');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Please enter a new password.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('opening the password-change page ends a stored session', async ({ page }) => {
    await signIn(page, 'bill.billing@acme.example');
    await expect(page).toHaveURL(/\/apps$/);

    await page.goto('/page-change-password?token=whatever');

    await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('userDetails'))).toBeNull();
    await page.goto('/apps');
    await expect(page).toHaveURL(/\/login$/);
  });
});
