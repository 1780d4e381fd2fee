import type pg from 'pg';
import { sanitizeTicketHtml } from '../../apps/server/src/modules/tickets/ticket-html.js';
import { hashPassword } from '../../apps/server/src/platform/password.js';
import {
  ASSET_COUNT,
  BENCH_ACCOUNT,
  BENCH_ADMIN_EMAIL,
  BENCH_PASSWORD,
  BENCH_USER_EMAIL,
  ENTRIES_PER_TICKET,
  ENTRY_COUNT,
  LONG_CONVERSATION_ENTRIES,
  TICKET_COUNT,
} from './bench-config.js';

/**
 * Vocabulary of the generated tickets. Subjects combine an issue with a place; descriptions three
 * sentences. Every word's share is known, so the search word's selectivity is too: 'printer' is in
 * 1 subject of 40 and 1 description sentence of 30 (about 5 % of tickets).
 */
const ISSUES = [
  'VoIP phones dropping calls',
  'Label printer not printing',
  'Outlook keeps asking for password',
  'VPN disconnects every hour',
  'New hire laptop setup',
  'Shared drive permissions',
  'Wi-Fi slow in the afternoon',
  'Firewall firmware update',
  'Teams meetings freeze',
  'Invoice question',
  'Switch port flapping',
  'Backup job failed overnight',
  'Password reset for a driver',
  'Scanner sends blank pages',
  'Conference room display',
  'MFA prompt not arriving',
  'Mailbox is full',
  'Server disk almost full',
  'Certificate expires soon',
  'Toner low on copier',
  'Remote desktop will not connect',
  'Voicemail to e-mail stopped',
  'Fax line busy signal',
  'Tablet will not sync',
  'Barcode scanners losing connection',
  'Camera offline',
  'Door badge reader error',
  'UPS battery warning',
  'Antivirus alert on workstation',
  'Domain renewal',
  'Website is slow',
  'Spam getting through',
  'New phone number request',
  'Printer driver after Windows update',
  'Laptop battery swelling',
  'Keyboard replacement',
  'Shared calendar missing',
  'Dispatch app crashes',
  'ERP login error',
  'Network cabling for new office',
];
const PLACES = [
  'at Dock 2',
  'in the warehouse',
  'at reception',
  'in dispatch',
  'in accounting',
  'at the Reno branch',
  'for the night shift',
  'on the second floor',
];
const SENTENCES = [
  'It started on Monday morning after the maintenance window.',
  'Several people in the team are affected.',
  'Restarting the device did not help.',
  'We need this fixed before the afternoon pickup.',
  'The error message mentions a timeout.',
  'Only the older machines show the problem.',
  'It happens a few times a day, mostly around noon.',
  'The vendor says it is a network issue.',
  'We have attached a screenshot to the e-mail.',
  'The printer queue shows the jobs as sent.',
  'Our manager asked for an update by Friday.',
  'This blocks invoicing for the month end.',
  'The same thing happened last quarter.',
  'A new cable was tried without success.',
  'Users see a grey password window.',
  'Calls drop after about thirty seconds.',
  'The dashboard shows red for the site.',
  'It works from home but not in the office.',
  'We replaced the power supply already.',
  'Please call the site lead before visiting.',
  'The license key arrived yesterday.',
  'Two customers complained about it.',
  'Nothing changed on our side as far as we know.',
  'The log shows repeated authentication failures.',
  'Access is needed for the auditors next week.',
  'The warranty should still cover it.',
  'Please schedule it after 7 pm.',
  'Our backup contact is the site manager.',
  'We can provide remote access any time.',
  'It is slower than usual since the update.',
];
const STATUS_PLAN: [string, number][] = [
  // A large account's history is mostly closed work; the default 'active' filter is about 5 %.
  ['New', 1],
  ['Assigned', 1],
  ['Accepted', 1],
  ['In Progress', 2],
  ['On Hold', 1],
  ['Complete', 30],
  ['Reviewed', 20],
  ['Billed', 39],
  ['Cancelled', 5],
];
const PRIORITIES = ['urgent', 'high', 'high', 'medium', 'medium', 'medium', 'medium', 'low', 'low', 'low'];
const CONTACTS = 50;

