import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, latestMailTo, linkIn, signIn, signOutFromHeader } from './auth-support';

/** Decision 0013: an administrator manages the account's users and their voice licenses. */
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
    await dialog
      .getByRole('checkbox', { name: /Business Seat|Voice/ })
      .first()
      .check();
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

  test('alice sees each user’s licenses, edits a profile and licenses with one Save, and cannot remove her own admin flag', async ({ page }) => {
    await signIn(page, 'alice.admin@acme.example');
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto('/users');
    const table = page.getByRole('table', { name: 'Users' });
    await table.waitFor();
    // The spec's columns without the row number, and the licenses (decision 0034).
    await expect(table.getByRole('columnheader')).toHaveText(['User', 'Email', 'Roles', 'Licenses', 'Timezone', 'Actions']);
    await expect(table.getByRole('columnheader', { name: '#' })).toHaveCount(0);
    await expect(table.getByRole('columnheader', { name: 'Licenses' })).toBeVisible();

    const firstOnPage1 = await table.getByRole('row').nth(1).getByRole('cell').first().textContent();
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(table.getByRole('row').nth(1).getByRole('cell').first()).not.toHaveText(firstOnPage1!);
    await pages.getByRole('button', { name: 'Page 1' }).click();

    await page.getByRole('textbox', { name: 'Search users' }).fill('Hannah');
    const hannah = table.getByRole('row', { name: /Hannah Brooks/ });
    await expect(hannah.getByRole('cell').nth(3)).toHaveText('ITP Voice Business Seat');
    await page.getByRole('button', { name: 'Edit Hannah Brooks' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Hannah Brooks' });
    await expect(edit.getByRole('button', { name: /^Update/ })).toHaveCount(0);

    // A mobile number that is no phone number is refused in the form, on leaving the field and on saving.
    const mobile = edit.getByRole('textbox', { name: 'Mobile' });
    await mobile.fill('12345');
    await mobile.blur();
    await expect(edit.getByText('Please enter a valid mobile number')).toBeVisible();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeVisible();
    await mobile.fill('+1 617 555 0177');
    await expect(edit.getByText('Reads as +1 617 555 0177')).toBeVisible();

    // The server refuses it too, with the same message.
    const login = await page.request.post('/api/crm/auth/login', { data: { username: 'alice.admin@acme.example', password: DEMO_PASSWORD } });
    const token = ((await login.json()) as { result: { access_token: string } }).result.access_token;
    const users = await page.request.get('/api/crm/contacts?search=Hannah', { headers: { authorization: `Bearer ${token}` } });
    const hannahId = ((await users.json()) as { result: { pk: number }[] }).result[0]!.pk;
    const refused = await page.request.patch(`/api/crm/contacts/${hannahId}`, { headers: { authorization: `Bearer ${token}` }, data: { mobile: '12345' } });
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toMatch(/Please enter a valid mobile number/);

    // One Save: the new last name and a license together.
    await edit.getByRole('textbox', { name: 'Last name' }).fill('Brooks-Lee');
    await edit.getByRole('tab', { name: 'Licenses' }).click();
    await expect(edit.getByRole('checkbox', { name: 'ITP Voice Business Seat' })).toBeChecked();
    const seat = edit.getByRole('checkbox', { checked: false, disabled: false }).first();
    const seatName = await seat.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent ?? '');
    await seat.check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Hannah Brooks-Lee was updated.')).toBeVisible();
    const renamed = table.getByRole('row', { name: /Hannah Brooks-Lee/ });
    await expect(renamed.getByRole('cell').nth(3)).toContainText(seatName);
    await expect(renamed.getByRole('cell').nth(3)).toContainText('ITP Voice Business Seat');

    await page.getByRole('textbox', { name: 'Search users' }).fill('Alice');
    await page.getByRole('button', { name: 'Edit Alice Morgan' }).click();
    const self = page.getByRole('dialog', { name: 'Edit Alice Morgan' });
    await self.getByRole('checkbox', { name: /Administrator/ }).uncheck();
    await self.getByRole('button', { name: 'Save' }).click();
    await expect(self.getByText('You cannot remove your own administrator access', { exact: false }).first()).toBeVisible();
  });

  test('on a 320 px phone the user dialogs fill the screen and no notice covers their Save button', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await signIn(page, 'alice.admin@acme.example');
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto('/users');
    await page.getByRole('textbox', { name: 'Search users' }).fill('Olivia');
    await page.getByRole('button', { name: 'Edit Olivia Chen' }).click();
    let edit = page.getByRole('dialog', { name: 'Edit Olivia Chen' });
    await expect(edit).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await edit.getByRole('textbox', { name: 'First name' }).fill('Liv');
    await edit.getByRole('button', { name: 'Save' }).click();
    const notice = page.getByText('Liv Chen was updated.');
    await expect(notice).toBeVisible();

    // Straight back in while the notice is still up: the dialog fills the viewport, and at the centre of Save is Save.
    await page.getByRole('button', { name: 'Edit Liv Chen' }).click();
    edit = page.getByRole('dialog', { name: 'Edit Liv Chen' });
    await expect(edit).toBeVisible();
    const save = edit.getByRole('button', { name: 'Save' });
    await expect(save).toBeInViewport();
    // Let the opening transition end before measuring.
    await expect.poll(async () => (await page.locator('.mantine-Modal-content').boundingBox())?.width).toBe(320);
    const box = (await page.locator('.mantine-Modal-content').boundingBox())!;
    expect(box).toMatchObject({ x: 0, y: 0, width: 320, height: 640 });
    // The notice is still up (behind the dialog), and Save is Save all over: its centre and points near its (rounded) corners.
    await expect(notice).toBeVisible();
    const saveBox = (await save.boundingBox())!;
    const points = [
      [saveBox.x + saveBox.width / 2, saveBox.y + saveBox.height / 2],
      [saveBox.x + 8, saveBox.y + 8],
      [saveBox.x + saveBox.width - 8, saveBox.y + 8],
      [saveBox.x + 8, saveBox.y + saveBox.height - 8],
      [saveBox.x + saveBox.width - 8, saveBox.y + saveBox.height - 8],
    ];
    const onSave = await page.evaluate((at) => at.map(([x, y]) => document.elementFromPoint(x!, y!)?.closest('button')?.textContent === 'Save'), points);
    expect(onSave).toEqual([true, true, true, true, true]);
    await expectNoSeriousA11yViolations(page);
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();

    await page.getByRole('button', { name: 'Add User' }).click();
    const add = page.getByRole('dialog', { name: 'Add User' });
    await expect(add.getByRole('button', { name: 'Next' })).toBeInViewport();
    await expect.poll(async () => (await page.locator('.mantine-Modal-content').boundingBox())?.width).toBe(320);
    expect((await page.locator('.mantine-Modal-content').boundingBox())!.height).toBe(640);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
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
