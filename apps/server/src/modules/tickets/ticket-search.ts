/**
 * Turns what a user typed into the list's search condition. Words (letters and digits) become
 * prefix terms of a full-text query, all of which must match ('label print' finds "label
 * printer"); PostgreSQL's 'simple' configuration indexes the same words without stemming. Text
 * with a digit also matches part of a ticket number ('4233' finds TKT-104233).
 */
export interface TicketSearch {
  /** A to_tsquery('simple', …) text, or undefined when the search has no words. */
  tsquery: string | undefined;
  /** An ILIKE pattern for the ticket number, or undefined when the search has no digit. */
  numberPattern: string | undefined;
}

const MAX_TERMS = 8;

export function parseTicketSearch(search: string): TicketSearch | undefined {
  const text = search.trim();
  if (text === '') return undefined;
  const words = [
    ...new Set(
      text
        .normalize('NFKC')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu) ?? [],
    ),
  ].slice(0, MAX_TERMS);
  // Words hold only letters and digits, so quoting them is enough to keep tsquery syntax out.
  const tsquery = words.length > 0 ? words.map((word) => `'${word}':*`).join(' & ') : undefined;
  const numberPattern = /\d/.test(text) ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return { tsquery, numberPattern };
}
