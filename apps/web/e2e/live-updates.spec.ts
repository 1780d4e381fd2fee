import { spawn, type ChildProcess } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ENV } from '../playwright.config';
import { ACME_EXTERNAL_ID, createApiKey, repoRoot } from './support/provider';
import { chooseTheme } from './support/screens';
import { ALICE, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn } from './support/tickets';

/**
 * Issue 35's journey (decision 0046): a technician's reply pushed through the provider API on one instance appears in
 * alice's open ticket, served by another instance, within a second, and raises her bell's count; the two instances
 * hear each other through PostgreSQL's LISTEN/NOTIFY. The second instance is the compiled server on the e2e server's
 * own database and data folder (its secrets), as a cluster's instances share theirs. Then the bell's open panel is
 * checked with axe in both themes at 1440 and 320 px.
 */
const SECOND_PORT = Number(E2E_ENV.PORT) + 9;
const second = `http://127.0.0.1:${SECOND_PORT}`;

let secondInstance: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  secondInstance = spawn(process.execPath, ['apps/server/dist/bin/main.js'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...E2E_ENV,
      PORT: String(SECOND_PORT),
      DATABASE_URL: `postgres://portal:portal-local-only@127.0.0.1:${E2E_ENV.EMBEDDED_PG_PORT}/portal`,
      LOG_LEVEL: 'warn',
      AUTOPAY_EVERY_MINUTES: '0',
      WEBHOOK_POLL_MS: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await expect
    .poll(
      () =>
        fetch(`${second}/readyz`).then(
          (response) => response.status,
          () => 0,
        ),
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(() => {
  secondInstance?.kill('SIGTERM');
});

/** Alice's "every ticket of my account" choice, through the first instance's API. */
async function watchEveryTicket(request: APIRequestContext, on: boolean) {
  const login = await request.post('/api/crm/auth/login', { data: { username: ALICE.email, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { result: { access_token: string } }).result.access_token;
  const headers = { authorization: `Bearer ${token}` };
  const current = (await (await request.get('/api/portal/my-profile/notifications', { headers })).json()) as { result: Record<string, unknown> };
  const { from_account_default: _fromDefault, ...choices } = current.result;
  const saved = await request.put('/api/portal/my-profile/notifications', { headers, data: { ...choices, all_account_tickets: on } });
  expect(saved.ok()).toBe(true);
}

const unreadOf = async (page: Page) => {
  const label = (await page.getByRole('button', { name: /^Notifications/ }).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
};

test.describe('live updates across two instances', () => {
  test.setTimeout(240_000);

  test('a technician’s reply pushed through the other instance appears in alice’s open ticket within a second and raises her bell', async ({
    page,
    request,
  }) => {
    const key = await createApiKey(`E2E live ${Date.now()}`, 'tickets:write');
    const provider = { authorization: `Bearer ${key}` };
    const unique = Date.now().toString(36);
    const ticketPath = `${second}/api/provider/v1/accounts/${ACME_EXTERNAL_ID}/tickets/psa-live-${unique}`;
    const pushed = await request.put(ticketPath, {
      headers: provider,
      data: { subject: `Printer offline ${unique}`, description: 'The second-floor printer does not answer.', status: 'Assigned', priority: 'medium' },
    });
    expect(pushed.status()).toBe(201);
    const ticket = ((await pushed.json()) as { result: { item: { id: number } } }).result.item;

    await watchEveryTicket(request, true);
    try {
      await signIn(page, ALICE.email);
      // The live stream opens a few seconds after the page has loaded (LIVE_START_AFTER_LOAD_MS).
      const streamOpened = page.waitForResponse((response) => response.url().endsWith('/api/portal/events') && response.status() === 200, {
        timeout: 30_000,
      });
      await page.goto(`/tickets/${ticket.id}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { name: /Conversation/ })).toBeVisible({ timeout: 30_000 });
      await streamOpened;
      // The stream's first `ready` refetches; let that settle before the count is read.
      await page.waitForTimeout(1_000);
      const unreadBefore = await unreadOf(page);

      const reply = `The printer's queue was cleared; it prints again (${unique}).`;
      const sentAt = Date.now();
      const answered = await request.put(`${ticketPath}/entries/psa-live-${unique}-1`, {
        headers: provider,
        data: { author_name: 'Jordan Reyes', author_email: 'jordan.reyes@itpartners.example', content: reply },
      });
      expect(answered.status()).toBe(201);
      await expect(dialog.getByTestId('conversation-entry').filter({ hasText: reply })).toBeVisible({ timeout: 1_000 });
      const shownAfter = Date.now() - sentAt;
      await expect.poll(() => unreadOf(page), { timeout: 1_000 }).toBe(unreadBefore + 1);
      test.info().annotations.push({ type: 'delay', description: `reply shown ${shownAfter} ms after it was pushed through the other instance` });
    } finally {
      await watchEveryTicket(request, false);
    }
  });

  test('the bell’s open panel passes axe in both themes at 1440 and 320 px', async ({ page }) => {
    await signIn(page, ALICE.email);
    try {
      for (const width of [1440, 320]) {
        await page.setViewportSize({ width, height: 800 });
        for (const theme of ['Light', 'Dark'] as const) {
          await chooseTheme(page, theme);
          await page.getByRole('button', { name: /^Notifications/ }).click();
          const panel = page.getByRole('dialog', { name: 'Notifications' });
          await expect(panel).toBeVisible();
          await expect(panel.getByRole('link', { name: 'See all notifications' })).toBeVisible();
          await expectNoSeriousA11yViolations(page);
          const box = await panel.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
          await page.keyboard.press('Escape');
          await expect(panel).toHaveCount(0);
        }
      }
    } finally {
      await chooseTheme(page, 'Light');
    }
  });
});
