import { describe, expect, it } from 'vitest';
import { authorOf, conversationWhen, DEFAULT_TICKET_FILTERS, descriptionPreview, hasNonDefaultFilter, senderLabel, ticketTimeZone } from './ticket-display';

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

  it('says when a message was written as people say it, and its date after 30 days', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();
    expect(conversationWhen(ago(20), 'America/New_York', now)).toBe('just now');
    expect(conversationWhen(ago(5 * 60), 'America/New_York', now)).toBe('5 minutes ago');
    expect(conversationWhen(ago(2 * 3600 + 1200), 'America/New_York', now)).toBe('2 hours ago');
    expect(conversationWhen(ago(30 * 3600), 'America/New_York', now)).toBe('yesterday');
    expect(conversationWhen(ago(9 * 86_400), 'America/New_York', now)).toBe('9 days ago');
    expect(conversationWhen('2026-10-03T02:00:00Z', 'America/New_York', now)).toBe('Oct 2, 2026');
  });
});
