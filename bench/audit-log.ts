/**
 * The audit log screen at 1,000,000 entries in one account (issue 37): its pages (no filter, by kind, by person, by
 * outcome, by days, a word search, and a page deep in the log by its cursor) and the CSV export, timed through the
 * service the API calls, on the real PostgreSQL (embedded, a data folder of its own). Another account's 100,000
 * entries sit beside them. Prints each query's median and slowest of 20 runs (the export: rows a second and the
 * process's resident memory), with the machine's load; nothing is asserted.
 *
 *   npm run bench:audit-log        (BENCH_AUDIT_ENTRIES sets the size; the data is made once and kept)
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config/index.js';
import { openDatabase } from '../apps/server/src/db/open.js';
import { createEventRecorder } from '../apps/server/src/events/event-recorder.js';
import { createAuditLogService } from '../apps/server/src/modules/audit/index.js';
import { createLogger } from '../apps/server/src/platform/logger.js';
import type { Caller } from '../apps/server/src/modules/auth/index.js';

const ENTRIES = Number(process.env.BENCH_AUDIT_ENTRIES ?? 1_000_000);
const RUNS = 20;
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  PORTAL_DATA_DIR: '.data/bench-audit',
  EMBEDDED_PG_PORT: process.env.BENCH_AUDIT_PG_PORT ?? '54393',
  SEED_DEMO_DATA: 'false',
  TOKEN_SECRET: randomBytes(32).toString('hex'),
  VAULT_KEY: randomBytes(32).toString('base64'),
});
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const database = await openDatabase(config, createLogger('warn'));
const { db } = database;

/** One account with ENTRIES entries over a year, 50 people, every kind and outcome; another with a tenth as many. */
async function seed(): Promise<{ accountId: number; contactIds: number[] }> {
  const existing = await db.execute<{ id: number }>(sql`SELECT id FROM accounts WHERE name = 'Audit benchmark'`);
  if (existing.rows[0]) {
    const contacts = await db.execute<{ id: number }>(sql`SELECT id FROM contacts WHERE account_id = ${existing.rows[0].id} ORDER BY id`);
    return { accountId: existing.rows[0].id, contactIds: contacts.rows.map((row) => row.id) };
  }
  console.log(`making ${ENTRIES.toLocaleString('en-US')} entries (once; kept in .data/bench-audit)…`);
  const accountIds: number[] = [];
  for (const name of ['Audit benchmark', 'Audit benchmark neighbour']) {
    const account = await db.execute<{ id: number }>(sql`INSERT INTO accounts (name) VALUES (${name}) RETURNING id`);
    accountIds.push(account.rows[0]!.id);
  }
  const [accountId, neighbourId] = accountIds as [number, number];
  await db.execute(sql`
    INSERT INTO contacts (account_id, firstname, lastname, email)
    SELECT ${accountId}, 'Person', 'Number ' || n, 'person' || n || '@audit.example' FROM generate_series(1, 50) AS n`);
  const contacts = await db.execute<{ id: number }>(sql`SELECT id FROM contacts WHERE account_id = ${accountId} ORDER BY id`);
  const contactIds = contacts.rows.map((row) => row.id);
  for (const [account, count] of [
    [accountId, ENTRIES],
    [neighbourId, Math.round(ENTRIES / 10)],
  ] as const) {
    await db.execute(sql`
      INSERT INTO audit_log (account_id, contact_id, actor, action, outcome, ip, user_agent, details, created_at)
      SELECT ${account},
             ${account === accountId ? sql`(${sql.raw(`ARRAY[${contactIds.join(',')}]`)})[1 + n % 50]` : sql`NULL`},
             'person' || (n % 50) || '@audit.example',
             (ARRAY['auth.login','auth.login','auth.login','auth.logout','users.updated','vault.password_unhidden','billing.payment','support_tools.download_recorded','profile.updated','apps.launch'])[1 + n % 10],
             CASE WHEN n % 97 = 0 THEN 'failure' WHEN n % 991 = 0 THEN 'denied' ELSE 'success' END,
             '198.51.100.' || (n % 200),
             'Chrome 142 on Windows 11',
             jsonb_build_object('by', n % 50, 'note', 'entry ' || n),
             now() - (n * interval '31 seconds')
        FROM generate_series(1, ${count}) AS n`);
  }
  await db.execute(sql`ANALYZE audit_log`);
  return { accountId, contactIds };
}

const { accountId, contactIds } = await seed();
const caller = { accountId, contactId: contactIds[0]! } as Caller;
const service = createAuditLogService({ db, events: createEventRecorder([]) });
const day = 24 * 3600 * 1000;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
// A cursor a third of the way into the log: the entry at that position.
const third = await db.execute<{ micros: string; id: string }>(
  sql`SELECT (extract(epoch from created_at) * 1000000)::bigint::text AS micros, id::text FROM audit_log WHERE account_id = ${accountId} ORDER BY created_at DESC, id DESC OFFSET ${Math.floor(ENTRIES / 3)} LIMIT 1`,
);
const deepCursor = `${third.rows[0]!.micros}.${third.rows[0]!.id}`;

const scenarios: [string, Parameters<typeof service.page>[1]][] = [
  ['newest 50, no filter', { limit: 50 }],
  ['kind: vault', { limit: 50, kind: 'vault' }],
  ['one person', { limit: 50, contact_id: contactIds[7] }],
  ['one person, kind: auth', { limit: 50, contact_id: contactIds[3], kind: 'auth' }],
  ['outcome: denied (1 in 991)', { limit: 50, outcome: 'denied' }],
  ['one week, 60 days ago', { limit: 50, from: iso(67 * day), to: iso(60 * day) }],
  ['search an address', { limit: 50, search: '198.51.100.17' }],
  ['search a rare word (the last entry only)', { limit: 50, search: `entry ${ENTRIES}` }],
  ['a page a third of the way in', { limit: 50, before: deepCursor }],
];

console.log(`audit log: ${ENTRIES.toLocaleString('en-US')} entries in one account; load ${load()}`);
console.log('| query | entries | median ms | slowest ms |');
console.log('|---|--:|--:|--:|');
for (const [name, query] of scenarios) {
  const times: number[] = [];
  let count = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    count = (await service.page(caller, query)).entries.length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`| ${name} | ${count} | ${times[RUNS / 2]!.toFixed(1)} | ${times[RUNS - 1]!.toFixed(1)} |`);
}

// The export: the whole filtered log as CSV, up to its limit of 100,000 rows, read as a browser would.
const rssBefore = process.memoryUsage().rss;
let peakRss = rssBefore;
const started = performance.now();
let bytes = 0;
let rows = 0;
for await (const chunk of service.exportCsv(caller, {}, { ip: null, userAgent: null }).body) {
  bytes += Buffer.byteLength(chunk as string);
  rows += (chunk as string).split('\r\n').length - 1;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `export: ${(rows - 1).toLocaleString('en-US')} rows, ${(bytes / 1048576).toFixed(1)} MB in ${seconds.toFixed(1)} s (${Math.round((rows - 1) / seconds).toLocaleString('en-US')} rows/s); resident memory ${(rssBefore / 1048576).toFixed(0)} → peak ${(peakRss / 1048576).toFixed(0)} MB; load ${load()}`,
);
await database.close();
