import { afterEach, describe, expect, it, vi } from 'vitest';
import { ticketPlainText } from './ticket-plain-text';

afterEach(() => vi.unstubAllGlobals());

describe('a ticket text as one line of words', () => {
  it('keeps plain text as it is', () => {
    expect(ticketPlainText('Printer  on floor 2 is down')).toBe('Printer  on floor 2 is down');
  });

  it('drops the markup and folds the white space', () => {
    expect(ticketPlainText('<p>Phones <strong>down</strong></p>\n<ul><li>since 9:00</li></ul>')).toBe('Phones down since 9:00');
  });

  it('runs nothing of what it reads, and shows no script or style text', () => {
    const ran = vi.fn();
    vi.stubGlobal('ranByTicketText', ran);
    const text = ticketPlainText('<img src="x" onerror="ranByTicketText()"><script>ranByTicketText()</script><style>p{}</style>Hello <b>there</b>');
    expect(text).toBe('Hello there');
    expect(ran).not.toHaveBeenCalled();
  });
});
