import { expect, test } from '@playwright/test';
import { E2E_ENV } from '../playwright.config';
import { latestMailTo, linkIn, signIn } from './auth-support';
import { ACME_EXTERNAL_ID, createApiKey, providerApi, startReceiver } from './support/provider';
import { ALICE, expectNoSeriousA11yViolations } from './support/tickets';

/**
 * Issue 36's journeys with the provider's systems (decision 0047): a technician's reply carries files through the
 * provider API and the customer sees them under it; a completed ticket asks its contact "How did we do?", and the
 * rating reaches the provider API and a signed `ticket.rated` webhook.
 */
const RECEIVER_PORT = Number(E2E_ENV.PORT) + 207;
/** A real 1 × 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test.describe('tickets with the provider’s systems', () => {
  // The staff CLI starts a Node process of its own (20 s and more on a busy two-core machine).
  test.setTimeout(180_000);

  test('a technician’s reply with a screenshot and a log file, pushed through the provider API, shows them under the reply', async ({ page, request }) => {
    const api = providerApi(request, await createApiKey(`E2E files ${Date.now()}`, 'tickets:write'));
    const unique = Date.now().toString(36);
    const ticketPath = `/accounts/${ACME_EXTERNAL_ID}/tickets/psa-files-${unique}`;
    const pushed = await api.put(ticketPath, { subject: `Scanner jams ${unique}`, description: 'The scanner jams on every page.', status: 'In Progress' });
    expect(pushed.status()).toBe(201);
    const ticket = ((await pushed.json()) as { result: { item: { id: number } } }).result.item;
    const reply = `Here is what the scanner's log says (${unique}).`;
    expect(
      (
        await api.put(`${ticketPath}/entries/psa-files-${unique}-1`, {
          author_name: 'Jordan Reyes',
          author_email: 'jordan.reyes@itpartners.example',
          content: reply,
        })
      ).status(),
    ).toBe(201);
    const log = Buffer.from(`2026-11-28 10:02:11 jam sensor 3 tripped (${unique})\n`);
    const uploaded = await api.upload(`${ticketPath}/entries/psa-files-${unique}-1/attachments`, [
      { name: 'scanner-screen.png', mimeType: 'image/png', buffer: PNG },
      { name: 'scanner.log', mimeType: 'text/plain', buffer: log },
    ]);
    expect(uploaded.status()).toBe(201);

    await signIn(page, ALICE.email);
    await expect(page).toHaveURL(/\/apps$/);
    await page.goto(`/tickets/${ticket.id}`);
    const entry = page.getByRole('dialog').getByTestId('conversation-entry').filter({ hasText: reply });
    await expect(entry).toBeVisible({ timeout: 30_000 });
    const files = entry.getByRole('list', { name: 'Attachments' });
    await expect(files).toContainText('scanner-screen.png');
    await expect(files).toContainText('scanner.log');
    // The image shows as a thumbnail once the job queue has made it; the log is a download only.
    await expect(files.getByRole('button', { name: 'Open scanner-screen.png full size' })).toBeVisible({ timeout: 30_000 });
    await expect(files.getByRole('button', { name: 'View scanner.log' })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await files.getByRole('button', { name: /Download scanner\.log/ }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('scanner.log');
    const path = await saved.path();
    expect(path && (await import('node:fs')).readFileSync(path).equals(log)).toBe(true);
  });

  test('a completed ticket asks its contact how it went; the rating reaches the provider API and a signed ticket.rated webhook', async ({ page, request }) => {
    let secret = '';
    const receiver = await startReceiver(RECEIVER_PORT, () => secret);
    try {
      const api = providerApi(request, await createApiKey(`E2E ratings ${Date.now()}`, 'contacts:write,tickets:write,tickets:read,webhooks:write'));
      const registered = await api.post('/webhook-endpoints', { url: receiver.url, events: ['ticket.rated'], description: 'E2E ratings' });
      expect(registered.status()).toBe(201);
      secret = ((await registered.json()) as { result: { secret: string } }).result.secret;

      // The provider's CRM adds a contact, who is invited and chooses a password.
      const unique = Date.now().toString(36);
      const email = `rita.${unique}@acme.example`;
      const since = new Date(Date.now() - 1_000);
      const contact = await api.put(`/accounts/${ACME_EXTERNAL_ID}/contacts/crm-rita-${unique}`, {
        firstname: 'Rita',
        lastname: 'Rater',
        email,
        time_zone: 'US/Eastern',
      });
      expect(contact.status()).toBe(201);
      const mail = await latestMailTo(email, since);
      await page.goto(linkIn(mail.text, '/page-change-password'));
      await page.getByLabel('New password', { exact: false }).first().fill('amber-lantern-rivers-42');
      await page.getByLabel('Confirm', { exact: false }).first().fill('amber-lantern-rivers-42');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page.getByText('Password Changed Successfully')).toBeVisible();

      // Her ticket, answered and completed by a technician in the PSA.
      const ticketPath = `/accounts/${ACME_EXTERNAL_ID}/tickets/psa-rated-${unique}`;
      const pushed = await api.put(ticketPath, {
        subject: `Monitor flickers ${unique}`,
        description: 'The left monitor flickers.',
        status: 'Complete',
        assigned_contact_external_id: `crm-rita-${unique}`,
        entries: [
          { external_id: `psa-rated-${unique}-1`, author_name: 'Jordan Reyes', author_email: 'jordan.reyes@itpartners.example', content: 'Cable replaced.' },
        ],
      });
      expect(pushed.status()).toBe(201);
      const ticket = ((await pushed.json()) as { result: { item: { id: number } } }).result.item;

      await signIn(page, email, 'amber-lantern-rivers-42');
      await expect(page).toHaveURL(/\/apps$/);
      await page.goto(`/tickets/${ticket.id}`);
      const question = page.getByRole('form', { name: 'How did we do?' });
      await expect(question).toBeVisible({ timeout: 30_000 });
      await question.getByRole('radio', { name: '4 out of 5' }).click();
      await question.getByRole('textbox', { name: 'Comment (optional)' }).fill('Quick, and he explained what went wrong.');
      await question.getByRole('button', { name: 'Send rating' }).click();
      const rating = page.getByRole('region', { name: 'Rating' });
      await expect(rating).toContainText('4 out of 5');
      await expect(rating).toContainText('Quick, and he explained what went wrong.');
      await expectNoSeriousA11yViolations(page, '[role="dialog"]');

      // The provider reads it by account and technician…
      const ratings = await api.get(`/ticket-ratings?account_external_id=${ACME_EXTERNAL_ID}&technician_email=jordan.reyes%40itpartners.example`);
      expect(ratings.status()).toBe(200);
      const page_ = ((await ratings.json()) as { result: { items: Array<{ ticket_id: number; score: number; comment: string | null }> } }).result;
      expect(page_.items.find((rating) => rating.ticket_id === ticket.id)).toMatchObject({ score: 4, comment: 'Quick, and he explained what went wrong.' });
      // …and hears it, signed.
      await expect
        .poll(
          () =>
            receiver.received.find((message) => message.verified?.type === 'ticket.rated' && (message.verified.data.ticket as { id: number }).id === ticket.id),
          {
            timeout: 30_000,
          },
        )
        .toBeTruthy();
      const heard = receiver.received.find(
        (message) => message.verified?.type === 'ticket.rated' && (message.verified.data.ticket as { id: number }).id === ticket.id,
      )!;
      expect(heard.verified!.data.rating).toMatchObject({ score: 4, technician_email: 'jordan.reyes@itpartners.example', changed: false });
    } finally {
      await receiver.close();
    }
  });
});
