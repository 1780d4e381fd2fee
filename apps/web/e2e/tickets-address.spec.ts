import { expect, test, type Page } from '@playwright/test';
import { ALICE, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, ticketApi, totalBadge } from './support/tickets';

/** Decision 0019: every ticket has its address; filters, search, sort and page live in the address. */

const rows = (page: Page) => page.getByRole('region', { name: 'Tickets' }).getByRole('article');
const detail = (page: Page) => page.getByRole('dialog', { name: 'Ticket details' });
/** A contact of Acme who is neither of the other journeys' users, for the tickets that make a second page. */
const RACHEL = 'rachel.kim@acme.example';

async function signInOnTheForm(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Username' }).fill(email);
  await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('the tickets screen in its address', () => {
  test('a ticket’s address: open, reload, back, forward, and the copied address in a signed-out browser', async ({ page, browser }) => {
    await signIn(page, ALICE.email);
    await page.goto('/tickets?sort=oldest');
    const first = rows(page).first();
    const subject = (await first.getByRole('heading').textContent())!.trim();
    await first.getByRole('link', { name: /View Details/ }).click();
    await expect(page).toHaveURL(/\/tickets\/\d+\?sort=oldest$/);
    await expect(detail(page).getByRole('heading', { name: subject })).toBeVisible();
    const address = page.url();

    await page.reload();
    await expect(detail(page).getByRole('heading', { name: subject })).toBeVisible();
    await expect(page).toHaveURL(address);
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');

    await page.goBack();
    await expect(page).toHaveURL(/\/tickets\?sort=oldest$/);
    await expect(detail(page)).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Oldest first');
    await page.goForward();
    await expect(detail(page).getByRole('heading', { name: subject })).toBeVisible();

    // Close returns to the list with its filters.
    await detail(page).getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/tickets\?sort=oldest$/);
    await expect(detail(page)).toHaveCount(0);

    // Sent to someone who is signed out: they sign in and land on the ticket, not on /apps.
    const elsewhere = await browser.newContext();
    try {
      const other = await elsewhere.newPage();
      await other.goto(address);
      await expect(other).toHaveURL(/\/login\?next=/);
      await signInOnTheForm(other, ALICE.email);
      await expect(other).toHaveURL(address);
      await expect(detail(other).getByRole('heading', { name: subject })).toBeVisible();
    } finally {
      await elsewhere.close();
    }
  });

  test('a return address off the portal is refused after sign-in', async ({ page }) => {
    await page.goto('/login?next=%2F%2Fevil.example%2Ftickets');
    await signInOnTheForm(page, ALICE.email);
    await expect(page).toHaveURL(/\/apps$/);
  });

  test('filters, search and sort in the address survive reload, back and forward', async ({ page, request }) => {
    const api = await ticketApi(request, ALICE.email);
    await signIn(page, ALICE.email);
    await page.goto('/tickets');
    await expect(rows(page).first()).toBeVisible();

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Closed' }).click();
    await expect(page).toHaveURL(/\/tickets\?status=closed$/);
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Priority' }).click();
    await expect(page).toHaveURL(/\/tickets\?status=closed&sort=priority$/);
    await page.getByRole('searchbox', { name: 'Search' }).fill('printer');
    await expect(page).toHaveURL(/\/tickets\?status=closed&sort=priority&q=printer$/);
    const expected = await api.list({ status: 'closed', sort: 'priority', search: 'printer' });
    await expect(page.getByText(`${expected.total_count} total`)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Closed');
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Priority');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('printer');
    await expect(page.getByText(`${expected.total_count} total`)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Active filters' }).getByText('Search: printer')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goBack();
    await expect(page).toHaveURL(/\/tickets\?status=closed&sort=priority$/);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
    await page.goBack();
    await expect(page).toHaveURL(/\/tickets\?status=closed$/);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Newest first');
    await page.goForward();
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('Priority');

    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page).toHaveURL(/\/tickets$/);
  });

  test('pages of 100 with the total, page 2 in the address', async ({ page, request }) => {
    const alice = await ticketApi(request, ALICE.email);
    let all = await alice.list({ status: '' });
    if (all.total_count <= 100) {
      const rachel = await ticketApi(request, RACHEL);
      for (let index = all.total_count; index <= 110; index += 1) await rachel.create(`Paging ticket ${index} ${Date.now()}`, 'Made by the paging journey.');
      all = await alice.list({ status: '' });
    }
    await signIn(page, ALICE.email);
    await page.goto('/tickets?status=all');
    await expect(page.getByText(`${all.total_count} total`)).toBeVisible();
    await expect(rows(page)).toHaveCount(100);
    await expect(page.getByTestId('ticket-range')).toHaveText(`Showing 1–100 of ${all.total_count}`);

    const pages = page.getByRole('navigation', { name: 'Ticket pages' });
    const secondPage = page.waitForRequest((r) => r.url().includes('/api/crm/nable-tickets?') && r.url().includes('offset=100'));
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await secondPage;
    await expect(page).toHaveURL(/\/tickets\?status=all&page=2$/);
    await expect(page.getByTestId('ticket-range')).toHaveText(`Showing 101–${Math.min(all.total_count, 200)} of ${all.total_count}`);
    await expect(rows(page)).toHaveCount(Math.min(all.total_count, 200) - 100);
    expect(await totalBadge(page)).toBe(all.total_count);

    await page.reload();
    await expect(page.getByTestId('ticket-range')).toHaveText(`Showing 101–${Math.min(all.total_count, 200)} of ${all.total_count}`);
    await page.goBack();
    await expect(page).toHaveURL(/\/tickets\?status=all$/);
    await expect(page.getByTestId('ticket-range')).toHaveText(`Showing 1–100 of ${all.total_count}`);
  });

  test('a closed ticket takes no reply and offers a follow-up ticket', async ({ page, request }) => {
    const api = await ticketApi(request, ALICE.email);
    const closed = (await api.list({ status: 'closed' })).tickets[0]!;
    const refused = await api.respond(closed.id, 'Is this really fixed?');
    expect(refused.status()).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toContain('closed');

    await signIn(page, ALICE.email);
    await page.goto(`/tickets/${closed.id}`);
    await expect(detail(page).getByRole('heading', { name: closed.subject })).toBeVisible();
    const notice = detail(page).getByTestId('closed-ticket-notice');
    await expect(notice).toContainText('This ticket is closed');
    await expect(detail(page).getByRole('textbox', { name: 'Add Response' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');

    await notice.getByRole('button', { name: 'Open a follow-up ticket' }).click();
    const followUp = page.getByRole('dialog', { name: 'Follow-up Ticket' });
    await expect(followUp.getByRole('textbox', { name: 'Subject' })).toHaveValue(`Follow-up to ${closed.ticket_number}: ${closed.subject}`.slice(0, 200));
    await expect(followUp.getByRole('textbox', { name: 'Description' })).toHaveValue(new RegExp(`^This follows up ${closed.ticket_number}`));
    await followUp.getByRole('textbox', { name: 'Description' }).fill(`This follows up ${closed.ticket_number}. It is broken again.`);
    await followUp.getByRole('button', { name: 'Open Ticket' }).click();
    await expect(page).toHaveURL(/\/tickets\/\d+$/);
    expect(page.url()).not.toMatch(new RegExp(`/tickets/${closed.id}$`));
    await expect(detail(page).getByRole('heading', { name: `Follow-up to ${closed.ticket_number}: ${closed.subject}`.slice(0, 200) })).toBeVisible();
    await expect(detail(page).getByRole('textbox', { name: 'Add Response' })).toBeVisible();
  });

  test('an overdue ticket is marked on its row and in the detail', async ({ page, request }) => {
    const api = await ticketApi(request, ALICE.email);
    const all = (await api.list({ status: '' })) as unknown as { tickets: { id: number; ticket_number: string; status: string; due_date: string | null }[] };
    const closedStatuses = ['Complete', 'Reviewed', 'Billed', 'Cancelled'];
    const overdue = all.tickets.find((t) => t.due_date !== null && Date.parse(t.due_date) < Date.now() && !closedStatuses.includes(t.status));
    const notOverdue = all.tickets.find((t) => t.due_date === null || closedStatuses.includes(t.status));
    expect(overdue, 'the demo data has an open ticket past its due date').toBeDefined();

    await signIn(page, ALICE.email);
    await page.goto(`/tickets?status=all&q=${overdue!.ticket_number}`);
    const row = rows(page).filter({ hasText: overdue!.ticket_number });
    await expect(row.getByTestId('overdue-badge')).toBeVisible();
    await expect(row.getByTestId('overdue-badge')).toContainText('Overdue');
    await page.goto(`/tickets?status=all&q=${notOverdue!.ticket_number}`);
    await expect(rows(page).filter({ hasText: notOverdue!.ticket_number })).toBeVisible();
    await expect(rows(page).filter({ hasText: notOverdue!.ticket_number }).getByTestId('overdue-badge')).toHaveCount(0);

    await page.goto(`/tickets/${overdue!.id}`);
    await expect(detail(page).getByTestId('overdue-badge')).toBeVisible();
    await expect(detail(page).getByTestId('due-date')).toContainText('(overdue)');
  });

  test('ten or more rows fit a 1080 px screen, and nothing scrolls sideways at 320 px', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1080 });
    await signIn(page, ALICE.email);
    await page.goto('/tickets?status=all');
    await expect(rows(page).first()).toBeVisible();
    const fullyVisible = await rows(page).evaluateAll(
      (articles) => articles.filter((article) => article.getBoundingClientRect().bottom <= window.innerHeight).length,
    );
    expect(fullyVisible).toBeGreaterThanOrEqual(10);

    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/tickets?status=all');
    await expect(rows(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await rows(page)
      .first()
      .getByRole('link', { name: /View Details/ })
      .click();
    await expect(detail(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