const arrayLiteral = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

/** The help desk's replies as a sanitizing writer stores them (links with target and rel added). */
const providerReply = (k: string, ticketNumber: string, sentence: string, kb: string) =>
  `'<p>Update ' || ${k} || ' on ' || ${ticketNumber} || ':</p><ul><li>' || ${sentence} || '</li><li>Next step <strong>tonight</strong>.</li></ul>` +
  `<p>See <a href="https://support.itpartners.example/kb/' || ${kb} || '" target="_blank" rel="noopener noreferrer nofollow">the article</a>.</p>'`;

/** The bench account is seeded at this size, with entries marked clean (docs/decisions/0027) and its long conversation. */
export async function benchDataExists(client: pg.Client | pg.PoolClient): Promise<boolean> {
  const result = await client.query(
    `SELECT (SELECT count(*)::int FROM tickets t WHERE t.account_id = a.id) AS tickets,
            (SELECT bool_and(content_is_clean) FROM (SELECT content_is_clean FROM ticket_entries e WHERE e.account_id = a.id LIMIT 1000) s) AS clean,
            (SELECT count(*)::int FROM ticket_entries e WHERE e.account_id = a.id AND e.ticket_id = (SELECT min(id) FROM tickets WHERE account_id = a.id)) AS longest
     FROM accounts a WHERE a.name = $1`,
    [BENCH_ACCOUNT],
  );
  const row = result.rows[0] as { tickets: number; clean: boolean; longest: number } | undefined;
  return row !== undefined && row.tickets === TICKET_COUNT && row.clean && row.longest >= LONG_CONVERSATION_ENTRIES;
}

/** The oldest ticket of the bench account carries the long conversation. */
export async function longConversationTicket(client: pg.Client | pg.PoolClient): Promise<number> {
  const result = await client.query('SELECT min(t.id)::int AS id FROM tickets t JOIN accounts a ON a.id = t.account_id WHERE a.name = $1', [BENCH_ACCOUNT]);
  return result.rows[0].id;
}

/**
 * Seeds the tickets (100,000 by default) with five entries each, and one ticket with 5,000, with
 * set-based SQL (generate_series), then VACUUM ANALYZE. The entries are stored as the portal's
 * writers store them: sanitized and marked clean; the seed checks that the sanitizer leaves them as they are.
 */
