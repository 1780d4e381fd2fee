import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket, TicketSummary } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, currentSearch } from '../../../test/render';
import { failure, ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { TicketsPage } from './TicketsPage';

// jsdom has no document.fonts; Mantine's autosizing Textarea listens on it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const aTicket = (overrides: Partial<TicketSummary> = {}): TicketSummary => ({
  id: 7,
  ticket_number: 'TKT-104233',
  subject: 'Label printer offline at Dock 2',
  status: 'In Progress',
  priority: 'high',
  description: 'x'.repeat(160),
  created_date: '2026-11-21T15:04:00.000Z',
  last_modified_date: '2026-11-21T16:30:00.000Z',
  due_date: null,
  is_billable: true,
  is_taxable: false,
  time_rounded: 1.5,
  ...overrides,
});
const list = (tickets: TicketSummary[], isAdminView = false, totalCount = tickets.length) =>
  ok({ tickets, total_count: totalCount, is_admin_view: isAdminView });
const render = (route = '/tickets') => renderSignedIn(<TicketsPage />, { route });
const listCalls = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://portal.test')).filter((url) => url.pathname === '/api/crm/nable-tickets');

describe('TicketsPage', () => {
  it('shows the rows of docs/product.md §2: number, subject, badges, the first 150 characters, times in New York, the id', async () => {
    const fetchMock = stubApi({ 'GET /api/crm/nable-tickets': list([aTicket()], true) });
    render();
    const row = await screen.findByRole('article', { name: 'Label printer offline at Dock 2' });
    expect(row).toHaveTextContent('TKT-104233');
    expect(within(row).getByText('In Progress')).toBeInTheDocument();
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByText(`${'x'.repeat(150)}...`)).toBeInTheDocument();
    expect(row).toHaveTextContent('Created Nov 21, 2026, 10:04 AM');
    expect(row).toHaveTextContent('ID 7');
    expect(screen.getByText('1 total')).toBeInTheDocument();
    expect(screen.getByText('Admin View')).toBeInTheDocument();
    expect(screen.getByText('All tickets for your organization')).toBeInTheDocument();
    // docs/product.md §7: limit 100, the default filter and sort, no search.
    const [query] = listCalls(fetchMock);
    expect(Object.fromEntries(query!.searchParams)).toEqual({ limit: '100', status: 'active', sort: 'newest' });
  });

  it('tells a technical contact the list is the whole organization’s, without the Admin View badge (decision 0031)', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': ok({ tickets: [aTicket()], total_count: 1, is_admin_view: false, tickets_scope: 'account' }) });
    render();
    await screen.findByText('1 total');
    expect(screen.getByText('All tickets for your organization')).toBeInTheDocument();
    expect(screen.queryByText('Admin View')).not.toBeInTheDocument();
  });

  it('reads a list that does not say whose tickets it holds (the spec’s answer) by its admin view', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': list([aTicket()], false) });
    render();
    await screen.findByText('1 total');
    expect(screen.getByText('Your assigned tickets')).toBeInTheDocument();
  });

  it('debounces the search by 500 ms and clears it at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket()]) });
    render();
    await screen.findByText('1 total');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    act(() => void fireEvent.change(box, { target: { value: '  printer ' } }));
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(listCalls(fetchMock).some((url) => url.searchParams.has('search'))).toBe(false);
    expect(currentSearch()).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(listCalls(fetchMock).at(-1)!.searchParams.get('search')).toBe('printer');
    expect(currentSearch()).toBe('?q=printer');
    expect(screen.getByText('Search: printer')).toBeInTheDocument();
    const calls = listCalls(fetchMock).length;
    act(() => void fireEvent.change(box, { target: { value: '' } }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    // Back to the unsearched list, which is cached: no wait and no 500 ms timer.
    expect(listCalls(fetchMock).length).toBeGreaterThanOrEqual(calls);
    expect(screen.queryByText('Search: printer')).not.toBeInTheDocument();
    expect(currentSearch()).toBe('');
  });

  it('says why the list is empty, with or without filters', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': () => list([]) });
    render();
    expect(await screen.findByText('No tickets found')).toBeInTheDocument();
    expect(screen.getByText('No support tickets are currently available.')).toBeInTheDocument();
    expect(screen.getByText('Your assigned tickets')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Priority' }));
    expect(await screen.findByText('Try adjusting your search criteria or filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeInTheDocument();
  });

  it("shows the server's message or 'Failed to load tickets', with Retry", async () => {
    let answer = failure(503, 'The ticket system is down for maintenance');
    stubApi({ 'GET /api/crm/nable-tickets': () => answer });
    render();
    expect(await screen.findByText('The ticket system is down for maintenance')).toBeInTheDocument();
    answer = list([aTicket()]);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Label printer offline at Dock 2' })).toBeInTheDocument();
  });

  it('opens the detail with ITP/Customer, Internal and Latest labels, and disables Add Response while empty', async () => {
    const detail: Ticket = {
      ...aTicket({ due_date: '2026-11-25T15:00:00.000Z' }),
      conversation: [
        {
          id: 3,
          created_by: 'Uma Patel (Customer Portal)',
          from_address: 'uma.user@acme.example',
          created_date: '2026-11-21T16:30:00.000Z',
          updated_date: '2026-11-21T16:30:00.000Z',
          content: 'Still broken',
          is_internal: false,
        },
        {
          id: 2,
          created_by: 'Jordan Reyes',
          from_address: 'jordan.reyes@itpartners.example',
          created_date: '2026-11-21T16:00:00.000Z',
          updated_date: '2026-11-21T16:00:00.000Z',
          content: '<p>Checked <b>the queue</b><img src=x onerror="alert(1)"></p>',
          is_internal: true,
        },
      ],
      conversation_has_more: false,
    };
    stubApi({ 'GET /api/crm/nable-tickets': list([aTicket()]), 'GET /api/crm/nable-tickets/7': ok(detail) });
    render();
    await userEvent.click(await screen.findByRole('link', { name: 'View Details of TKT-104233' }));
    const dialog = await screen.findByRole('dialog');
    const [latest, older] = await within(dialog).findAllByTestId('conversation-entry');
    expect(within(latest!).getByText('Customer')).toBeInTheDocument();
    expect(within(latest!).getByText('Latest')).toBeInTheDocument();
    expect(within(older!).getByText('ITP')).toBeInTheDocument();
    expect(within(older!).getByText('Internal')).toBeInTheDocument();
    expect(older!.querySelector('img')).toBeNull();
    expect(within(older!).getByText('the queue').tagName).toBe('B');
    expect(within(dialog).getByText('Due date')).toBeInTheDocument();
    expect(within(dialog).getByText('Billable')).toBeInTheDocument();
    expect(within(dialog).getByText('1.5 hours')).toBeInTheDocument();
    const send = within(dialog).getByRole('button', { name: 'Add Response' });
    expect(send).toBeDisabled();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Add Response' }), '   ');
    expect(send).toBeDisabled();
  });
});

const detailOf = (summary: TicketSummary, conversation: Ticket['conversation'] = [], hasMore = false): Ticket => ({
  ...summary,
  conversation,
  conversation_has_more: hasMore,
});
const entry = (overrides: Partial<Ticket['conversation'][number]> = {}): Ticket['conversation'][number] => ({
  id: 1,
  created_by: 'Jordan Reyes',
  from_address: 'jordan.reyes@itpartners.example',
  created_date: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  updated_date: new Date(Date.now() - 2 * 3_600_000).toISOString(),
  content: 'We are on it.',
  is_internal: false,
  ...overrides,
});

describe('TicketsPage in the address', () => {
  it('reads status, sort and search from the address and asks the server for them', async () => {
    const fetchMock = stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket({ status: 'Complete' })]) });
    render('/tickets?status=closed&sort=priority&q=printer');
    await screen.findByText('1 total');
    expect(Object.fromEntries(listCalls(fetchMock)[0]!.searchParams)).toEqual({ limit: '100', status: 'closed', sort: 'priority', search: 'printer' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('printer');
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(chips).toHaveTextContent('Search: printer');
    expect(chips).toHaveTextContent('Status: Closed');
    expect(chips).toHaveTextContent('Sort: Priority');
    expect(screen.getByRole('link', { name: 'View Details of TKT-104233' })).toHaveAttribute('href', '/tickets/7?status=closed&sort=priority&q=printer');
  });

  it('writes filter changes into the address, and Clear Filters gives the plain /tickets', async () => {
    const fetchMock = stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket()]) });
    render();
    await screen.findByText('1 total');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'In Progress' }));
    expect(currentSearch()).toBe('?status=in-progress');
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Recently updated' }));
    expect(currentSearch()).toBe('?status=in-progress&sort=updated');
    await vi.waitFor(() => expect(listCalls(fetchMock).at(-1)!.searchParams.get('sort')).toBe('updated'));
    expect(listCalls(fetchMock).at(-1)!.searchParams.get('status')).toBe('In Progress');
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(currentPath()).toBe('/tickets');
    expect(currentSearch()).toBe('');
  });

  it('pages through the server’s pages of 100 with the total shown; page 1 asks exactly as the spec does', async () => {
    const fetchMock = stubApi({
      'GET /api/crm/nable-tickets': () =>
        list(
          Array.from({ length: 3 }, (_, index) => aTicket({ id: index + 1, subject: `Ticket ${index + 1}` })),
          false,
          250,
        ),
    });
    render();
    expect(await screen.findByText('250 total')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-range')).toHaveTextContent('Showing 1–3 of 250');
    expect(listCalls(fetchMock)[0]!.searchParams.has('offset')).toBe(false);
    const pages = screen.getByRole('navigation', { name: 'Ticket pages' });
    expect(within(pages).getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(currentSearch()).toBe('?page=2');
    await vi.waitFor(() => expect(listCalls(fetchMock).at(-1)!.searchParams.get('offset')).toBe('100'));
    expect(await screen.findByText(/Showing 101–103 of 250/)).toBeInTheDocument();
    // A new filter starts again at the first page.
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Oldest first' }));
    expect(currentSearch()).toBe('?sort=oldest');
  });

  it('reaches the next page from where the last one ended (next_cursor), and a page opened by its address by offset', async () => {
    const fetchMock = stubApi({
      'GET /api/crm/nable-tickets': (url) => {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        return ok({
          tickets: [aTicket({ id: offset + 1, subject: `From ${offset}` })],
          total_count: 350,
          is_admin_view: false,
          next_cursor: `after-${offset / 100 + 1}`,
        });
      },
    });
    render('/tickets?sort=priority');
    expect(await screen.findByText('From 0')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Ticket pages' });
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await vi.waitFor(() => expect(listCalls(fetchMock).at(-1)!.searchParams.get('after')).toBe('after-1'));
    expect(listCalls(fetchMock).at(-1)!.searchParams.get('offset')).toBe('100');
    // Page 4 was never reached from page 3: by its offset alone.
    await userEvent.click(within(pages).getByRole('button', { name: 'Page 4' }));
    await vi.waitFor(() => expect(listCalls(fetchMock).at(-1)!.searchParams.get('offset')).toBe('300'));
    expect(listCalls(fetchMock).at(-1)!.searchParams.has('after')).toBe(false);
  });

  it('goes to the last page when the address asks for one past the end', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': () => list([], false, 150) });
    render('/tickets?page=9');
    await vi.waitFor(() => expect(currentSearch()).toBe('?page=2'));
  });

  it('opens /tickets/{id} straight away over the list, and closing it returns to the list with its filters', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket()]), 'GET /api/crm/nable-tickets/7': ok(detailOf(aTicket())) });
    render('/tickets/7?status=all');
    const dialog = await screen.findByRole('dialog', { name: 'Ticket details' });
    expect(await within(dialog).findByRole('heading', { name: 'Label printer offline at Dock 2' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/tickets');
    expect(currentSearch()).toBe('?status=all');
  });

  it('copies the ticket’s own address and says so', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket()]), 'GET /api/crm/nable-tickets/7': ok(detailOf(aTicket())) });
    render('/tickets/7');
    const dialog = await screen.findByRole('dialog', { name: 'Ticket details' });
    await user.click(await within(dialog).findByRole('button', { name: 'Copy link' }));
    expect(await within(dialog).findByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/tickets/7`);
  });

  it('opens a ticket from its row at its own address', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket()]), 'GET /api/crm/nable-tickets/7': ok(detailOf(aTicket())) });
    render('/tickets?sort=oldest');
    await userEvent.click(await screen.findByRole('link', { name: 'View Details of TKT-104233' }));
    expect(currentPath()).toBe('/tickets/7');
    expect(currentSearch()).toBe('?sort=oldest');
    expect(await screen.findByRole('dialog', { name: 'Ticket details' })).toBeInTheDocument();
  });

  it('does not let a pending search close a ticket opened before it ran', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket()]), 'GET /api/crm/nable-tickets/7': ok(detailOf(aTicket())) });
    render();
    const link = await screen.findByRole('link', { name: 'View Details of TKT-104233' });
    act(() => void fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'printer' } }));
    act(() => void fireEvent.click(link));
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(currentPath()).toBe('/tickets/7');
    expect(await screen.findByRole('dialog', { name: 'Ticket details' })).toBeInTheDocument();
    await act(async () => void fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })));
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(currentPath()).toBe('/tickets');
    expect(currentSearch()).toBe('?q=printer');
  });

  it('treats an address that is no ticket id as the list', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket()]) });
    render('/tickets/abc?sort=oldest');
    await vi.waitFor(() => expect(currentPath()).toBe('/tickets'));
    expect(currentSearch()).toBe('?sort=oldest');
  });

  it("shows the server's 404 message for a ticket that is not the caller's", async () => {
    stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket()]), 'GET /api/crm/nable-tickets/99': failure(404, 'Ticket not found') });
    render('/tickets/99');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Ticket not found')).toBeInTheDocument();
  });
});

describe('overdue tickets', () => {
  it('marks a ticket past its due date on its row and in the detail, but never a closed one', async () => {
    const late = aTicket({ id: 7, due_date: '2020-01-10T15:00:00.000Z', status: 'On Hold' });
    const lateButClosed = aTicket({ id: 8, ticket_number: 'TKT-104234', subject: 'Closed but late', due_date: '2020-01-10T15:00:00.000Z', status: 'Complete' });
    const notYet = aTicket({ id: 9, ticket_number: 'TKT-104235', subject: 'Due next year', due_date: new Date(Date.now() + 365 * 86_400_000).toISOString() });
    stubApi({ 'GET /api/crm/nable-tickets': () => list([late, lateButClosed, notYet]), 'GET /api/crm/nable-tickets/7': ok(detailOf(late)) });
    render();
    const lateRow = await screen.findByRole('article', { name: 'Label printer offline at Dock 2' });
    expect(within(lateRow).getByTestId('overdue-badge')).toHaveTextContent('Overdue, was due Jan 10, 2020, 10:00 AM');
    expect(within(screen.getByRole('article', { name: 'Closed but late' })).queryByTestId('overdue-badge')).toBeNull();
    expect(within(screen.getByRole('article', { name: 'Due next year' })).queryByTestId('overdue-badge')).toBeNull();
    await userEvent.click(within(lateRow).getByRole('link', { name: /View Details/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByTestId('overdue-badge')).toBeInTheDocument();
    expect(within(dialog).getByTestId('due-date')).toHaveTextContent('Jan 10, 2020, 10:00 AM (overdue)');
  });
});

describe('the conversation', () => {
  it('puts the reply box above the newest entry, with sender names, relative times and the exact time on hover', async () => {
    const detail = detailOf(aTicket(), [
      entry({
        id: 2,
        created_by: 'Uma Patel (Customer Portal)',
        from_address: 'uma.user@acme.example',
        created_date: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      }),
      entry({ id: 1, created_date: '2026-11-21T16:00:00.000Z' }),
    ]);
    stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket()]), 'GET /api/crm/nable-tickets/7': ok(detail) });
    render('/tickets/7');
    const dialog = await screen.findByRole('dialog');
    const [newest, older] = await within(dialog).findAllByTestId('conversation-entry');
    const box = within(dialog).getByRole('textbox', { name: 'Add Response' });
    expect(box.compareDocumentPosition(newest!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(newest!).getByTestId('entry-author')).toHaveTextContent('Uma Patel');
    expect(within(newest!).getByTestId('entry-time')).toHaveTextContent('2 hours ago');
    expect(within(older!).getByTestId('entry-time')).toHaveAttribute('title', 'Nov 21, 2026, 11:00 AM');
    // 'ITP' is explained: the provider's name beside it and on hover.
    expect(within(older!).getByTitle('ITP: IT Partners, your support provider')).toHaveTextContent('ITP');
    expect(older).toHaveTextContent('IT Partners');
  });
});

describe('closed tickets take no replies (docs/decisions/0018)', () => {
  it.each(['Complete', 'Reviewed', 'Billed', 'Cancelled'])('a %s ticket says so and offers a follow-up ticket instead of the reply box', async (status) => {
    const closed = aTicket({ status, priority: 'urgent' });
    const fetchMock = stubApi({
      'GET /api/crm/nable-tickets': () => list([closed]),
      'GET /api/crm/nable-tickets/7': ok(detailOf(closed, [entry()])),
      'POST /api/crm/nable-tickets': ok({
        ...detailOf(aTicket({ id: 8, ticket_number: 'TKT-104300', subject: 'Follow-up to TKT-104233: Label printer offline at Dock 2', status: 'New' })),
      }),
      'GET /api/crm/nable-tickets/8': ok(
        detailOf(aTicket({ id: 8, ticket_number: 'TKT-104300', subject: 'Follow-up to TKT-104233: Label printer offline at Dock 2', status: 'New' })),
      ),
    });
    render('/tickets/7');
    const dialog = await screen.findByRole('dialog', { name: 'Ticket details' });
    const notice = await within(dialog).findByTestId('closed-ticket-notice');
    expect(notice).toHaveTextContent('This ticket is closed');
    expect(within(dialog).queryByRole('textbox', { name: 'Add Response' })).toBeNull();
    await userEvent.click(within(notice).getByRole('button', { name: 'Open a follow-up ticket' }));
    const followUp = await screen.findByRole('dialog', { name: 'Follow-up Ticket' });
    expect(within(followUp).getByRole('textbox', { name: 'Subject' })).toHaveValue('Follow-up to TKT-104233: Label printer offline at Dock 2');
    expect(within(followUp).getByRole('textbox', { name: 'Description' })).toHaveValue('This follows up TKT-104233, which is closed.\n\n');
    await userEvent.type(within(followUp).getByRole('textbox', { name: 'Description' }), 'It is offline again.');
    await userEvent.click(within(followUp).getByRole('button', { name: 'Open Ticket' }));
    await vi.waitFor(() => expect(currentPath()).toBe('/tickets/8'));
    const sent = fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/api/crm/nable-tickets') && init?.method === 'POST');
    expect(JSON.parse(String(sent![1]!.body))).toMatchObject({
      priority: 'urgent',
      description: 'This follows up TKT-104233, which is closed.\n\nIt is offline again.',
    });
  });

  it('keeps the reply box for an open ticket', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket()]), 'GET /api/crm/nable-tickets/7': ok(detailOf(aTicket({ status: 'On Hold' }))) });
    render('/tickets/7');
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('textbox', { name: 'Add Response' })).toBeInTheDocument();
    expect(within(dialog).queryByTestId('closed-ticket-notice')).toBeNull();
  });
});

describe('long lists and conversations (docs/decisions/0027)', () => {
  it('shows a capped count as "10,000+" in the badge and the range', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': () => ok({ tickets: [aTicket()], total_count: 10_000, total_count_capped: true, is_admin_view: true }) });
    render('/tickets?status=all');
    expect(await screen.findByText('10,000+ total')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-range')).toHaveTextContent('Showing 1–1 of 10,000+');
  });

  it('shows an exact count without the plus', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': () => ok({ tickets: [aTicket()], total_count: 1_000, total_count_capped: false, is_admin_view: true }) });
    render();
    expect(await screen.findByText('1000 total')).toBeInTheDocument();
    expect(screen.getByTestId('ticket-range')).toHaveTextContent('Showing 1–1 of 1,000');
  });

  it('shows the newest entries and fetches earlier ones with "Show earlier messages" until there are none', async () => {
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 21, 12, minutes)).toISOString();
    const newest = [entry({ id: 9, content: 'Newest reply', created_date: at(50) }), entry({ id: 8, content: 'Second newest', created_date: at(40) })];
    const pages: Record<string, unknown> = {
      '8': { entries: [entry({ id: 5, content: 'An older reply', created_date: at(30) })], has_more: true },
      '5': { entries: [entry({ id: 2, content: 'The first reply', created_date: at(10) })], has_more: false },
    };
    const fetchMock = stubApi({
      'GET /api/crm/nable-tickets': list([aTicket()]),
      'GET /api/crm/nable-tickets/7': ok(detailOf(aTicket(), newest, true)),
      'GET /api/crm/nable-tickets/7/conversation': () => {
        const before = new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://portal.test').searchParams.get('before')!;
        return ok(pages[before]);
      },
    });
    render('/tickets/7');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Newest reply');
    expect(within(dialog).getAllByTestId('conversation-entry')).toHaveLength(2);
    expect(within(dialog).getByRole('heading', { name: 'Conversation (2+)' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show earlier messages' }));
    expect(await within(dialog).findByText('An older reply')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Show earlier messages' }));
    expect(await within(dialog).findByText('The first reply')).toBeInTheDocument();
    const shown = within(dialog)
      .getAllByTestId('conversation-entry')
      .map((card) => card.textContent);
    expect(shown).toHaveLength(4);
    expect(shown[0]).toContain('Newest reply');
    expect(shown[3]).toContain('The first reply');
    expect(within(dialog).getByRole('heading', { name: 'Conversation (4)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
    const asked = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://portal.test')).filter((url) => url.pathname.endsWith('/conversation'));
    expect(asked.map((url) => url.searchParams.get('before'))).toEqual(['8', '5']);
  });

  it('offers no "Show earlier messages" when the detail has the whole conversation', async () => {
    stubApi({
      'GET /api/crm/nable-tickets': list([aTicket()]),
      'GET /api/crm/nable-tickets/7': ok(detailOf(aTicket(), [entry({ id: 3, content: 'Only reply' })])),
    });
    render('/tickets/7');
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Only reply');
    expect(within(dialog).getByRole('heading', { name: 'Conversation (1)' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Show earlier messages' })).not.toBeInTheDocument();
  });
});
