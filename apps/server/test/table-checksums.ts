import pg from 'pg';

/** Every table's row count and a checksum of its whole contents, by schema-qualified name. */
export async function tableChecksums(url: string): Promise<Record<string, { rows: number; md5: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%' ORDER BY 1`,
    );
    const result: Record<string, { rows: number; md5: string }> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ rows: string; md5: string }>(
        `SELECT count(*) AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS md5 FROM ${name} t`,
      );
      result[name] = { rows: Number(rows[0]!.rows), md5: rows[0]!.md5 };
    }
    return result;
  } finally {
    await client.end();
  }
}
