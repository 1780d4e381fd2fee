import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { portalConfig } from '../../../shared/config';
import { renderSignedIn, stubApi } from '../../../test/signed-in';
import { specShapedRoutes } from '../../../test/spec-shaped';
import { TicketsPage } from './TicketsPage';

/*
 * The tickets screen against a portal API that answers exactly as the spec describes
 * (docs/decisions/0029): the list and the ticket in `data`, none of our additions, and no ticket
 * in the answer to a response (§7).
 */

// jsdom has no document.fonts; Mantine's autosizing Textarea listens on it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

afterEach(() => vi.unstubAllGlobals());

const callsTo = (fetchMock: ReturnType<typeof stubApi>, key: string) =>
  fetchMock.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${new URL(String(input), 'http://portal.test').pathname}` === key);

describe('TicketsPage against a spec-shaped API', () => {
  it('lists the tickets carried in data, with the count and the Admin View the answer gives', async () => {
    stubApi(specShapedRoutes('listTickets'));
    renderSignedIn(<TicketsPage />, { route: '/tickets' });
    const row = await screen.findByRole('article', { name: 'Printer on floor 2 shows error 49' });
    expect(row).toHaveTextContent('T-4001');
    expect(row).toHaveTextContent('In Progress');
    expect(row).toHaveTextContent('ID 4001');
    expect(screen.getByText('1 total')).toBeInTheDocument();
    // The signed-in user is no administrator: the badge and subtitle follow the answer's is_admin_view.
    expect(screen.getByText('Admin View')).toBeInTheDocument();
    expect(screen.getByText('All tickets for your organization')).toBeInTheDocument();
  });

  it('shows the ticket carried in data with its conversation, ITP by the provider’s domain, Customer and Latest', async () => {
    // The spec-shaped conversation's provider address is in the domain the web tests run with.
    expect(portalConfig.providerEmailDomain).toBe('itpartners.example');
    stubApi(specShapedRoutes('listTickets', 'getTicket'));
    renderSignedIn(<TicketsPage />, { route: '/tickets' });
    await userEvent.click(await screen.findByRole('link', { name: 'View Details of T-4001' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('heading', { name: 'Printer on floor 2 shows error 49' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('1.5 hours');
    expect(within(dialog).getByText('Billable')).toBeInTheDocument();
    expect(within(dialog).queryByText('Due date')).not.toBeInTheDocument();
    const [latest, older] = within(dialog).getAllByTestId('conversation-entry');
    expect(within(latest!).getByText('ITP')).toBeInTheDocument();
    expect(within(latest!).getByText('Latest')).toBeInTheDocument();
    expect(within(latest!).getByText('We have replaced the toner.')).toBeInTheDocument();
    expect(within(older!).getByText('Customer')).toBeInTheDocument();
    expect(older).toHaveTextContent('via Customer Portal');
    expect(within(older!).queryByText('Latest')).not.toBeInTheDocument();
  });

  it('reloads the ticket after a response whose answer carries no ticket', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi(specShapedRoutes('listTickets', 'getTicket', 'respondToTicket'));
    renderSignedIn(<TicketsPage />, { route: '/tickets/4001' });
    const dialog = await screen.findByRole('dialog');
    const box = await within(dialog).findByRole('textbox', { name: 'Add Response' });
    expect(callsTo(fetchMock, 'GET /api/crm/nable-tickets/4001')).toHaveLength(1);
    await user.type(box, '  Thanks, it prints again.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Add Response' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/crm/nable-tickets/4001')).toHaveLength(2));
    const [post] = callsTo(fetchMock, 'POST /api/crm/nable-tickets/4001');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ description: 'Thanks, it prints again.' });
    await waitFor(() => expect(box).toHaveValue(''));
    expect(within(dialog).queryByText('Failed to create response')).not.toBeInTheDocument();
  });
});
