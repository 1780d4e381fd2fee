import createDOMPurify from 'dompurify';

/**
 * The browser's half of "ticket HTML is sanitized on the way in and on the way out": the server
 * already stores and returns allow-listed HTML, and this cleans it again before it reaches the
 * DOM, with the same allow-list (apps/server/src/modules/tickets/ticket-html.ts).
 */
const ALLOWED_TAGS = [
  'p', 'br', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small',
  'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'a',
];

// An instance of our own, so the link hook below never touches anyone else's DOMPurify.
const purifier = createDOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

export const isHtml = (text: string) => text.includes('<');

export function sanitizeTicketHtml(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'title', 'colspan', 'rowspan', 'target', 'rel'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:)/i,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

/** The words of a ticket text without its markup, for one-line previews. */
export function ticketPlainText(text: string): string {
  if (!isHtml(text)) return text;
  const element = document.createElement('div');
  element.innerHTML = sanitizeTicketHtml(text);
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}
