import type { ProviderBulkResult } from '@portal/contract';
import { AppError } from '../../platform/app-error.js';

/*
 * What every bulk call of the provider API shares (accounts, contacts, services, tickets): the
 * field names of an item's errors, the refusal of duplicates, the per-item loop and the answer.
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
  refuseDuplicates(items.map((item) => item.external_id), (index) => bulkField(index, 'external_id'), 'External id');

/**
 * Upserts a bulk call's items one by one with the single PUT's own code, in the caller's
 * transaction. They are written in the order of their external ids, so two calls sharing records
 * lock them in the same order and wait for each other instead of deadlocking; the results keep the
 * order given. A refusal's field errors are moved under the item (`email` → `items.3.email`).
 */
export async function upsertEach<Item extends { external_id: string }, Result>(items: Item[], upsertOne: (item: Item) => Promise<Result>): Promise<Result[]> {
  const order = [...items.keys()].sort((a, b) => (items[a]!.external_id < items[b]!.external_id ? -1 : 1));
  const results = new Array<Result>(items.length);
  for (const index of order) {
    try {
      results[index] = await upsertOne(items[index]!);
    } catch (error) {
      throw error instanceof AppError ? underItem(error, index) : error;
    }
  }
  return results;
}

function underItem(error: AppError, index: number): AppError {
  const fields = error.fields
    ? Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [bulkField(index, field), message]))
    : { [`items.${index}`]: error.message };
  return new AppError(error.code, error.message, fields, error.headers);
}

/** One item's line in a bulk call's answer, from the row it wrote. */
export const bulkOutcome = ({ row, created }: { row: { id: number; externalId: string | null }; created: boolean }) => ({ external_id: row.externalId!, id: row.id, created });

/** A bulk call's answer: each item's outcome in the order given, and the counts. */
export function bulkResult(items: ProviderBulkResult['items']): ProviderBulkResult {
  const created = items.filter((item) => item.created).length;
  return { created, updated: items.length - created, items };
}
