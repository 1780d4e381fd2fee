import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../platform/app-error.js';

/*
 * What the set-based upserts of the provider API share (accounts, contacts, services; decision
 * 0030): a batch's records as one SQL parameter, the replay of today's one-item-after-another
 * unique checks, and the mapping of a unique violation a concurrent call caused to the item at fault.
 */

/** Where a field error points: `name` for a single PUT, `items.3.name` for the fourth item of a bulk call. */
export type FieldOf = (index: number, field: string) => string;

/**
 * A batch's records as a table: `jsonb_to_recordset($1::jsonb) AS <alias>(<column> <type>, …)`, one
 * parameter whatever the number of records. A key missing from a record reads as NULL.
 */
export function recordset(alias: string, columns: Readonly<Record<string, string>>, records: readonly object[]): SQL {
  const definition = Object.entries(columns)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  return sql`jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS ${sql.raw(alias)}(${sql.raw(definition)})`;
}

/**
 * "Absent keeps, null clears" in SQL: the record's value when it gave the column (`has_<column>`),
 * else the stored row's (`cur`).
 */
export const givenOrKept = (column: string) => sql.raw(`CASE WHEN s.has_${column} THEN s.${column} ELSE cur.${column} END AS ${column}`);

/** The `has_<column>` flags of a record, for `givenOrKept`: whether the item gave each optional field. */
export function givenFlags(values: Readonly<Record<string, unknown>>): Record<string, boolean> {
  return Object.fromEntries(Object.entries(values).map(([column, value]) => [`has_${column}`, value !== undefined]));
}

/** The indices of the items in the order they are written: by external id, so overlapping calls lock rows in the same order. */
export const externalIdOrder = (items: readonly { external_id: string }[]) =>
  [...items.keys()].sort((a, b) => (items[a]!.external_id < items[b]!.external_id ? -1 : items[a]!.external_id > items[b]!.external_id ? 1 : 0));

/**
 * The values of one unique column as the batch's items would change them, one after another in the
 * order they are written, as the per-item writes did before the batch was one statement. `take`
 * says whether the item's record (`self`) may hold the value it wants at its turn: it may not when
 * another record holds it then (outside the batch, an earlier item that took it, or a later item
 * that has not given it up yet). `chained` tells that some item takes a value another record of
 * the batch gave up earlier: a single statement would meet the rows in an order of its own choosing
 * and could trip on the unique index, so such a batch is written one record at a time, in order.
 */
export function uniqueValues(heldBy: Iterable<readonly [string, string]>) {
  const holders = new Map(heldBy);
  const initial = new Map(holders);
  let chained = false;
  return {
    take(self: string, had: string | null, wants: string | null): boolean {
      if (wants !== null) {
        const holder = holders.get(wants);
        if (holder !== undefined && holder !== self) return false;
        const first = initial.get(wants);
        if (first !== undefined && first !== self) chained = true;
      }
      if (had !== null && had !== wants && holders.get(had) === self) holders.delete(had);
      if (wants !== null) holders.set(wants, self);
      return true;
    },
    get chained() {
      return chained;
    },
  };
}

/** The item's refusal: the message of the field at fault, under the item (`items.3.email`) in a bulk call. */
export const refusedItem = (fieldOf: FieldOf, index: number, field: string, message: string) =>
  new AppError('conflict', message, { [fieldOf(index, field)]: message });

interface PgUniqueViolation {
  code: string;
  constraint?: string;
  detail?: string;
}

function uniqueViolationOf(error: unknown): PgUniqueViolation | undefined {
  const candidate = error as PgUniqueViolation & { cause?: PgUniqueViolation };
  return candidate?.code === '23505' ? candidate : candidate?.cause?.code === '23505' ? candidate.cause : undefined;
}

/**
 * A unique violation the replay could not foresee (another call committed the value meanwhile), as
 * the 409 of the first item, in writing order, that wants the value PostgreSQL names
 * (`Key (name)=(Acme) already exists.`); any other error is returned as it is.
 */
export function uniqueViolationAsItemConflict(
  error: unknown,
  conflicts: Readonly<Record<string, { field: string; message: string | ((value: string) => string) }>>,
  wanted: (constraint: string) => readonly { index: number; value: string | null }[],
  fieldOf: FieldOf,
): unknown {
  const violation = uniqueViolationOf(error);
  const known = violation?.constraint ? conflicts[violation.constraint] : undefined;
  if (!violation || !known) return error;
  const value = /\)=\((.*)\) already exists/s.exec(violation.detail ?? '')?.[1];
  const item = wanted(violation.constraint!).find((candidate) => candidate.value !== null && candidate.value === value);
  const message = typeof known.message === 'string' ? known.message : known.message(item?.value ?? value ?? '');
  return item ? refusedItem(fieldOf, item.index, known.field, message) : new AppError('conflict', message, { [known.field]: message });
}
