import { useDeferredValue } from 'react';

/** Rows drawn at once when a list first appears: more than a phone's screen holds. */
export const FIRST_ROWS = 12;

/**
 * A long list is a lot of work for a phone's main thread (decision 0022: the longest tasks of the list screens, since a
 * query's result renders synchronously). When the list first appears its first rows are drawn at once and the
 * whole list follows as a deferred render, which React does in slices between which the browser can paint and
 * answer the user. A changed list renders the same way while the previous one stays on the screen.
 */
export function useRowsInSlices<Row>(rows: readonly Row[]): readonly Row[] {
  return useDeferredValue(rows, rows.length > FIRST_ROWS ? rows.slice(0, FIRST_ROWS) : rows);
}
