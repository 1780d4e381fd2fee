import { describe, expect, it } from 'vitest';
import { DEFAULT_TICKET_VIEW, offsetOfPage, pageCount, searchOfView, ticketIdOf, ticketPath, viewFromSearch } from './ticket-address';
import { isTicketOverdue } from './ticket-display';

describe('the tickets screen in its address', () => {
  it('leaves the defaults out, so the default screen is the plain /tickets', () => {
    expect(searchOfView(DEFAULT_TICKET_VIEW)).toBe('');
    expect(viewFromSearch('')).toEqual(DEFAULT_TICKET_VIEW);
  });

  it('writes and reads status, sort, search and page', () => {
    const view = { status: 'closed', sort: 'priority', search: 'printer', page: 2 } as const;
    expect(searchOfView(view)).toBe('?status=closed&sort=priority&q=printer&page=2');
    expect(viewFromSearch('?status=closed&sort=priority&q=printer&page=2')).toEqual(view);
    expect(searchOfView({ ...DEFAULT_TICKET_VIEW, status: 'In Progress' })).toBe('?status=in-progress');
    expect(viewFromSearch('?status=in-progress').status).toBe('In Progress');
    expect(searchOfView({ ...DEFAULT_TICKET_VIEW, status: '' })).toBe('?status=all');
    expect(viewFromSearch('?status=all').status).toBe('');
    expect(viewFromSearch('?status=On-Hold&sort=OLDEST').status).toBe('On Hold');
    expect(searchOfView({ ...DEFAULT_TICKET_VIEW, search: '  label printer ' })).toBe('?q=label+printer');
  });

  it('falls back to the defaults for anything it does not know', () => {
    expect(viewFromSearch('?status=open&sort=random&page=0')).toEqual(DEFAULT_TICKET_VIEW);
    expect(viewFromSearch('?page=-2').page).toBe(1);
    expect(viewFromSearch('?page=2.5').page).toBe(1);
    expect(viewFromSearch('?page=9999999').page).toBe(1);
    expect(viewFromSearch(`?q=${'x'.repeat(300)}`).search).toHaveLength(200);
  });

  it('maps pages to the server’s offsets of 100', () => {
    expect(offsetOfPage(1)).toBe(0);
    expect(offsetOfPage(3)).toBe(200);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(100)).toBe(1);
    expect(pageCount(101)).toBe(2);
  });

  it('gives each ticket its address and reads it back', () => {
    expect(ticketPath(42)).toBe('/tickets/42');
    expect(ticketPath(42, '?status=closed')).toBe('/tickets/42?status=closed');
    expect(ticketIdOf('42')).toBe(42);
    for (const bad of [undefined, '', '0', '-1', 'abc', '4.2', '99999999999', '1e3']) expect(ticketIdOf(bad)).toBeNull();
  });
});

describe('overdue', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('is a due date in the past on a ticket that is not closed', () => {
    expect(isTicketOverdue({ due_date: '2026-11-20T12:00:00Z', status: 'In Progress' }, now)).toBe(true);
    expect(isTicketOverdue({ due_date: '2026-11-20T12:00:00Z', status: 'On Hold' }, now)).toBe(true);
    expect(isTicketOverdue({ due_date: '2026-11-22T12:00:00Z', status: 'New' }, now)).toBe(false);
    expect(isTicketOverdue({ due_date: null, status: 'New' }, now)).toBe(false);
    for (const status of ['Complete', 'Reviewed', 'Billed', 'Cancelled'])
      expect(isTicketOverdue({ due_date: '2026-11-20T12:00:00Z', status }, now)).toBe(false);
  });
});
