import type { DOMPurify } from 'dompurify';
import { LRUCache } from 'lru-cache';
import { isTicketHtml, TICKET_HTML_POLICY, TICKET_LINK_ATTRIBUTES } from '@portal/contract';

// The allow-list is the contract's, shared with the browser (packages/contract/src/ticket-html.ts).

/**
 * DOMPurify on jsdom. jsdom alone is about 70 MB and most of a second to load, so the purifier is
 * made by the first text that has HTML in it, not at start-up: a portal whose tickets are plain
 * text never loads it (docs/decisions/0021).
 */
let purifier: Promise<DOMPurify> | undefined;

function loadPurifier(): Promise<DOMPurify> {
  purifier ??= (async () => {
    const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
    const instance = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);
    instance.addHook('afterSanitizeAttributes', (node) => {
      // Links leave the portal in a new tab without handing it a window.opener or a referrer.
      if (node.tagName === 'A' && node.hasAttribute('href')) {
        for (const [name, value] of Object.entries(TICKET_LINK_ATTRIBUTES)) node.setAttribute(name, value);
      }
    });
    return instance;
  })().catch((error: unknown) => {
    purifier = undefined; // the next text tries again
    throw error;
  });
  return purifier;
}

/**
 * Sanitizing is a pure function of the text; a bounded memo spares the detail call the jsdom work
 * for repeated reads. Least recently used texts leave first, so a ticket being read stays in it.
 */
const memo = new LRUCache<string, string>({ max: 5_000 });

export const isHtml = isTicketHtml;

export async function sanitizeTicketHtml(text: string): Promise<string> {
  if (!isHtml(text)) return text;
  const known = memo.get(text);
  if (known !== undefined) return known;
  const clean = keepAsHtml((await loadPurifier()).sanitize(text, TICKET_HTML_POLICY).trim());
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
