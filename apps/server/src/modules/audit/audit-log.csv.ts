import type { AuditEntry } from '@portal/contract';

const COLUMNS = ['Time (UTC)', 'Person', 'Acted', 'Action', 'Kind', 'Outcome', 'IP address', 'Browser', 'Details'] as const;

/**
 * One CSV cell (RFC 4180): quoted, its quotes doubled. A cell a spreadsheet would read as a formula (=, +, -, @, a tab
 * or a carriage return first) gets a leading apostrophe (OWASP's advice against CSV injection): an actor or a detail
 * is text someone typed.
 */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export const csvHeader = () => `${COLUMNS.map(csvCell).join(',')}\r\n`;

export function csvRow(entry: AuditEntry): string {
  const details = Object.keys(entry.details).length === 0 ? '' : JSON.stringify(entry.details);
  return `${[entry.at, entry.contact_name, entry.actor, entry.action, entry.kind, entry.outcome, entry.ip, entry.user_agent, details].map(csvCell).join(',')}\r\n`;
}
