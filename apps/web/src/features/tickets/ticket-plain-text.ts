import { isTicketHtml } from '@portal/contract';

/** Elements whose text is not words of the ticket (the server's allow-list keeps none of them; a preview never shows them). */
const NOT_WORDS = 'script, style, template, noscript, title, textarea';

/**
 * The words of a ticket text without its markup, for one-line previews in the list. Read from a document of its own
 * (DOMParser's are inert: no script runs, no image loads, no handler fires), so the list needs no sanitizer: it never
 * puts the text into the page as markup. The ticket's own view sanitizes (ticket-html.ts), in the dialog's chunk.
 */
export function ticketPlainText(text: string): string {
  if (!isTicketHtml(text)) return text;
  const { body } = new DOMParser().parseFromString(text, 'text/html');
  body.querySelectorAll(NOT_WORDS).forEach((element) => element.remove());
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
