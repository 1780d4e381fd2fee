import { fillPlaceholders } from 'drizzle-orm';
import type { Database } from './client.js';

/** A read that runs on nearly every request: built once, then only executed. */
export interface PreparedRead<Row> {
  run(values: Record<string, unknown>): Promise<Row[]>;
}

/** What `prepareRead` needs of a drizzle select: its SQL text and parameters (placeholders by name), and its row type. */
interface BuiltSelect {
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { readonly result: object[] };
}
type RowOf<Q extends BuiltSelect> = Q['_']['result'][number];

/**
 * A drizzle select, prepared by name on each pooled connection and executed on the pool directly.
 * drizzle is kept for writing the query (types, columns, conditions), once; executing it through
 * drizzle mapped every column of every row through its column classes, which with the object
 * allocations it brings was about a quarter of the server's CPU on the ticket list (decision 0028).
 * Here pg parses each value by its type (integers, booleans, text, timestamptz as Date, numeric and
 * date as `client.ts` sets them) and each row becomes an object keyed by `columns`, in the
 * selection's order.
 *
 * Only for flat selections of plain columns (no nested objects, no custom column types) read on the
 * pool, not inside a transaction. The tests of each caller compare the rows with the schema's types.
 */
export function prepareRead<Q extends BuiltSelect>(db: Database, name: string, query: Q, columns: readonly (keyof RowOf<Q> & string)[]): PreparedRead<RowOf<Q>> {
  const { sql: text, params } = query.toSQL();
  const toRow = rowBuilder<RowOf<Q>>(columns);
  return {
    async run(values) {
      const result = await db.$client.query<unknown[]>({ name, text, values: fillPlaceholders(params, values), rowMode: 'array' });
      if (result.fields.length !== columns.length) {
        throw new Error(`Prepared read ${name} returned ${result.fields.length} columns where ${columns.length} were selected`);
      }
      return result.rows.map(toRow);
    },
  };
}

function rowBuilder<Row>(columns: readonly string[]): (values: unknown[]) => Row {
  return (values) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index++) row[columns[index]!] = values[index];
    return row as Row;
  };
}
