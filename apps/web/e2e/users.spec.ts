import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, latestMailTo, linkIn, signIn, signOutFromHeader } from './auth-support';

/** Issue 11: an administrator manages the account's users and their voice licenses. */
test.describe('users and licenses', () => {
  test('alice adds a user with a license; the invitation sets a password and the user signs in', async ({ page }) => {
    const email = `nia.${Date.now()}@acme.example`;
    const since = new Date();
    await signIn(page, 'alice.admin@acme.example');
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/users$/);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Admin');
    await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'First name' }).fill('Nia');
    await dialog.getByRole('textbox', { name: 'Last name' }).fill('Newcomer');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
    await dialog.getByRole('checkbox', { name: /Technical Access/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('checkbox', { name: /Business Seat|Voice/ }).first().check();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`An invitation to choose a password is on its way to ${email}`)).toBeVisible();

    await page.getByRole('textbox', { name: 'Search users' }).fill('Newcomer');
    const row = page.getByRole('row', { name: /Nia Newcomer/ });
    await expect(row).toContainText('Technical');
    await expect(row).toContainText('Invited');

    const mail = await latestMailTo(email, since);
    await signOutFromHeader(page);
    await page.goto(linkIn(mail.text, '/page-change-password'));
    await page.getByLabel('New password', { exact: false }).first().fill('violet-harbour-trains-19');
    await page.getByLabel('Confirm', { exact: false }).first().fill('violet-harbour-trains-19');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password Changed Successfully')).toBeVisible();
    await signIn(page, email, 'violet-harbour-trains-19');
    await expect(page).toHaveURL(/\/apps$/);
  });

  test('alice edits a user on each tab, pages, and cannot remove her own admin flag', async ({ page }) => {
    await signIn(page, 'alice.admin@acme.example');
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto('/users');
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toContainText('11');
    await pages.getByRole('button', { name: 'Page 1' }).click();

    await page.getByRole('textbox', { name: 'Search users' }).fill('Hannah');
    await page.getByRole('button', { name: 'Edit Hannah Brooks' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Hannah Brooks' });
    await edit.getByRole('textbox', { name: 'Mobile' }).fill('+1 617 555 0177');
    await edit.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Hannah Brooks was updated.')).toBeVisible();

    await page.getByRole('button', { name: 'Edit Hannah Brooks' }).click();
    await edit.getByRole('tab', { name: 'Licenses' }).click();
    await edit.getByRole('checkbox').first().click();
    await edit.getByRole('button', { name: 'Update Licenses' }).click();
    await expect(page.getByText('The licenses of Hannah Brooks were updated.')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search users' }).fill('Alice');
    await page.getByRole('button', { name: 'Edit Alice Morgan' }).click();
    const self = page.getByRole('dialog', { name: 'Edit Alice Morgan' });
    await self.getByRole('checkbox', { name: /Administrator/ }).uncheck();
    await self.getByRole('button', { name: 'Update Profile' }).click();
    await expect(self.getByText('You cannot remove your own administrator access', { exact: false }).first()).toBeVisible();
  });

  for (const email of ['uma.user@acme.example', 'bill.billing@acme.example']) {
    test(`${email} reaches none of it: no link, the route redirects, the API answers 403`, async ({ page, request }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(/\/apps$/);
      await expect(page.getByRole('link', { name: 'Users' })).toHaveCount(0);
      await page.goto('/users');
      await expect(page).toHaveURL(/\/apps$/);
      const login = await request.post('/api/crm/auth/login', { data: { username: email, password: DEMO_PASSWORD } });
      const token = ((await login.json()) as { result: { access_token: string } }).result.access_token;
      expect((await request.get('/api/crm/contacts', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403);
    });
  }
});
