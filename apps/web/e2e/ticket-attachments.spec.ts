import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { chooseTheme } from './support/screens';
import { ALICE, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, UMA } from './support/tickets';

/** A real 1 × 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** The smallest PDF a reader opens: one empty page. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A Windows executable's first bytes ("MZ", the PE header's offset, "PE"), as the server's own test builds one. */
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(58), Buffer.from([0x40, 0, 0, 0]), Buffer.from('PE\0\0'), Buffer.alloc(200)]);
const MB = 1024 * 1024;

async function tokenOf(request: APIRequestContext, email: string) {
  const login = await request.post('/api/crm/auth/login', { data: { username: email, password: DEMO_PASSWORD } });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { result: { access_token: string } }).result.access_token;
}

async function openNewTicket(page: Page) {
  await page.goto('/tickets');
  await page.getByRole('button', { name: 'New Ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Ticket' });
  await expect(dialog.getByRole('button', { name: 'Attach files' })).toBeVisible();
  return dialog;
}

/** The picker is a real button: the file chooser it opens takes the files. */
async function pick(page: Page, dialog: ReturnType<Page['getByRole']>, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Attach files' }).click();
  await (await chooser).setFiles(files);
}

test.describe('ticket attachments (decision 0047)', () => {
  test('alice opens a ticket with a PNG and a PDF, sees both under it and downloads the PDF as it was sent', async ({ page }) => {
    await signIn(page, ALICE.email);
    const dialog = await openNewTicket(page);
    const subject = `Scanner jams, photo and log attached ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('The scanner jams on every second page. A photo and its log are attached.');
    await pick(page, dialog, [
      { name: 'scanner.png', mimeType: 'image/png', buffer: PNG },
      { name: 'scanner-log.pdf', mimeType: 'application/pdf', buffer: PDF },
    ]);
    const pending = dialog.getByRole('list', { name: 'Files to attach' });
    await expect(pending.getByRole('listitem')).toHaveCount(2);
    await expect(pending.getByRole('listitem').filter({ hasText: 'Uploaded' })).toHaveCount(2);
    await expect(pending).toContainText('scanner.png');
    await expect(pending).toContainText(`${PDF.length} B`);
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');
    await dialog.getByRole('button', { name: 'Open Ticket' }).click();

    const detail = page.getByRole('dialog', { name: 'Ticket details' });
    await expect(detail.getByRole('heading', { name: subject })).toBeVisible();
    const files = detail.getByRole('list', { name: 'Attachments' });
    await expect(files).toContainText('scanner.png');
    await expect(files).toContainText('image/png');
    await expect(files).toContainText('scanner-log.pdf');
    await expect(files).toContainText('application/pdf');
    await expect(files.getByRole('button', { name: 'View scanner.png' })).toBeVisible();
    await expect(files.getByRole('button', { name: 'View scanner-log.pdf' })).toHaveCount(0);

    const [download] = await Promise.all([page.waitForEvent('download'), files.getByRole('button', { name: 'Download scanner-log.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('scanner-log.pdf');
    expect(readFileSync((await download.path())!).equals(PDF)).toBe(true);
  });

  test('a file dropped on the reply form goes with the reply, under the new entry', async ({ page, request }, testInfo) => {
    const alice = { authorization: `Bearer ${await tokenOf(request, ALICE.email)}` };
    const created = await request.post('/api/crm/nable-tickets', {
      headers: alice,
      data: { subject: `Dropped file reply ${Date.now()}`, description: 'A reply will carry a file.', priority: 'low' },
    });
    const ticket = ((await created.json()) as { result: { id: number } }).result;
    await signIn(page, ALICE.email);
    await page.goto(`/tickets/${ticket.id}`);
    const detail = page.getByRole('dialog', { name: 'Ticket details' });
    await detail.getByRole('textbox', { name: 'Add Response' }).fill('The log you asked for.');

    // A file dragged over the form from the desktop, as the browser reports one.
    const form = detail.locator('form').filter({ has: page.getByRole('textbox', { name: 'Add Response' }) });
    const dataTransfer = await page.evaluateHandle(
      (bytes) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(bytes)], 'reply-log.pdf', { type: 'application/pdf' }));
        return transfer;
      },
      [...PDF],
    );
    await form.dispatchEvent('dragenter', { dataTransfer });
    await expect(detail.getByText('Drop the files to attach them')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('reply-drop-target.png') });
    await form.dispatchEvent('drop', { dataTransfer });
    await expect(detail.getByText('Drop the files to attach them')).toHaveCount(0);
    await expect(detail.getByRole('list', { name: 'Files to attach' })).toContainText('Uploaded');
    await detail.getByRole('button', { name: 'Add Response' }).click();

    const newest = detail.getByRole('listitem').filter({ hasText: 'The log you asked for.' });
    await expect(newest.getByRole('list', { name: 'Attachments' })).toContainText('reply-log.pdf');
    await expect(detail.getByRole('list', { name: 'Files to attach' })).toHaveCount(0);
  });

  test('a file past 25 MB is refused before it is sent, in the words the server uses for one', async ({ page, request }) => {
    const big = Buffer.alloc(26 * MB, 1);
    // The server's own answer to such a file.
    const answer = await request.post('/api/crm/ticket-attachments', {
      headers: { authorization: `Bearer ${await tokenOf(request, ALICE.email)}` },
      multipart: { file: { name: 'huge.bin', mimeType: 'application/octet-stream', buffer: big } },
    });
    expect(answer.status()).toBe(413);
    const { message } = (await answer.json()) as { message: string };

    await signIn(page, ALICE.email);
    const dialog = await openNewTicket(page);
    let sent = 0;
    page.on('request', (sending) => {
      if (sending.url().endsWith('/api/crm/ticket-attachments')) sent += 1;
    });
    await pick(page, dialog, [{ name: 'huge.bin', mimeType: 'application/octet-stream', buffer: big }]);
    await expect(dialog.getByRole('list', { name: 'Files to attach' })).toContainText(message);
    await expect(dialog.getByRole('status')).toContainText(`huge.bin was not attached: ${message}`);
    expect(sent).toBe(0);
  });

  test('an executable named .png is typed by its bytes: never an image, only a download', async ({ page }) => {
    await signIn(page, ALICE.email);
    const dialog = await openNewTicket(page);
    const subject = `Strange holiday photo ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('This came by e-mail; is it safe?');
    await pick(page, dialog, [{ name: 'holiday.png', mimeType: 'image/png', buffer: EXE }]);
    await expect(dialog.getByRole('list', { name: 'Files to attach' })).toContainText('Uploaded');
    await dialog.getByRole('button', { name: 'Open Ticket' }).click();

    const files = page.getByRole('dialog', { name: 'Ticket details' }).getByRole('list', { name: 'Attachments' });
    await expect(files).toContainText('holiday.png');
    await expect(files).not.toContainText('image/png');
    await expect(files.getByRole('button', { name: 'View holiday.png' })).toHaveCount(0);
    await expect(files.getByRole('button', { name: 'Download holiday.png' })).toBeVisible();
  });

  test('uma, with no flags, cannot download an attachment of a ticket not hers', async ({ request }) => {
    const alice = { authorization: `Bearer ${await tokenOf(request, ALICE.email)}` };
    const upload = await request.post('/api/crm/ticket-attachments', {
      headers: alice,
      multipart: { file: { name: 'private.pdf', mimeType: 'application/pdf', buffer: PDF } },
    });
    expect(upload.status()).toBe(201);
    const file = ((await upload.json()) as { result: { id: number } }).result;
    const created = await request.post('/api/crm/nable-tickets', {
      headers: alice,
      data: { subject: `Alice's own ${Date.now()}`, description: 'Not for Uma.', priority: 'low', attachment_ids: [file.id] },
    });
    expect(created.status()).toBe(201);
    expect((await request.get(`/api/crm/ticket-attachments/${file.id}`, { headers: alice })).status()).toBe(200);

    const uma = { authorization: `Bearer ${await tokenOf(request, UMA.email)}` };
    for (const path of ['', '/inline', '/thumbnail']) {
      expect([403, 404]).toContain((await request.get(`/api/crm/ticket-attachments/${file.id}${path}`, { headers: uma })).status());
    }
  });

  test('the form with a file on its way and one refused: axe-clean and whole at 1440 and 320 px, light and dark', async ({ page }, testInfo) => {
    // Four rounds, each handing the browser a 26 MB file, on a shared machine.
    test.setTimeout(180_000);
    await signIn(page, ALICE.email);
    // The upload is held, so its row stays "uploading" while the screen is looked at.
    await page.route('**/api/crm/ticket-attachments', () => undefined);
    try {
      for (const theme of ['Light', 'Dark'] as const) {
        await page.setViewportSize({ width: 1440, height: 900 });
        await chooseTheme(page, theme);
        for (const width of [1440, 320]) {
          await page.setViewportSize({ width, height: 900 });
          const dialog = await openNewTicket(page);
          await dialog.getByRole('textbox', { name: 'Subject' }).fill('Printer at Dock 2 prints blank pages');
          await pick(page, dialog, [
            { name: 'printer-settings-export-2026-11-28.pdf', mimeType: 'application/pdf', buffer: PDF },
            { name: 'scan.tiff', mimeType: 'image/tiff', buffer: Buffer.alloc(26 * MB, 1) },
          ]);
          await expect(dialog.getByRole('progressbar', { name: 'Uploading printer-settings-export-2026-11-28.pdf' })).toBeAttached();
          await expect(dialog.getByText('A file can be at most 25 MB.', { exact: true })).toBeVisible();
          await expect(dialog.getByRole('button', { name: 'Open Ticket' })).toBeDisabled();
          await expectNoSeriousA11yViolations(page, '[role="dialog"]');
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          const box = await dialog.boundingBox();
          expect(box!.width).toBeLessThanOrEqual(width);
          await dialog.getByRole('list', { name: 'Files to attach' }).scrollIntoViewIfNeeded();
          await page.screenshot({ path: testInfo.outputPath(`new-ticket-files-${width}-${theme.toLowerCase()}.png`), fullPage: false });
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await expect(dialog).toHaveCount(0);
        }
      }
    } finally {
      await page.keyboard.press('Escape');
      await page.setViewportSize({ width: 1440, height: 900 });
      await chooseTheme(page, 'Light');
    }
  });
});
