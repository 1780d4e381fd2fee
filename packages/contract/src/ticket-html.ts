/**
 * Ticket text is HTML when it contains '<' (docs/product.md §2), else plain text. HTML is reduced
 * to this allow-list by the server before it is stored and returned, and again by the browser
 * before it reaches the DOM (both with DOMPurify). What is allowed is what help-desk mail uses:
 * paragraphs, emphasis, lists, quotes, code, tables and web/mail links. Not allowed: scripts,
 * styles, event handlers, forms, frames, media, and any URL other than http(s), mailto and tel (so
 * no javascript: or data:). Links open in a new tab without an opener or a referrer (each side
 * adds target and rel in a DOMPurify hook).
 */
export const isTicketHtml = (text: string) => text.includes('<');

export const TICKET_HTML_POLICY = {
  ALLOWED_TAGS: [
    'p',
    'br',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'blockquote',
    'pre',
    'code',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'hr',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'a',
  ],
  ALLOWED_ATTR: ['href', 'title', 'colspan', 'rowspan', 'target', 'rel'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:)/i,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Dropped with their content, not unwrapped: their text is code or markup, not prose.
  FORBID_CONTENTS: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'xml', 'title', 'textarea', 'select', 'option'],
  KEEP_CONTENT: true,
};

/** What the link hook sets on every `<a href>` that survives. */
export const TICKET_LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer nofollow' } as const;
