import { expect, test } from '@playwright/test';
import { E2E_ENV } from '../playwright.config';
import { ACME_EXTERNAL_ID, createApiKey, providerApi, startReceiver } from './support/provider';
import { ALICE, signIn } from './support/tickets';

/**
 * The provider API (decision 0025) and its webhooks (decision 0026) joined: the provider's systems
 * get a key from the staff CLI, register a webhook receiver through the provider API, push a ticket
 * with a technician's reply; the customer reads it in the portal and answers, and the receiver gets
 * the signed `ticket.reply` event.
 */
/** The receiver's port: next to the e2e server's, so runs on other E2E_PORTs do not collide. */
const RECEIVER_PORT = Number(E2E_ENV.PORT) + 203;

test.describe('provider API and webhooks', () => {
  // The staff CLI starts a Node process of its own (20 s and more on a busy two-core machine).
  test.setTimeout(120_000);

  test('a pushed technician reply reaches alice, and her answer reaches the provider’s receiver as a signed ticket.reply', async ({ page, request }) => {
    let secret = '';
    const receiver = await startReceiver(RECEIVER_PORT, () => secret);
    try {
      const key = await createApiKey(`E2E PSA ${Date.now()}`, 'tickets:write,webhooks:write');
      const api = providerApi(request, key);

      const registered = await api.post('/webhook-endpoints', { url: receiver.url, events: ['ticket.reply'], description: 'E2E receiver' });
      expect(registered.status()).toBe(201);
      const endpoint = ((await registered.json()) as { result: { id: number; secret: string } }).result;
      expect(endpoint.secret).toMatch(/^whsec_/);
      secret = endpoint.secret;

      const unique = Date.now().toString(36);
      const subject = `VPN drops every hour ${unique}`;
      const technicianReply = `We replaced the tunnel's keep-alive settings; please try again (${unique}).`;
      const pushed = await api.put(`/accounts/${ACME_EXTERNAL_ID}/tickets/psa-e2e-${unique}`, {
        subject,
        description: 'The office VPN disconnects roughly every hour.',
        status: 'Assigned',
        priority: 'high',
        entries: [
          { external_id: `psa-e2e-${unique}-1`, author_name: 'Jordan Reyes', author_email: 'jordan.reyes@itpartners.example', content: technicianReply },
        ],
      });
      expect(pushed.status()).toBe(201);
      const ticket = ((await pushed.json()) as { result: { item: { id: number; ticket_number: string } } }).result.item;

      // Alice finds it in the ticket list and reads the technician's reply.
      await signIn(page, ALICE.email);
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Support Tickets' }).click();
      await page.getByRole('searchbox', { name: 'Search' }).fill(unique);
      const row = page.getByRole('region', { name: 'Tickets' }).getByRole('article').filter({ hasText: subject });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('ticket-number')).toHaveText(ticket.ticket_number);
      await row.getByRole('link', { name: /View Details/ }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: /Conversation/ })).toBeVisible();
      const technicianEntry = dialog.getByTestId('conversation-entry').filter({ hasText: technicianReply });
      await expect(technicianEntry).toBeVisible();
      await expect(technicianEntry).toContainText('Jordan Reyes');

      // She answers; the portal's worker delivers the event to the receiver (WEBHOOK_POLL_MS 1000).
      const answer = `Thanks, it has held for two hours now (${unique}).`;
      await dialog.getByRole('textbox', { name: 'Add Response' }).fill(answer);
      await dialog.getByRole('button', { name: 'Add Response' }).click();
      await expect(dialog.getByTestId('conversation-entry').first()).toContainText(answer);

      const replyToThisTicket = () =>
        receiver.received.find((message) => message.verified?.type === 'ticket.reply' && (message.verified.data.ticket as { id: number }).id === ticket.id);
      await expect.poll(replyToThisTicket, { timeout: 15_000 }).toBeTruthy();
      expect(receiver.received.every((message) => message.verified !== null)).toBe(true);
      const event = replyToThisTicket()!;
      expect(event.verified!.data).toMatchObject({
        account: { name: 'Acme Logistics', billing_id: 'ba_acme_1001' },
        ticket: { id: ticket.id, ticket_number: ticket.ticket_number, subject },
        entry: { content: answer },
        by: { email: ALICE.email, impersonated_by: null },
      });

      // The provider API lists the delivery with its successful attempt.
      await expect
        .poll(async () => {
          const listed = await api.get(`/webhook-deliveries?endpoint_id=${endpoint.id}&status=succeeded`);
          const deliveries = ((await listed.json()) as { result: { items: { event_id: string; attempts: { status_code: number | null }[] }[] } }).result.items;
          return deliveries.find((delivery) => delivery.event_id === event.headers['webhook-id'])?.attempts.map((attempt) => attempt.status_code);
        })
        .toEqual([204]);

      // The receiver goes away with this test, so its registration does too.
      expect((await api.delete(`/webhook-endpoints/${endpoint.id}`)).status()).toBe(200);
    } finally {
      await receiver.close();
    }
  });
});
