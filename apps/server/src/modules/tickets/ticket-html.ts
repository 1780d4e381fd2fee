import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Ticket text is HTML when it contains '<' (spec §2), else plain text. HTML is reduced to an
 * explicit allow-list before it is stored and again before it is returned, so rows written by
 * other paths (imports, the help desk's own sync) are never sent out raw. What is allowed is
 * what help-desk mail uses: paragraphs, emphasis, lists, quotes, code, tables and web/mail links.
 * Not allowed: scripts, styles, event handlers, forms, frames, media, and any URL other than
 * http(s), mailto and tel (so no javascript: or data:).
 */
const ALLOWED_TAGS = [
  'p', 'br', 'div', 'span', 'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small',
  'blockquote', 'pre', 'code', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'a',
];
const ALLOWED_ATTR = ['href', 'title', 'colspan', 'rowspan'];
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:)/i;

const purifier = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
purifier.addHook('afterSanitizeAttributes', (node) => {
  // Links leave the portal in a new tab without handing it a window.opener or a referrer.
  if (node.tagName === 'A' && node.hasAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

const PURIFY_CONFIG = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: [...ALLOWED_ATTR, 'target', 'rel'],
  ALLOWED_URI_REGEXP,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Dropped with their content, not unwrapped: their text is code or markup, not prose.
  FORBID_CONTENTS: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'xml', 'title', 'textarea', 'select', 'option'],
  KEEP_CONTENT: true,
};

/** Sanitizing is a pure function of the text; a bounded memo spares the detail call the jsdom work for repeated reads. */
const MEMO_LIMIT = 5_000;
const memo = new Map<string, string>();

export const isHtml = (text: string) => text.includes('<');

export function sanitizeTicketHtml(text: string): string {
  if (!isHtml(text)) return text;
  const known = memo.get(text);
  if (known !== undefined) return known;
  const clean = keepAsHtml(purifier.sanitize(text, PURIFY_CONFIG).trim());
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
