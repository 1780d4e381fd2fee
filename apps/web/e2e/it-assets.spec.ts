import { expect, test } from '@playwright/test';
import pg from 'pg';
import { E2E_ENV } from '../playwright.config';
import { DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn } from './auth-support';

const E2E_DATABASE_URL = `postgres://portal:portal-local-only@127.0.0.1:${E2E_ENV.EMBEDDED_PG_PORT}/portal`;

/** How many audit entries of an action name a credential by its title (the vault records the title with the id). */
async function auditEntries(action: string, title: string): Promise<number> {
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND details->>'title' = $2", [
      action,
      title,
    ]);
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** Decisions 0015 and 0016: the IT Asset Manager and its credential vault, for administrators only. */
test.describe('IT assets and the credential vault', () => {
  test.describe.configure({ mode: 'serial' });

  test('alice browses every tab, searches assets, opens one, adds a credential, reveals and copies a password', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'alice.admin@acme.example');
    await expect(page).toHaveURL(/\/apps$/);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'IT Asset Manager' }).click();
    await expect(page.getByRole('heading', { name: 'IT Asset Manager', level: 1 })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Total Assets' })).toContainText('22');
    await expect(page.getByRole('table', { name: 'Recent Assets' }).getByRole('row')).toHaveCount(6);
    await expect(page.getByRole('button', { name: 'Add Credential' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Assets' }).click();
    await page.getByRole('textbox', { name: 'Search assets' }).fill('thinkpad');
    await expect(page.getByText('2 assets match')).toBeVisible();
    await page.getByRole('button', { name: /Alice Morgan – Laptop: details/ }).click();
    const asset = page.getByRole('dialog', { name: 'Alice Morgan – Laptop' });
    await expect(asset).toContainText('ThinkPad X1 Carbon Gen 11');
    await expect(asset).toContainText('Assigned To');
    await asset.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('tab', { name: 'Vendors' }).click();
    const dell = page.getByRole('article', { name: 'Dell Technologies' });
    await expect(dell.getByRole('link', { name: 'karen.ortiz@dell.example' })).toHaveAttribute('href', 'mailto:karen.ortiz@dell.example');
    await expect(dell.getByRole('link', { name: /555-0131/ })).toHaveAttribute('href', /^tel:\+1800/);
    await expect(dell.getByRole('link', { name: /Visit Site/ })).toHaveAttribute('href', 'https://www.dell.com');

    await page.getByRole('tab', { name: 'Credentials' }).click();
    await expect(page.getByRole('article', { name: 'Domain Administrator' })).toContainText('Password hidden by administrator');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Add Credential' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Credential' });
    await expect(dialog.getByRole('button', { name: 'Add' })).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Service Name' }).fill('Printer Admin');
    await dialog.getByRole('textbox', { name: 'Username' }).fill('printadmin');
    await dialog.getByLabel('Password', { exact: true }).fill('Copper-Orbit-7731!');
    await dialog.getByRole('textbox', { name: 'URL' }).fill('https://printer.acme.example');
    await dialog.getByRole('textbox', { name: 'Notes' }).fill('Second floor printer');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();

    const card = page.getByRole('article', { name: 'Printer Admin' });
    await expect(card).toContainText('••••••••');
    await card.getByRole('button', { name: 'Show the password of Printer Admin' }).click();
    await expect(card).toContainText('Copper-Orbit-7731!');
    await card.getByRole('button', { name: 'Copy the password of Printer Admin' }).click();
    await expect(card.getByRole('button', { name: /copied/ })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Copper-Orbit-7731!');
    await card.getByRole('button', { name: 'Hide the password of Printer Admin' }).click();
    await expect(card).not.toContainText('Copper-Orbit-7731!');
  });

  test('alice edits and deletes a credential in the vault, and cannot change a hidden password', async ({ page }) => {
    await signIn(page, 'alice.admin@acme.example');
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto('/it-assets');
    await page.getByRole('link', { name: 'Credential Vault' }).click();
    await expect(page).toHaveURL(/\/it-assets\/vault$/);
    await page.getByRole('textbox', { name: 'Search credentials' }).fill('printer');
    const card = page.getByRole('article', { name: 'Printer Admin' });
    await expect(card).toContainText('Second floor printer');
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('button', { name: 'Actions for Printer Admin' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Printer Admin' });
    await edit.getByRole('textbox', { name: 'Service Name' }).fill('Printer Admin (2F)');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    const renamed = page.getByRole('article', { name: 'Printer Admin (2F)' });
    await renamed.getByRole('button', { name: /Show the password/ }).click();
    await expect(renamed).toContainText('Copper-Orbit-7731!');

    await renamed.getByRole('button', { name: 'Actions for Printer Admin (2F)' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete credential' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No credentials match your search')).toBeVisible();

    await page.getByRole('textbox', { name: 'Search credentials' }).fill('domain administrator');
    const hidden = page.getByRole('article', { name: 'Domain Administrator' });
    await expect(hidden).toContainText('Password hidden by administrator');
    await hidden.getByRole('button', { name: 'Actions for Domain Administrator' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Domain Administrator' })).toContainText('cannot be changed here');
  });

  test('category and expiry from the form, expired flagged, copy without show on record, a shown password hides after 30 s', async ({ page, context }) => {
    // Two screens, two forms and axe: more steps than the default budget allows on a slow machine.
    test.slow();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.clock.install();
    await signIn(page, 'alice.admin@acme.example');
    await expect(page).toHaveURL(/\/apps$/);

    // An asset whose warranty has run out says so on its card.
    await page.goto('/it-assets?tab=assets');
    await page.getByRole('textbox', { name: 'Search assets' }).fill('old exchange');
    await expect(page.getByRole('button', { name: /Old Exchange Server: details/ }).getByText('Expired', { exact: true })).toBeVisible();

    // The form sets the category and the expiry the card shows; a date in the past is flagged.
    await page.goto('/it-assets/vault');
    const title = `Old NAS ${Date.now()}`;
    await page.getByRole('button', { name: 'Add Credential' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Credential' });
    await dialog.getByRole('textbox', { name: 'Service Name' }).fill(title);
    await dialog.getByLabel('Password', { exact: true }).fill('Basalt-Heron-5512!');
    await dialog.getByRole('combobox', { name: 'Category' }).fill('Storage');
    await dialog.getByRole('combobox', { name: 'Category' }).press('Escape');
    await dialog.getByLabel('Expires').fill('2024-03-31');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('Storage');
    await expect(card).toContainText('Mar 31, 2024');
    await expect(card.getByText('Expired', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Copy without Show: the password reaches the clipboard unseen, and the copy is on record.
    expect(await auditEntries('vault.password_copied', title)).toBe(0);
    await card.getByRole('button', { name: `Copy the password of ${title}` }).click();
    await expect(card.getByRole('button', { name: /copied/ })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Basalt-Heron-5512!');
    await expect(card).not.toContainText('Basalt-Heron-5512!');
    await expect.poll(() => auditEntries('vault.password_copied', title)).toBe(1);
    expect(await auditEntries('vault.password_revealed', title)).toBe(0);

    // A shown password masks itself again after 30 seconds.
    await card.getByRole('button', { name: `Show the password of ${title}` }).click();
    await expect(card).toContainText('Basalt-Heron-5512!');
    await page.clock.fastForward(29_000);
    await expect(card).toContainText('Basalt-Heron-5512!');
    await page.clock.fastForward(2_000);
    await expect(card).not.toContainText('Basalt-Heron-5512!');
    await expect(card).toContainText('••••••••');

    // The edit form shows them and changes them.
    await card.getByRole('button', { name: `Actions for ${title}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${title}` });
    await expect(edit.getByRole('combobox', { name: 'Category' })).toHaveValue('Storage');
    await expect(edit.getByLabel('Expires')).toHaveValue('2024-03-31');
    await edit.getByLabel('Expires').fill('');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(card).toContainText('Never');
    await expect(card.getByText('Expired', { exact: true })).toHaveCount(0);
  });

  // Tess (technical) reaches the IT Asset Manager without its vault: technical-role.spec.ts (decision 0031).
  for (const email of ['uma.user@acme.example', 'bill.billing@acme.example']) {
    test(`${email} reaches none of it: no tile, no link, the routes redirect, the API answers 403`, async ({ page, request }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(/\/apps$/);
      await expect(page.getByRole('link', { name: 'IT Asset Manager' })).toHaveCount(0);
      // The launcher has loaded its tiles, and the IT Asset Manager's is not among them.
      await expect(page.getByRole('link', { name: /Open Microsoft 365/ })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Open IT Asset Manager' })).toHaveCount(0);
      for (const path of ['/it-assets', '/it-assets/vault']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/apps$/);
      }
      const login = await request.post('/api/crm/auth/login', { data: { username: email, password: DEMO_PASSWORD } });
      const token = ((await login.json()) as { result: { access_token: string } }).result.access_token;
      const headers = { authorization: `Bearer ${token}` };
      for (const path of ['/api/crm/assets', '/api/crm/vendors', '/api/crm/credentials']) expect((await request.get(path, { headers })).status()).toBe(403);
    });
  }
});
