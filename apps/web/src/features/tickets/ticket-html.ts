import createDOMPurify from 'dompurify';
import { isTicketHtml, TICKET_HTML_POLICY, TICKET_LINK_ATTRIBUTES } from '@portal/contract';

/**
 * The browser's half of "ticket HTML is sanitized on the way in and on the way out": the server
 * already stores and returns allow-listed HTML, and this cleans it again before it reaches the
 * DOM, with the same allow-list: the contract's (packages/contract/src/ticket-html.ts).
 */
// An instance of our own, so the link hook below never touches anyone else's DOMPurify.
const purifier = createDOMPurify(window);
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    for (const [name, value] of Object.entries(TICKET_LINK_ATTRIBUTES)) node.setAttribute(name, value);
  }
});

export const isHtml = isTicketHtml;

export function sanitizeTicketHtml(html: string): string {
  return purifier.sanitize(html, TICKET_HTML_POLICY);
}
