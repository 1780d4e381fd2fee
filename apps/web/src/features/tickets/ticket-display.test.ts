import { describe, expect, it } from 'vitest';
import { authorOf, DEFAULT_TICKET_FILTERS, descriptionPreview, hasNonDefaultFilter, senderLabel, ticketTimeZone } from './ticket-display';

describe('ticket display rules', () => {
  it("cuts descriptions after 150 characters and adds '...'", () => {
    expect(descriptionPreview('a'.repeat(150))).toBe('a'.repeat(150));
    expect(descriptionPreview('b'.repeat(151))).toBe(`${'b'.repeat(150)}...`);
  });

  it("labels entries 'ITP' by the provider's domain, otherwise 'Customer'", () => {
    expect(senderLabel('jordan.reyes@ITPartners.example', 'itpartners.example')).toBe('ITP');
    expect(senderLabel('uma.user@acme.example', 'itpartners.example')).toBe('Customer');
  });

  it('recognises portal entries by their created_by suffix', () => {
    expect(authorOf('Uma Patel (Customer Portal)')).toEqual({ name: 'Uma Patel', viaPortal: true });
    expect(authorOf('Jordan Reyes')).toEqual({ name: 'Jordan Reyes', viaPortal: false });
  });

  it('knows when a filter differs from the defaults', () => {
    expect(hasNonDefaultFilter(DEFAULT_TICKET_FILTERS)).toBe(false);
    expect(hasNonDefaultFilter({ ...DEFAULT_TICKET_FILTERS, search: ' x ' })).toBe(true);
    expect(hasNonDefaultFilter({ ...DEFAULT_TICKET_FILTERS, status: '' })).toBe(true);
    expect(hasNonDefaultFilter({ ...DEFAULT_TICKET_FILTERS, sort: 'priority' })).toBe(true);
  });

  it('falls back to America/New_York', () => {
    expect(ticketTimeZone(undefined)).toBe('America/New_York');
    expect(ticketTimeZone('US/Pacific')).toBe('US/Pacific');
  });
});
