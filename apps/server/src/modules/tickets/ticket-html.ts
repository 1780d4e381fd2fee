import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { isTicketHtml, TICKET_HTML_POLICY, TICKET_LINK_ATTRIBUTES } from '@portal/contract';

// The allow-list is the contract's, shared with the browser (packages/contract/src/ticket-html.ts).

const purifier = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
purifier.addHook('afterSanitizeAttributes', (node) => {
  // Links leave the portal in a new tab without handing it a window.opener or a referrer.
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    for (const [name, value] of Object.entries(TICKET_LINK_ATTRIBUTES)) node.setAttribute(name, value);
  }
});

/** Sanitizing is a pure function of the text; a bounded memo spares the detail call the jsdom work for repeated reads. */
const MEMO_LIMIT = 5_000;
const memo = new Map<string, string>();

export const isHtml = isTicketHtml;

export function sanitizeTicketHtml(text: string): string {
  if (!isHtml(text)) return text;
  const known = memo.get(text);
  if (known !== undefined) return known;
  const clean = keepAsHtml(purifier.sanitize(text, TICKET_HTML_POLICY).trim());
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(text, clean);
  return clean;
}

/**
 * Text that had a '<' but no element left ('a < b', or only an unsafe tag and some words) comes
 * back entity-escaped ('a &lt; b'). Without a '<' the browser would show it as plain text,
 * entities and all, so it is kept as HTML: one paragraph, line breaks kept.
 */
function keepAsHtml(clean: string): string {
  if (clean === '' || clean.includes('<')) return clean;
  return `<p>${clean.replace(/\r?\n/g, '<br>')}</p>`;
}
