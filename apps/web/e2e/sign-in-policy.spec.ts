import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expectAxeCleanInBothThemes, latestMailTo, linkIn, signIn } from './auth-support';
import { createApiKey, providerApi } from './support/provider';
import { chooseTheme } from './support/screens';

/**
 * The account's sign-in policy and an administrator's reset (issue 37, decision 0049), in an account of its own made
 * through the provider API: turning the policy on would send every demo user of Acme or Globex to enrol, and other
 * journeys run beside this one. The administrator requires two-step sign-in; the user is taken to set it up right after
 * the password, before anything else; the administrator resets it (the user is told by mail); the user is taken to set
 * it up again at the next sign-in.
 */
const PASSWORD = 'cobalt-meadow-lantern-77';

async function inviteAndChoosePassword(
  request: APIRequestContext,
  api: ReturnType<typeof providerApi>,
  account: string,
  externalId: string,
  who: Record<string, unknown>,
) {
  const invitedAt = new Date();
  const response = await api.put(`/accounts/${account}/contacts/${externalId}`, who);
  expect(response.ok(), await response.text()).toBe(true);
  const invitation = await latestMailTo(String(who.email), invitedAt);
  const token = new URL(linkIn(invitation.text, '/page-change-password'), 'http://portal').searchParams.get('token');
  const chosen = await request.patch('/api/crm/myprofile', { headers: { authorization: `Bearer ${token}` }, data: { password: PASSWORD } });
  expect(chosen.ok(), await chosen.text()).toBe(true);
}

/** The user's sign-in while the policy holds and they have no second factor: enrol, save the codes, land in the portal. */
async function signInAndEnrol(page: Page, email: string, { checkAxe }: { checkAxe: boolean }) {
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  // Once signed in, the browser keeps the person's saved theme; the first, signed-out visit follows the system's.
  if (checkAxe) await expectAxeCleanInBothThemes(page);
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate());
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('checkbox', { name: 'I have saved them' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/apps$/);
}

test('an administrator requires two-step sign-in: a user sets it up at sign-in; after the administrator’s reset, again', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const unique = Date.now().toString(36);
  const account = `e2e-policy-${unique}`;
  const admin = { firstname: 'Paula', lastname: 'Policy', email: `paula.${unique}@policy.example`, admin_group: true };
  const user = { firstname: 'Rory', lastname: 'Reset', email: `rory.${unique}@policy.example` };
  const api = providerApi(request, await createApiKey(`e2e sign-in policy ${unique}`, 'accounts:write,contacts:write'));
  expect((await api.put(`/accounts/${account}`, { name: `Policy Test ${unique}` })).ok()).toBe(true);
  await inviteAndChoosePassword(request, api, account, `admin-${unique}`, admin);
  await inviteAndChoosePassword(request, api, account, `user-${unique}`, user);

  // The administrator turns the policy on (Users screen, at 1440 px).
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, admin.email, PASSWORD);
  await expect(page).toHaveURL(/\/apps$/);
  // The system's theme, so that the screen is checked in light and dark by the emulated preference.
  await chooseTheme(page, 'System');
  await page.goto('/users');
  const rule = page.getByRole('switch', { name: 'Require two-step sign-in for every user' });
  // The rule appears once the account's policy is loaded (after the users list, on a busy machine a while).
  await expect(rule).toBeVisible({ timeout: 20_000 });
  await expect(rule).not.toBeChecked();
  await rule.click();
  await expect(page.getByText('Every user now signs in with two-step sign-in.')).toBeVisible();
  await expect(rule).toBeChecked();
  await expectAxeCleanInBothThemes(page);

  // The user, on a phone: the password, then the enrolment before anything else.
  const phone = await browser.newContext({ viewport: { width: 320, height: 740 } });
  const userPage = await phone.newPage();
  await signInAndEnrol(userPage, user.email, { checkAxe: true });

  // The administrator resets the user's second factor (a lost phone); the user is told by mail.
  const resetAt = new Date();
  await page.reload();
  await page.getByRole('button', { name: `More actions for ${user.firstname} ${user.lastname}` }).click();
  await page.getByRole('menuitem', { name: 'Reset two-step sign-in' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset two-step sign-in' });
  await expect(dialog).toContainText(`${user.firstname} ${user.lastname}`);
  await expectAxeCleanInBothThemes(page);
  await dialog.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByText(`Two-step sign-in is off for ${user.firstname} ${user.lastname}. They have been told by e-mail.`)).toBeVisible();
  expect((await latestMailTo(user.email, resetAt)).subject).toMatch(/two-step sign-in/i);

  // The policy still holds, so the user's next sign-in sets it up again.
  await userPage.getByRole('button', { name: /account menu/i }).click();
  await userPage.getByRole('menuitem', { name: 'Sign out' }).click();
  await signInAndEnrol(userPage, user.email, { checkAxe: false });
  await phone.close();
});
