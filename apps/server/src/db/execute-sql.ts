import { sql, type SQL } from 'drizzle-orm';
import type { ExecuteSql } from '../platform/job-queue.js';
import type { Executor } from './client.js';

/**
 * A library's parameterised statement (`$1`, `$2`, …) run through drizzle on the caller's executor, so it joins the
 * caller's transaction: the job queue enqueues this way in the transaction of the change that asked for the job.
 */
export function executeSqlOn(executor: Executor): ExecuteSql {
  return async (text, values) => {
    const result = await executor.execute(withParameters(text, values));
    return { rows: result.rows };
  };
}

/** `$n` placeholders become drizzle parameters; the text between them is kept as written. */
export function withParameters(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)\b/);
  const chunks: SQL[] = [];
  parts.forEach((part, index) => {
    if (index % 2 === 0) chunks.push(sql.raw(part));
    // An absent value is NULL, as the driver sends it (drizzle would leave the placeholder out).
    else chunks.push(sql`${values[Number(part) - 1] ?? null}`);
  });
  return sql.join(chunks);
}
