import type { ProviderBulkResult } from '@portal/contract';
import { AppError } from '../../platform/app-error.js';

/*
 * What every bulk call of the provider API shares (accounts, contacts, services, tickets): the
 * field names of an item's errors, the refusal of duplicates and the answer. The set-based writes
 * themselves are in db/set-writes.ts.
 */

/** Where a field error of a bulk call points: `items.3.email` is the e-mail of the fourth item. */
export const bulkField = (index: number, field: string) => `items.${index}.${field}`;

/** Refuses a value given twice in one call, naming both places (`items.2.external_id and items.9.external_id`). */
export function refuseDuplicates(values: string[], field: (index: number) => string, what: string): void {
  const firstIndexOf = new Map<string, number>();
  for (const [index, value] of values.entries()) {
    const first = firstIndexOf.get(value);
    if (first !== undefined) {
      const message = `${what} ${value} appears twice in this call (${field(first)} and ${field(index)})`;
      throw new AppError('validation_failed', message, { [field(first)]: message, [field(index)]: message });
    }
    firstIndexOf.set(value, index);
  }
}

/** Two items of one call with the same external id would upsert one record twice: refused, naming both. */
export const refuseDuplicateExternalIds = (items: { external_id: string }[]) =>
  refuseDuplicates(
    items.map((item) => item.external_id),
    (index) => bulkField(index, 'external_id'),
    'External id',
  );

/** One item's line in a bulk call's answer, from the row it wrote. */
export const bulkOutcome = ({ row, created }: { row: { id: number; externalId: string | null }; created: boolean }) => ({
  external_id: row.externalId!,
  id: row.id,
  created,
});

/** How many items of a bulk call changed nothing (counted as updated in the answer, as before; the audit entry says so). */
export const unchangedCount = (results: readonly { created: boolean; changed: boolean }[]) =>
  results.filter((result) => !result.created && !result.changed).length;

/** A bulk call's answer: each item's outcome in the order given, and the counts. */
export function bulkResult(items: ProviderBulkResult['items']): ProviderBulkResult {
  const created = items.filter((item) => item.created).length;
  return { created, updated: items.length - created, items };
}
