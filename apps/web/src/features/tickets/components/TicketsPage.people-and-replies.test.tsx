import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AcceptedListedTicket, Ticket } from '@portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, renderSignedIn, stubApi } from '../../../test/signed-in';
import { WAITING_FOR_YOU } from './TicketBadges';
import { TicketsPage } from './TicketsPage';

// jsdom has no document.fonts; Mantine's autosizing Textarea listens on it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

afterEach(() => vi.unstubAllGlobals());

/** Decision 0033: who raised and handles a ticket, whether it waits for the customer, the row as a whole, the focus after a reply. */
const aTicket = (overrides: Partial<AcceptedListedTicket> = {}): AcceptedListedTicket => ({
  id: 7,
  ticket_number: 'TKT-104233',
  subject: 'Label printer offline at Dock 2',
  status: 'In Progress',
  priority: 'high',
  description: 'The Zebra printer stopped printing.',
  created_date: '2026-11-21T15:04:00.000Z',
  last_modified_date: '2026-11-21T16:30:00.000Z',
  due_date: null,
  is_billable: false,
  is_taxable: false,
  time_rounded: 0,
  ...overrides,
});
const list = (tickets: AcceptedListedTicket[]) => ok({ tickets, total_count: tickets.length, is_admin_view: true });
const detailOf = (ticket: AcceptedListedTicket): Ticket => ({ ...ticket, conversation: [], conversation_has_more: false });

describe('a ticket’s people and whose move it is', () => {
  it('shows who raised the ticket and who handles it, and that it waits for the user’s reply', async () => {
    stubApi({
      'GET /api/crm/nable-tickets': list([
        aTicket({ raised_by: 'Uma Patel', handled_by: 'Jordan Reyes', waiting_for_customer: true }),
        aTicket({
          id: 8,
          ticket_number: 'TKT-104234',
          subject: 'Outlook password prompt',
          raised_by: 'Uma Patel',
          handled_by: null,
          waiting_for_customer: false,
        }),
      ]),
    });
    renderSignedIn(<TicketsPage />, { route: '/tickets' });
    const waiting = await screen.findByRole('article', { name: 'Label printer offline at Dock 2' });
    expect(waiting).toHaveTextContent('Raised by Uma Patel');
    expect(waiting).toHaveTextContent('Handled by Jordan Reyes');
    expect(within(waiting).getByText(WAITING_FOR_YOU)).toBeInTheDocument();
    const other = screen.getByRole('article', { name: 'Outlook password prompt' });
    expect(other).toHaveTextContent('Raised by Uma Patel');
    expect(other).not.toHaveTextContent('Handled by');
    expect(within(other).queryByText(WAITING_FOR_YOU)).toBeNull();
  });

  it('shows a row without these lines when the answer lacks them (the spec’s answer, decision 0029)', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': list([aTicket()]) });
    renderSignedIn(<TicketsPage />, { route: '/tickets' });
    const row = await screen.findByRole('article', { name: 'Label printer offline at Dock 2' });
    expect(row).not.toHaveTextContent('Raised by');
    expect(row).not.toHaveTextContent('Handled by');
    expect(within(row).queryByText(WAITING_FOR_YOU)).toBeNull();
  });

  it('writes a portal author as their name only', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': list([aTicket({ handled_by: 'Jordan Reyes (Customer Portal)' })]) });
    renderSignedIn(<TicketsPage />, { route: '/tickets' });
    const row = await screen.findByRole('article', { name: 'Label printer offline at Dock 2' });
    expect(row).toHaveTextContent('Handled by Jordan Reyes');
    expect(row).not.toHaveTextContent('(Customer Portal)');
  });

  it('opens the ticket from its row through one real link, with nothing else to click or tab to inside the row', async () => {
    stubApi({ 'GET /api/crm/nable-tickets': list([aTicket({ raised_by: 'Uma Patel', waiting_for_customer: true })]) });
    renderSignedIn(<TicketsPage />, { route: '/tickets' });
    const row = await screen.findByRole('article', { name: 'Label printer offline at Dock 2' });
    const focusable = row.querySelectorAll('a, button, input, select, textarea, [tabindex]');
    expect([...focusable]).toEqual([within(row).getByRole('link', { name: 'View Details of TKT-104233' })]);
    // The link's overlay that covers the row (TicketRow.module.css) is drawn by its class; the real click is e2e (tickets.spec.ts).
    expect(focusable[0]!.className).toMatch(/details/);
  });
});

describe('the focus after a reply', () => {
  it('is back in the reply box once the reply is sent, not lost to the page', async () => {
    const user = userEvent.setup();
    let sent = false;
    stubApi({
      'GET /api/crm/nable-tickets': () => list([aTicket()]),
      'GET /api/crm/nable-tickets/7': () => ok(detailOf(aTicket())),
      'POST /api/crm/nable-tickets/7': () => {
        sent = true;
        return ok(detailOf(aTicket()));
      },
    });
    renderSignedIn(<TicketsPage />, { route: '/tickets/7' });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket details' });
    const box = await within(dialog).findByRole('textbox', { name: 'Add Response' });
    await user.type(box, 'Yes, please go ahead.');
    await user.click(within(dialog).getByRole('button', { name: 'Add Response' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(sent).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('is back in the reply box, with the failure on it, when sending fails', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /api/crm/nable-tickets': () => list([aTicket()]),
      'GET /api/crm/nable-tickets/7': () => ok(detailOf(aTicket())),
      'POST /api/crm/nable-tickets/7': () => failure(500, 'The help desk is away'),
    });
    renderSignedIn(<TicketsPage />, { route: '/tickets/7' });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket details' });
    const box = await within(dialog).findByRole('textbox', { name: 'Add Response' });
    await user.type(box, 'Yes, please go ahead.');
    await user.click(within(dialog).getByRole('button', { name: 'Add Response' }));
    expect(await within(dialog).findByText('The help desk is away')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box).toHaveValue('Yes, please go ahead.');
  });
});
