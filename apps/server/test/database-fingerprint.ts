import type pg from 'pg';

/**
 * Tables that record refusals by design: the audit trail and the domain events it is made from (a
 * refused sign-in is one, decision 0041), the throttling windows, the mail a refused request may send
 * (a reset request for an unknown address sends nothing, but a known one does) and an API key's last
 * use (a refused request still used the key).
 */
const RECORDS_OF_REFUSALS = new Set(['audit_log', 'domain_events', 'rate_limits', 'mail_outbox', 'api_keys', '__drizzle_migrations']);

/** A digest of every table's contents, to show that a refused write changed nothing. */
export async function databaseFingerprint(pool: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    "SELECT quote_ident(table_name) AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
  );
  const digests = tables
    .filter(({ name }) => !RECORDS_OF_REFUSALS.has(name.replace(/"/g, '')))
    .map(
      ({ name }) => `SELECT '${name}' AS name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS digest FROM ${name} t`,
    );
  const { rows } = await pool.query<{ name: string; digest: string }>(digests.join(' UNION ALL '));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}
