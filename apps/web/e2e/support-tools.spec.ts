import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './auth-support';

/**
 * Where the Support Tools tab lives: the IT Asset Manager's fifth tab. E2E_SUPPORT_TOOLS_PATH points
 * elsewhere while the tab is not mounted there yet (a preview route of the app layer).
 */
const SUPPORT_TOOLS = process.env.E2E_SUPPORT_TOOLS_PATH ?? '/it-assets?tab=support-tools';

async function openSupportTools(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/apps$/);
  await page.goto(SUPPORT_TOOLS);
  await expect(page.getByRole('article', { name: 'ITP RMM Agent' })).toBeVisible();
}

async function openDownloadModal(page: Page, tool: string) {
  await page.getByRole('button', { name: `Download ${tool}` }).click();
  return page.getByRole('dialog', { name: `Download ${tool}` });
}

/** The listing of a zip, and one file of it, with Info-ZIP's unzip (what a technician would use). */
const unzipList = (file: string) => execFileSync('unzip', ['-Z1', file]).toString().trim().split('\n');
const unzipRead = (file: string, entry: string) => execFileSync('unzip', ['-p', file, entry]).toString();

/** Decision 0017: support tools — the agent built for the account, links opened without signing in, the history. */
test.describe('support tools', () => {
  test.describe.configure({ mode: 'serial' });

  test('alice downloads the agent for Windows, makes a link that opens without signing in, and sees both in the history', async ({ page, browser }) => {
    await openSupportTools(page, 'alice.admin@acme.example');
    const agent = page.getByRole('article', { name: 'ITP RMM Agent' });
    await expect(agent).toContainText('Custom build');
    // The size of the file served (phones-and-keyboards.spec.ts compares it with a download), not the catalogue's 48.2 MB.
    await expect(agent).toContainText(/\d KB/);
    await expect(page.getByRole('article', { name: 'ITP Remote Assist' })).toContainText('One-time link');
    await expectNoSeriousA11yViolations(page);

    let dialog = await openDownloadModal(page, 'ITP RMM Agent');
    await expect(dialog).toContainText('built for Acme Logistics');
    await dialog.getByText('Windows', { exact: true }).click();
    await expectNoSeriousA11yViolations(page);
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download for Windows' }).click()]);
    expect(download.suggestedFilename()).toBe('itp-rmm-agent-windows.zip');
    const folder = mkdtempSync(join(tmpdir(), 'rmm-agent-'));
    const file = join(folder, download.suggestedFilename());
    await download.saveAs(file);
    expect(unzipList(file).sort()).toEqual([
      'itp-rmm-agent-windows/README.txt',
      'itp-rmm-agent-windows/agent-config.json',
      'itp-rmm-agent-windows/install.ps1',
    ]);
    const config = JSON.parse(unzipRead(file, 'itp-rmm-agent-windows/agent-config.json'));
    expect(config).toMatchObject({ customer_name: 'Acme Logistics', os: 'windows' });
    expect(config.group_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(page.getByText('Download Started!')).toBeVisible();
    await expect(dialog).toBeHidden();

    dialog = await openDownloadModal(page, 'ITP RMM Agent');
    await dialog.getByText('Linux', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Create Linux link' }).click();
    const ready = dialog.getByRole('region', { name: 'Download link ready' });
    await expect(ready).toContainText('Expires');
    const url = await ready.getByRole('textbox', { name: 'Download link' }).inputValue();
    expect(url).toMatch(/\/api\/crm\/support-tools\/links\/tl1\./);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // A technician's browser: no session, nothing signed in.
    const technician = await browser.newContext({ acceptDownloads: true });
    try {
      const onDevice = await technician.newPage();
      const [fromLink] = await Promise.all([onDevice.waitForEvent('download'), onDevice.goto(url).catch(() => undefined)]);
      expect(fromLink.suggestedFilename()).toBe('itp-rmm-agent-linux.zip');
      const linked = join(folder, 'from-link.zip');
      await fromLink.saveAs(linked);
      expect(JSON.parse(unzipRead(linked, 'itp-rmm-agent-linux/agent-config.json'))).toMatchObject({
        customer_name: 'Acme Logistics',
        group_key: config.group_key,
      });
      expect(unzipRead(linked, 'itp-rmm-agent-linux/install.sh')).toMatch(/^#!\/bin\/sh/);
      // An altered link gives no file.
      const forged = await onDevice.request.get(url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
      expect(forged.status()).toBe(403);
      expect((await forged.json()).message).toContain('not valid');
    } finally {
      await technician.close();
    }

    await page.reload();
    const history = page.getByRole('list', { name: 'Download history' });
    await expect(history.getByRole('listitem').first()).toContainText('ITP RMM Agent');
    await expect(history.getByRole('listitem').first()).toContainText('Download link');
    await expect(history.getByRole('listitem').first()).toContainText('Alice Morgan');
    await expect(history.getByRole('listitem').nth(1)).toContainText('Direct download');
    await expect(history.getByRole('listitem').nth(1)).toContainText('Alice Morgan');
  });

  test('on a phone the tools, the modal and the history fit without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 740 });
    await openSupportTools(page, 'alice.admin@acme.example');
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const dialog = await openDownloadModal(page, 'ITP Remote Assist');
    await dialog.getByRole('button', { name: 'Create Windows link' }).click();
    await expect(dialog.getByRole('region', { name: 'Download link ready' })).toContainText('works once');
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });

  test('gina at Globex, which the monitoring system does not know, is told why and whom to call', async ({ page }) => {
    await openSupportTools(page, 'gina.admin@globex.example');
    const dialog = await openDownloadModal(page, 'ITP RMM Agent');
    await dialog.getByRole('button', { name: 'Download for Windows' }).click();
    const help = page.getByRole('dialog', { name: 'Monitoring configuration not found' });
    await expect(help).toContainText('must match the name in the monitoring system exactly');
    await expect(help).toContainText('Globex Hosting');
    await expect(help.getByRole('link', { name: '+1 (800) 555-0199' })).toBeVisible();
    await expect(help.getByRole('link', { name: 'support@itpartners.example' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await help.getByRole('button', { name: 'Close' }).last().click();
    await expect(help).toBeHidden();
  });

  test('uma, no administrator, reaches none of it', async ({ page }) => {
    await signIn(page, 'uma.user@acme.example');
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto(SUPPORT_TOOLS);
    await expect(page).toHaveURL(/\/apps$/);
    await expect(page.getByRole('article', { name: 'ITP RMM Agent' })).toHaveCount(0);
    const statuses = await page.evaluate(async () => {
      const { access_token: token } = JSON.parse(localStorage.getItem('userDetails') ?? '{}') as { access_token?: string };
      const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
      return Promise.all([
        fetch('/api/crm/support-tools', { headers }).then((r) => r.status),
        fetch('/api/crm/support-tools/download-history', { headers }).then((r) => r.status),
        fetch('/api/crm/support-tools/generate-link', { method: 'POST', headers, body: JSON.stringify({ tool_id: 1, os_type: 'windows' }) }).then(
          (r) => r.status,
        ),
      ]);
    });
    expect(statuses).toEqual([403, 403, 403]);
  });
});