export async function seedBenchData(client: pg.Client | pg.PoolClient, log: (line: string) => void): Promise<void> {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const statuses = STATUS_PLAN.flatMap(([status, weight]) => Array.from({ length: weight }, () => status));
  await client.query('BEGIN');
  await client.query('DELETE FROM accounts WHERE name = $1', [BENCH_ACCOUNT]);
  const account = await client.query(`INSERT INTO accounts (name, billing_api_id) VALUES ($1, 'ba_bench') RETURNING id`, [BENCH_ACCOUNT]);
  const accountId: number = account.rows[0].id;
  await client.query(
    `INSERT INTO contacts (account_id, firstname, lastname, email, password_hash, admin_group, billing_group, time_zone)
     SELECT $1, 'Bench', 'User ' || n, 'bench.user' || n || '@bench.example', $2, false, false, 'US/Eastern' FROM generate_series(1, $3::int) n`,
    [accountId, passwordHash, CONTACTS - 2],
  );
  await client.query(
    `INSERT INTO contacts (account_id, firstname, lastname, email, password_hash, admin_group, billing_group, time_zone)
     VALUES ($1, 'Ada', 'Admin', $2, $4, true, true, 'US/Eastern'), ($1, 'Ulf', 'User', $3, $4, false, false, 'US/Eastern')`,
    [accountId, BENCH_ADMIN_EMAIL, BENCH_USER_EMAIL, passwordHash],
  );
  let started = Date.now();
  await client.query(
    `WITH contact_ids AS (SELECT array_agg(id ORDER BY id) AS ids FROM contacts WHERE account_id = $1)
     INSERT INTO tickets (account_id, ticket_number, subject, description, status, priority, assigned_contact_id,
                          created_at, last_modified_at, due_date, is_billable, is_taxable, time_rounded)
     SELECT $1,
            'TKT-' || (200000 + n),
            (${arrayLiteral(ISSUES)})[1 + (n * 7) % ${ISSUES.length}] || ' ' || (${arrayLiteral(PLACES)})[1 + (n * 13) % ${PLACES.length}],
            (${arrayLiteral(SENTENCES)})[1 + (n * 11) % ${SENTENCES.length}] || ' ' || (${arrayLiteral(SENTENCES)})[1 + (n * 17 + 5) % ${SENTENCES.length}]
              || ' ' || (${arrayLiteral(SENTENCES)})[1 + (n * 23 + 9) % ${SENTENCES.length}],
            (${arrayLiteral(statuses)})[1 + (hashint4(n) & 2147483647) % ${statuses.length}],
            (${arrayLiteral(PRIORITIES)})[1 + (hashint4(n + 7) & 2147483647) % ${PRIORITIES.length}],
            CASE WHEN n % 10 = 0 THEN NULL ELSE ids[1 + (n * 31) % array_length(ids, 1)] END,
            now() - make_interval(secs => (${TICKET_COUNT} - n) * 900 + (n % 600)),
            -- last modified some time after opening, never in the future
            now() - make_interval(secs => GREATEST((${TICKET_COUNT} - n) * 900 - ((hashint4(n) & 2147483647) % 200000), 0)),
            CASE WHEN n % 3 = 0 THEN now() - make_interval(secs => (${TICKET_COUNT} - n) * 900 - 7 * 86400) END,
            n % 4 = 0, n % 8 = 0, (n % 25) * 0.25
     FROM generate_series(1, ${TICKET_COUNT}) n, contact_ids`,
    [accountId],
  );
  log(`  tickets: ${TICKET_COUNT.toLocaleString('en-US')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  started = Date.now();
  const sample = await client.query(`SELECT ${providerReply('1', "'TKT-200001'", `'${SENTENCES[0]}'`, "'5'")} AS content`);
  const clean = (await sanitizeTicketHtml(sample.rows[0].content)) === sample.rows[0].content;
  if (!clean) log('  (the seeded replies are not what the sanitizer makes of them: stored unmarked, sanitized on read)');
  const entries = (ticketFilter: string, perTicket: number) =>
    client.query(
      `INSERT INTO ticket_entries (ticket_id, account_id, created_by, from_address, content, content_is_clean, is_internal, created_at, updated_at)
       SELECT t.id, t.account_id,
              CASE WHEN k % 2 = 1 THEN 'Jordan Reyes' ELSE 'Bench User (Customer Portal)' END,
              CASE WHEN k % 2 = 1 THEN 'jordan.reyes@itpartners.example' ELSE 'bench.user1@bench.example' END,
              CASE WHEN k % 2 = 1
                   THEN ${providerReply('k', 't.ticket_number', `(${arrayLiteral(SENTENCES)})[1 + (t.id + k) % ${SENTENCES.length}]`, '(t.id % 97)')}
                   ELSE 'Thanks. ' || (${arrayLiteral(SENTENCES)})[1 + (t.id * 3 + k) % ${SENTENCES.length}] END,
              $2,
              k = 3,
              t.created_at + make_interval(mins => k * 45), t.created_at + make_interval(mins => k * 45)
       FROM tickets t, generate_series(1, ${perTicket}) k
       WHERE t.account_id = $1 AND ${ticketFilter}`,
      [accountId, clean],
    );
  await entries(`t.id > (SELECT min(id) FROM tickets WHERE account_id = $1)`, ENTRIES_PER_TICKET);
  await entries(`t.id = (SELECT min(id) FROM tickets WHERE account_id = $1)`, LONG_CONVERSATION_ENTRIES);
  log(
    `  conversation entries: ${ENTRY_COUNT.toLocaleString('en-US')} (one ticket with ${LONG_CONVERSATION_ENTRIES.toLocaleString('en-US')}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  await client.query('COMMIT');
  started = Date.now();
  await client.query('VACUUM (ANALYZE) tickets');
  await client.query('VACUUM (ANALYZE) ticket_entries');
  log(`  VACUUM ANALYZE in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const ASSET_MODELS: [string, string, string][] = [
  ['Dell', 'Latitude 7440', 'laptop'],
  ['Lenovo', 'ThinkPad T14 Gen 4', 'laptop'],
  ['HP', 'EliteBook 840 G8', 'laptop'],
  ['Apple', 'MacBook Pro 14"', 'laptop'],
  ['Dell', 'OptiPlex 7010', 'desktop'],
  ['HP', 'ProDesk 600 G6', 'desktop'],
  ['Dell', 'PowerEdge R650', 'server'],
  ['HPE', 'ProLiant DL380 Gen10', 'server'],
  ['Cisco', 'Catalyst 9300-48P', 'network'],
  ['Ubiquiti', 'U6-Pro', 'network'],
  ['Fortinet', 'FortiGate 60F', 'network'],
  ['Apple', 'iPhone 15', 'mobile'],
  ['Samsung', 'Galaxy Tab Active4 Pro', 'mobile'],
  ['Zebra', 'TC52', 'mobile'],
  ['Zebra', 'ZT411', 'other'],
  ['APC', 'Smart-UPS SRT 3000VA', 'other'],
];
const ASSET_STATUS_PLAN = ['active', 'active', 'active', 'active', 'active', 'active', 'maintenance', 'inactive', 'retired', 'retired'];

export async function assetBenchDataExists(client: pg.Client | pg.PoolClient): Promise<boolean> {
  const result = await client.query('SELECT count(*)::int AS n FROM assets s JOIN accounts a ON a.id = s.account_id WHERE a.name = $1', [BENCH_ACCOUNT]);
  return result.rows[0].n >= ASSET_COUNT;
}

/** Seeds 20,000 assets in the bench account (decision 0016's size): 16 models over 8 places, a third assigned. */
export async function seedBenchAssets(client: pg.Client | pg.PoolClient, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  const column = (i: number) => arrayLiteral(ASSET_MODELS.map((model) => model[i]!));
  await client.query(
    `INSERT INTO assets (account_id, name, type, status, vendor, model, serial_number, location, assigned_to, purchase_date, warranty_expires, created_at)
     SELECT a.id,
            initcap((${column(2)})[1 + n % ${ASSET_MODELS.length}]) || ' ' || lpad(n::text, 5, '0'),
            (${column(2)})[1 + n % ${ASSET_MODELS.length}],
            (${arrayLiteral(ASSET_STATUS_PLAN)})[1 + (hashint4(n) & 2147483647) % ${ASSET_STATUS_PLAN.length}],
            (${column(0)})[1 + n % ${ASSET_MODELS.length}],
            (${column(1)})[1 + n % ${ASSET_MODELS.length}],
            upper(substr(md5(n::text), 1, 12)),
            (${arrayLiteral(PLACES)})[1 + (n * 13) % ${PLACES.length}],
            CASE WHEN n % 3 = 0 THEN 'Bench User ' || (n % 48 + 1) END,
            (current_date - (n % 1500))::date,
            (current_date - (n % 1500) + 1095)::date,
            now() - make_interval(secs => (${ASSET_COUNT} - n) * 600)
     FROM accounts a, generate_series(1, ${ASSET_COUNT}) n
     WHERE a.name = $1`,
    [BENCH_ACCOUNT],
  );
  await client.query('VACUUM (ANALYZE) assets');
  log(`  assets: ${ASSET_COUNT.toLocaleString('en-US')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
