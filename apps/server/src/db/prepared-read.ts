import { fillPlaceholders } from 'drizzle-orm';
import { usesNamedStatements, type Database } from './client.js';

/** A read that runs on nearly every request: built once, then only executed. */
export interface PreparedRead<Row> {
  run(values: Record<string, unknown>): Promise<Row[]>;
}

/** What `preparedRead` needs of a drizzle select: its SQL text and parameters (placeholders by name), its selection and row type. */
interface BuiltSelect {
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { readonly selectedFields: object; readonly result: object[] };
}
type RowOf<Q extends BuiltSelect> = Q['_']['result'][number];

/** Built once per database handle and statement name: building drizzle's SQL text costs more than running a prepared statement. */
const readsByDatabase = new WeakMap<Database, Map<string, PreparedRead<unknown>>>();

/**
 * The drizzle select `build` makes, prepared by `name` on each pooled connection (or sent unnamed, parsed on
 * every run, where the database was connected without named statements: decision 0038) and executed on the
 * pool directly; `build` runs once per database handle and name. drizzle is kept for writing the query
 * (types, columns, conditions); executing it through drizzle mapped every column of every row through
 * its column classes, which with the object allocations it brings was about a quarter of the server's
 * CPU on the ticket list (decision 0028). Here pg parses each value by its type (integers, booleans,
 * text, timestamptz as Date, numeric and date as `client.ts` sets them) and each row becomes an object
 * keyed by the selection's names, in its order.
 *
 * Only for flat selections of plain columns (no nested objects, no custom column types) read on the
 * pool, not inside a transaction; a selection whose SQL returns other columns than it names is refused.
 * The tests of each caller compare the rows with the schema's types.
 */
export function preparedRead<Q extends BuiltSelect>(db: Database, name: string, build: () => Q): PreparedRead<RowOf<Q>> {
  let byName = readsByDatabase.get(db);
  if (!byName) readsByDatabase.set(db, (byName = new Map()));
  let read = byName.get(name) as PreparedRead<RowOf<Q>> | undefined;
  if (!read) byName.set(name, (read = prepare(db, usesNamedStatements(db) ? name : undefined, name, build())));
  return read;
}

/** `statementName` undefined: pg sends the query as the unnamed statement. */
function prepare<Q extends BuiltSelect>(db: Database, statementName: string | undefined, name: string, query: Q): PreparedRead<RowOf<Q>> {
  const { sql: text, params } = query.toSQL();
  const columns = Object.keys(query._.selectedFields);
  const toRow = rowBuilder<RowOf<Q>>(columns);
  return {
    async run(values) {
      const result = await db.$client.query<unknown[]>({ name: statementName, text, values: fillPlaceholders(params, values), rowMode: 'array' });
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
