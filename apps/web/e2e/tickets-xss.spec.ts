import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { E2E_ENV } from '../playwright.config';
import { expectNoSeriousA11yViolations, signIn, ticketApi, UMA } from './support/tickets';

/**
 * Every line of the RSnake XSS list, stored as ticket content and as a response, opened in the
 * detail modal: no script runs and no dangerous markup reaches the DOM. Two ways in: through the
 * API (sanitized when stored) and written straight into the e2e database (a test-only path that
 * skips the API, so the server's output sanitizing and the browser's DOMPurify are what stop them).
 */
const VECTORS = readFileSync(fileURLToPath(new URL('../../../../shared/security/xss-rsnake.txt', import.meta.url)), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');
/** The e2e server's own embedded PostgreSQL (playwright.config.ts). */
const E2E_DATABASE_URL = `postgres://portal:portal-local-only@127.0.0.1:${E2E_ENV.EMBEDDED_PG_PORT}/portal`;
const NOTHING_LEFT = 'Your text has nothing left to show once unsafe HTML is removed. Please write it as plain text.';

async function watchForScripts(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.addInitScript(() => {
    const fired: string[] = [];
    Object.assign(window, { __xssFired: fired });
    for (const name of ['alert', 'confirm', 'prompt'] as const) {
      Object.defineProperty(window, name, { value: (...args: unknown[]) => fired.push(`${name}(${args.join(',')})`) });
    }
  });
  return { dialogs, fired: () => page.evaluate(() => (window as unknown as { __xssFired: string[] }).__xssFired) };
}

/** What a sanitized ticket text may never contain once in the DOM. */
async function dangerousMarkup(page: Page): Promise<string[]> {
  return page.locator('[data-testid="ticket-content"]').evaluateAll((containers) => {
    const found: string[] = [];
    for (const container of containers) {
      for (const element of Array.from(container.querySelectorAll('*'))) {
        const tag = element.tagName.toLowerCase();
        if (['script', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'img', 'svg', 'style', 'link', 'meta', 'base', 'math'].includes(tag))
          found.push(`<${tag}>`);
        for (const attribute of Array.from(element.attributes)) {
          // Browsers ignore whitespace and control characters inside a URL's scheme ('jav&#x09;ascript:').
          const value = Array.from(attribute.value)
            .filter((character) => character.charCodeAt(0) > 32)
            .join('')
            .toLowerCase();
          if (attribute.name.startsWith('on') || attribute.name === 'style') found.push(`${tag}[${attribute.name}]`);
          if (['href', 'src', 'action', 'background', 'dynsrc', 'lowsrc'].includes(attribute.name) && !/^(https?:|mailto:|tel:)/.test(value))
            found.push(`${tag}[${attribute.name}=${value}]`);
        }
      }
    }
    return found;
  });
}

async function openTicket(page: Page, ticketNumber: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(ticketNumber);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'All Tickets' }).click();
  // The list has taken the search (it is in the address) before a ticket is opened from it.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(ticketNumber)}`));
  const row = page.getByRole('article').filter({ hasText: ticketNumber });
  await row.getByRole('link', { name: /View Details/ }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: /Conversation/ })).toBeVisible();
  // Let any image error, load or timer handler have its chance to run.
  await page.waitForTimeout(1_000);
}

test('no XSS vector runs when stored through the API, as ticket content and as responses', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await ticketApi(request, UMA.email);
  const probe = await api.create(`XSS probe via API ${Date.now()}`, VECTORS.join('\n'));
  let refused = 0;
  for (const vector of VECTORS) {
    const response = await api.respond(probe.id, vector);
    if (response.status() === 400) {
      // Nothing left once the unsafe HTML is gone: refused with a clear message, never stored raw.
      expect(((await response.json()) as { message: string }).message).toBe(NOTHING_LEFT);
      refused += 1;
    } else expect(response.status()).toBe(200);
  }
  expect(refused).toBeLessThan(VECTORS.length);

  const watch = await watchForScripts(page);
  await signIn(page, UMA.email);
  await page.goto('/tickets');
  await openTicket(page, probe.ticket_number);
  await expect(page.getByTestId('conversation-entry')).toHaveCount(VECTORS.length - refused);
  expect(await dangerousMarkup(page)).toEqual([]);
  expect(await watch.fired()).toEqual([]);
  expect(watch.dialogs).toEqual([]);
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
});

test('no XSS vector runs when written to the database unsanitized (the server and the browser sanitize on the way out)', async ({ page }) => {
  test.setTimeout(120_000);
  const client = new pg.Client({ connectionString: E2E_DATABASE_URL });
  await client.connect();
  let ticketNumber: string;
  try {
    const { rows } = await client.query<{ id: number; account_id: number }>('SELECT id, account_id FROM contacts WHERE lower(email) = $1', [UMA.email]);
    const uma = rows[0]!;
    ticketNumber = `XSS-${Date.now()}`;
    const ticket = await client.query<{ id: number }>(
      `INSERT INTO tickets (account_id, ticket_number, subject, description, status, priority, assigned_contact_id)
       VALUES ($1, $2, 'XSS probe written to the database', $3, 'Complete', 'low', $4) RETURNING id`,
      [uma.account_id, ticketNumber, VECTORS.join('\n'), uma.id],
    );
    for (const [index, vector] of VECTORS.entries()) {
      await client.query(
        `INSERT INTO ticket_entries (ticket_id, account_id, created_by, from_address, content, is_internal, created_at)
         VALUES ($1, $2, 'Mallory', 'mallory@evil.example', $3, false, now() - make_interval(secs => $4))`,
        [ticket.rows[0]!.id, uma.account_id, vector, index],
      );
    }
  } finally {
    await client.end();
  }

  const watch = await watchForScripts(page);
  await signIn(page, UMA.email);
  await page.goto('/tickets');
  await openTicket(page, ticketNumber);
  // The detail carries the newest entries (docs/decisions/0027); the rest come page by page.
  const showEarlier = page.getByRole('dialog').getByRole('button', { name: 'Show earlier messages' });
  await expect(async () => {
    if (await showEarlier.isVisible()) await showEarlier.click();
    await expect(page.getByTestId('conversation-entry')).toHaveCount(VECTORS.length, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  expect(await dangerousMarkup(page)).toEqual([]);
  expect(await watch.fired()).toEqual([]);
  expect(watch.dialogs).toEqual([]);
});
