import { expect, test, type Page } from '@playwright/test';
import { ALICE, expectNoSeriousA11yViolations, signIn, ticketApi, totalBadge, UMA } from './support/tickets';

const rows = (page: Page) =>
  page
    .getByRole('region', { name: 'Tickets' })
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: /View Details/ }) });
const rowNumbers = async (page: Page) => (await rows(page).getByTestId('ticket-number').allTextContents()).map((t) => t.trim());

test.describe('support tickets', () => {
  test('alice sees the Admin View with all of Acme’s tickets and none of Globex’s', async ({ page, request }) => {
    const api = await ticketApi(request, ALICE.email);
    await signIn(page, ALICE.email);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Support Tickets' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Support Tickets' })).toBeVisible();
    await expect(page.getByText('All tickets for your organization')).toBeVisible();
    await expect(page.getByText('Admin View', { exact: true })).toBeVisible();
    await expect(rows(page).first()).toBeVisible();
    const active = await api.list({ status: 'active' });
    expect(await totalBadge(page)).toBe(active.total_count);
    // The first rows are drawn at once and the rest of the page right after (decision 0022).
    await expect(rows(page)).toHaveCount(Math.min(active.total_count, 100));

    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All Tickets' }).click();
    const all = await api.list({ status: '' });
    await expect(page.getByText(`${all.total_count} total`)).toBeVisible();
    expect(all.is_admin_view).toBe(true);
    await expect(rows(page)).toHaveCount(Math.min(all.total_count, 100));
    // Globex's seeded tickets mention Globex hosts; none of Acme's do.
    await expect(page.getByRole('region', { name: 'Tickets' })).not.toContainText('Globex');
    await expectNoSeriousA11yViolations(page);
  });

  test('uma sees only the tickets assigned to her', async ({ page, request }) => {
    const mine = await (await ticketApi(request, UMA.email)).list({ status: '' });
    const everyone = await (await ticketApi(request, ALICE.email)).list({ status: '' });
    expect(mine.total_count).toBeLessThan(everyone.total_count);

    await signIn(page, UMA.email);
    await page.goto('/tickets');
    await expect(page.getByText('Your assigned tickets')).toBeVisible();
    await expect(page.getByText('Admin View', { exact: true })).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All Tickets' }).click();
    await expect(page.getByText(`${mine.total_count} total`)).toBeVisible();
    // The first rows are drawn at once and the rest right after (decision 0022).
    await expect.poll(async () => (await rowNumbers(page)).sort()).toEqual(mine.tickets.map((t) => t.ticket_number).sort());
  });

  test('search, status filter, sort, chips and Clear Filters', async ({ page, request }) => {
    const api = await ticketApi(request, ALICE.email);
    await signIn(page, ALICE.email);
    await page.goto('/tickets');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);

    // Search: debounced, then only matching tickets, and a chip.
    const expected = await api.list({ status: 'active', search: 'printer' });
    const searched = page.waitForRequest((r) => r.url().includes('/api/crm/nable-tickets?') && r.url().includes('search=printer'));
    await page.getByRole('searchbox', { name: 'Search' }).fill('printer');
    await searched;
    await expect(page.getByText(`${expected.total_count} total`)).toBeVisible();
    await expect(page.getByRole('group', { name: 'Active filters' }).getByText('Search: printer')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toBeVisible();
    if (expected.total_count > 0) await expect(rows(page)).toHaveCount(expected.tickets.length);
    else await expect(page.getByText('Try adjusting your search criteria or filters.')).toBeVisible();

    // Removing the search chip clears the search at once.
    await page.getByRole('button', { name: 'Remove filter Search: printer' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('');

    // Status 'closed' and sort 'oldest first' follow the server's order.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Closed' }).click();
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Oldest first' }).click();
    const closedOldest = await api.list({ status: 'closed', sort: 'oldest' });
    await expect(page.getByText(`${closedOldest.total_count} total`)).toBeVisible();
    await expect.poll(() => rowNumbers(page)).toEqual(closedOldest.tickets.map((t) => t.ticket_number));
    const chips = page.getByRole('group', { name: 'Active filters' });
    await expect(chips.getByText('Status: Closed')).toBeVisible();
    await expect(chips.getByText('Sort: Oldest first')).toBeVisible();

    // Priority sort.
    await page.getByRole('combobox', { name: 'Sort by' }).click();
    await page.getByRole('option', { name: 'Priority' }).click();
    const closedPriority = await api.list({ status: 'closed', sort: 'priority' });
    await expect.poll(() => rowNumbers(page)).toEqual(closedPriority.tickets.map((t) => t.ticket_number));

    // One chip removed, then everything cleared.
    await page.getByRole('button', { name: 'Remove filter Sort: Priority' }).click();
    await expect(chips.getByText('Sort: Priority')).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear Filters' }).click();
    await expect(page.getByRole('group', { name: 'Active filters' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Clear Filters' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Active');
    const active = await api.list({ status: 'active' });
    await expect(page.getByText(`${active.total_count} total`)).toBeVisible();

    // A search that finds nothing says so.
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzqxjv');
    await expect(page.getByText('No tickets found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria or filters.')).toBeVisible();
  });

  test('uma opens a ticket, sends a response and sees it on top labelled Customer', async ({ page }) => {
    await signIn(page, UMA.email);
    await page.goto('/tickets');
    await rows(page)
      .first()
      .getByRole('link', { name: /View Details/ })
      .click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: /Conversation/ })).toBeVisible();
    await expect(dialog.getByText('Created', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Last modified', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Time logged', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '[role="dialog"]');

    const send = dialog.getByRole('button', { name: 'Add Response' });
    const box = dialog.getByRole('textbox', { name: 'Add Response' });
    await expect(send).toBeDisabled();
    await box.fill('   ');
    await expect(send).toBeDisabled();
    const text = `Still seeing this after the restart (${Date.now()}).`;
    await box.fill(`  ${text}  `);
    await expect(send).toBeEnabled();
    await send.click();

    const first = dialog.getByTestId('conversation-entry').first();
    await expect(first).toContainText(text);
    await expect(first.getByText('Customer', { exact: true })).toBeVisible();
    await expect(first.getByText('Latest', { exact: true })).toBeVisible();
    await expect(first).toContainText(UMA.name);
    await expect(first).toContainText('via Customer Portal');
    await expect(box).toHaveValue('');
    // Decision 0033: the focus stays in the ticket, back in the reply box, not lost to the page.
    await expect(box).toBeFocused();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  });

  test('uma opens a new ticket and finds it at the top of her list', async ({ page }) => {
    await signIn(page, UMA.email);
    await page.goto('/tickets');
    await expect(rows(page).first()).toBeVisible();
    const before = await totalBadge(page);

    await page.getByRole('button', { name: 'New Ticket' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Ticket' });
    await dialog.getByRole('button', { name: 'Open Ticket' }).click();
    await expect(dialog.getByText('Subject is required')).toBeVisible();
    const subject = `Second monitor flickers ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('The left monitor flickers every few minutes since Monday.');
    await dialog.getByRole('button', { name: 'Open Ticket' }).click();

    const detail = page.getByRole('dialog', { name: 'Ticket details' });
    await expect(detail.getByRole('heading', { name: subject })).toBeVisible();
    await detail.getByRole('button', { name: 'Close' }).click();
    await expect(rows(page).first()).toContainText(subject);
    await expect(page.getByText(`${before + 1} total`)).toBeVisible();
  });

  test('the whole row opens the ticket, the subject is whole at 1440 px, who raised and handles it, waiting for your reply', async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const api = await ticketApi(request, ALICE.email);
    const active = (await api.list({ status: 'active' })) as unknown as {
      tickets: { id: number; ticket_number: string; subject: string; raised_by?: string | null; handled_by?: string | null; waiting_for_customer?: boolean }[];
    };
    await signIn(page, ALICE.email);

    // The dashboard counts the open tickets waiting for the user's reply, and links to them.
    const waiting = active.tickets.filter((t) => t.waiting_for_customer);
    expect(waiting.length).toBeGreaterThan(0);
    await page.goto('/dashboard');
    const openTickets = page.getByRole('region', { name: 'Key figures' }).getByRole('group', { name: 'Open Tickets' });
    await openTickets.getByRole('link', { name: `${waiting.length} waiting for your reply` }).click();
    await expect(page).toHaveURL(/\/tickets$/);
    await expect(rows(page)).toHaveCount(active.tickets.length);

    // 'Waiting for your reply' on exactly the rows the server says wait; raised and handled by on each row that has them.
    const labelled = rows(page).filter({ has: page.getByTestId('waiting-badge') });
    await expect(labelled).toHaveCount(waiting.length);
    const first = waiting[0]!;
    const row = rows(page)
      .filter({ has: page.getByRole('heading', { name: first.subject, exact: true }) })
      .filter({ hasText: first.ticket_number });
    await expect(row.getByText('Waiting for your reply')).toBeVisible();
    if (first.raised_by) await expect(row).toContainText(`Raised by ${first.raised_by}`);
    if (first.handled_by) await expect(row).toContainText(`Handled by ${first.handled_by}`);
    const withBoth = active.tickets.find((t) => t.raised_by && t.handled_by)!;
    const bothRow = rows(page).filter({ hasText: withBoth.ticket_number });
    await expect(bothRow).toContainText(`Raised by ${withBoth.raised_by}`);
    await expect(bothRow).toContainText(`Handled by ${withBoth.handled_by}`);

    // No subject is cut short at 1440 px: each heading shows all of its text.
    const cut = await rows(page)
      .getByRole('heading', { level: 2 })
      .evaluateAll((headings) =>
        headings.filter((h) => h.scrollWidth > h.clientWidth + 1 || getComputedStyle(h).textOverflow === 'ellipsis').map((h) => h.textContent),
      );
    expect(cut).toEqual([]);

    // A click on the row's description, away from View Details, opens the ticket at its address (the link's
    // overlay covers the row, so the point is the row's, not the paragraph's, which the overlay lies over).
    // A row off the screen is not painted until it nears the viewport (content-visibility), and a click on it before
    // then meets the bare row, not the link's overlay; a person clicks what they can see, so wait until it is painted.
    await row.scrollIntoViewIfNeeded();
    const description = (await row.locator('p').first().boundingBox())!;
    const point = { x: description.x + 40, y: description.y + description.height / 2 };
    await expect.poll(() => page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null, point)).toContain('View Details');
    const box = (await row.boundingBox())!;
    await row.click({ position: { x: point.x - box.x, y: point.y - box.y } });
    await expect(page).toHaveURL(new RegExp(`/tickets/${first.id}$`));
    await expect(page.getByRole('dialog', { name: 'Ticket details' }).getByRole('heading', { name: first.subject })).toBeVisible();
  });

  test('works on a phone-sized screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, UMA.email);
    await page.goto('/tickets');
    await expect(rows(page).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await rows(page)
      .first()
      .getByRole('link', { name: /View Details/ })
      .click();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Add Response' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
