import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket, TicketSummary } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
const list = (tickets: TicketSummary[], isAdminView = false) => ok({ tickets, total_count: tickets.length, is_admin_view: isAdminView });
const render = () => renderSignedIn(<TicketsPage />, { route: '/tickets' });
const listCalls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://portal.test')).filter((url) => url.pathname === '/api/crm/nable-tickets');

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

  it('debounces the search by 500 ms and clears it at once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubApi({ 'GET /api/crm/nable-tickets': () => list([aTicket()]) });
    render();
    await screen.findByText('1 total');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    act(() => void fireEvent.change(box, { target: { value: '  printer ' } }));
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(listCalls(fetchMock).some((url) => url.searchParams.has('search'))).toBe(false);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(listCalls(fetchMock).at(-1)!.searchParams.get('search')).toBe('printer');
    expect(screen.getByText('Search: printer')).toBeInTheDocument();
    const calls = listCalls(fetchMock).length;
    act(() => void fireEvent.change(box, { target: { value: '' } }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    // Back to the unsearched list, which is cached: no wait and no 500 ms timer.
    expect(listCalls(fetchMock).length).toBeGreaterThanOrEqual(calls);
    expect(screen.queryByText('Search: printer')).not.toBeInTheDocument();
  });

  it('says why the list is empty, with or without filters', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': () => list([]) });
    render();
    expect(await screen.findByText('No tickets found')).toBeInTheDocument();
    expect(screen.getByText('No support tickets are currently available.')).toBeInTheDocument();
    expect(screen.getByText('Your assigned tickets')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Sort by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Priority' }));
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
        { id: 3, created_by: 'Uma Patel (Customer Portal)', from_address: 'uma.user@acme.example', created_date: '2026-11-21T16:30:00.000Z', updated_date: '2026-11-21T16:30:00.000Z', content: 'Still broken', is_internal: false },
        { id: 2, created_by: 'Jordan Reyes', from_address: 'jordan.reyes@itpartners.example', created_date: '2026-11-21T16:00:00.000Z', updated_date: '2026-11-21T16:00:00.000Z', content: '<p>Checked <b>the queue</b><img src=x onerror="alert(1)"></p>', is_internal: true },
      ],
    };
    stubApi({ 'GET /api/crm/nable-tickets': list([aTicket()]), 'GET /api/crm/nable-tickets/7': ok(detail) });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'View Details of TKT-104233' }));
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
