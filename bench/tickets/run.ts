/**
 * Ticket list and detail under load (decision 0007): 100,000 tickets and 500,000 conversation entries in
 * one account (BENCH_TICKETS=1000000 for a million, decision 0027), one ticket with 5,000 entries, and
 * the account's 20,000 IT assets (decision 0016); autocannon with 16 connections for 10 s per scenario,
 * /healthz in the same run for scale; the server compiled and started as `npm start` starts it, its
 * resident memory sampled under each load. Run with `npm run bench:tickets` from the repository root.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { compileBenchServer } from './compile-server.js';
import { ASSET_COUNT, BENCH_ADMIN_EMAIL, BENCH_ENV, BENCH_PASSWORD, LONG_CONVERSATION_ENTRIES, TICKET_COUNT } from './bench-config.js';
import { postmasterPid } from '../proc.js';
import { sampleCpu } from './cpu-usage.js';
import { npmStart } from '../../scripts/start-script.mjs';

const CONNECTIONS = 16;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const SEARCH_WORD = process.env.BENCH_SEARCH ?? 'printer';
// Two words that 1,250 of the seeded assets hold: the seed puts each model in one place, so a
// ThinkPad is always at the Reno branch ('thinkpad dispatch', used before, matched none).
const ASSET_SEARCH = process.env.BENCH_ASSET_SEARCH ?? 'thinkpad reno';
/** BENCH_ONLY=assets runs only the scenarios whose name matches. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server (written when it stops). */
const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
// Compiled and started with the Node flags of `npm start` (apps/server's start script), so the CPU and
// memory columns are the product's, not a TypeScript loader's. BENCH_START_FLAGS='…' tries other
// flags in their place (decision 0028 compares V8's heap settings this way).
const compiledServer = await compileBenchServer();
const npmStartCommand = npmStart(repoRoot);
const startFlags = process.env.BENCH_START_FLAGS?.split(' ').filter(Boolean) ?? npmStartCommand.flags;
console.log(
  `server: node ${[...nodeArgs, ...startFlags].join(' ')} (the flags of npm start${process.env.BENCH_START_FLAGS ? ', replaced by BENCH_START_FLAGS' : ''})`,
);
const server = spawn(process.execPath, [...nodeArgs, ...startFlags, compiledServer], {
  cwd: repoRoot,
  env: { ...process.env, ...npmStartCommand.env, ...BENCH_ENV },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let listening = false;
const port = await new Promise<number>((resolve, reject) => {
  server.once('exit', (code) => {
    if (code === 0 && process.env.BENCH_SEED_ONLY === '1') process.exit(0);
    reject(new Error(`the benchmark server exited with ${code}`));
  });
  createInterface({ input: server.stdout! }).on('line', (line) => {
    const match = /^LISTENING (\d+)$/.exec(line);
    if (match) resolve(Number(match[1]));
    // Once it listens, the server's output is the mails it prints (no SMTP here): a thousand a second under the payment scenario.
    else if (!listening) process.stdout.write(`${line}\n`);
  });
});

listening = true;
try {
  const base = `http://127.0.0.1:${port}`;
  const login = await fetch(`${base}/api/crm/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD }),
  });
  const token = ((await login.json()) as { result: { access_token: string } }).result.access_token;
  const headers = { authorization: `Bearer ${token}` };

  const list = async (query: string) =>
    (await (await fetch(`${base}/api/crm/nable-tickets?${query}`, { headers })).json()) as {
      result: { total_count: number; total_count_capped?: boolean; tickets: { id: number }[] };
    };
  const sample = await list('limit=1&status=&sort=oldest');
  // The oldest ticket carries the long conversation (seed-sql.ts); the others have five entries each.
  const lowest = sample.result.tickets[0]!.id;
  const longTicket = (await (await fetch(`${base}/api/crm/nable-tickets/${lowest}`, { headers })).json()) as { result: { conversation: { id: number }[] } };
  const olderThan = longTicket.result.conversation.at(-1)?.id;
  const q = (search?: string, sort = 'newest') => `limit=100&status=active&sort=${sort}${search ? `&search=${encodeURIComponent(search)}` : ''}`;

  // The writes whose cost decision 0041 weighs: a response to one of 100 open tickets (a closed one takes none), and a $1.00 payment with a new card.
  const open = (await list('limit=100&status=active&sort=newest')).result.tickets.map((ticket) => ticket.id);
  const payment = {
    amount: 1,
    cc_first_name: 'Ada',
    cc_last_name: 'Admin',
    cc_num: '4242424242424242',
    cc_exp_month: '12',
    cc_exp_year: '2031',
    cc_type: 'visa',
  };

  const scenarios: { name: string; path: string | (() => string); auth: boolean; method?: 'POST'; body?: string }[] = [
    { name: 'GET /healthz (for scale)', path: '/healthz', auth: false },
    { name: 'list: default (active, newest, 100)', path: `/api/crm/nable-tickets?${q()}`, auth: true },
    { name: `list: search '${SEARCH_WORD}'`, path: `/api/crm/nable-tickets?${q(SEARCH_WORD)}`, auth: true },
    { name: 'list: sorted by priority', path: `/api/crm/nable-tickets?${q(undefined, 'priority')}`, auth: true },
    { name: `list: search '${SEARCH_WORD}', all statuses`, path: `/api/crm/nable-tickets?${q(SEARCH_WORD).replace('status=active', 'status=')}`, auth: true },
    // A different ticket on every request (5 entries each, two of them HTML).
    {
      name: 'detail: ticket with conversation',
      path: () => `/api/crm/nable-tickets/${lowest + 1 + Math.floor(Math.random() * (TICKET_COUNT - 1))}`,
      auth: true,
    },
    // docs/decisions/0027: the newest 50 entries of 5,000, then the 50 before those.
    { name: `detail: ticket with ${LONG_CONVERSATION_ENTRIES.toLocaleString('en-US')} entries`, path: `/api/crm/nable-tickets/${lowest}`, auth: true },
    { name: 'conversation: 50 older entries', path: `/api/crm/nable-tickets/${lowest}/conversation?before=${olderThan ?? 1}`, auth: true },
    // The IT Asset Manager at 20,000 assets (docs/decisions/0016): the Assets tab's pages of 24, its search, its counters.
    { name: 'assets: first page (24)', path: '/api/crm/assets?limit=24&offset=0', auth: true },
    { name: 'assets: a random page (24)', path: () => `/api/crm/assets?limit=24&offset=${24 * Math.floor(Math.random() * (ASSET_COUNT / 24))}`, auth: true },
    { name: `assets: search '${ASSET_SEARCH}' (24)`, path: `/api/crm/assets?limit=24&search=${encodeURIComponent(ASSET_SEARCH)}`, auth: true },
    { name: 'assets: counters', path: '/api/crm/assets/stats', auth: true },
    { name: `assets: counters, search '${ASSET_SEARCH}'`, path: `/api/crm/assets/stats?search=${encodeURIComponent(ASSET_SEARCH)}`, auth: true },
    // Last, as they add entries and payments to what the reads above read.
    {
      name: 'reply: a response to a ticket',
      path: () => `/api/crm/nable-tickets/${open[Math.floor(Math.random() * open.length)]}`,
      auth: true,
      method: 'POST' as const,
      body: JSON.stringify({ description: 'Thanks, that fixed it. The printer on the third floor prints again.' }),
    },
    {
      name: 'payment: $1.00 with a new card',
      path: '/api/billing/account/ba_bench/payments/creditcard',
      auth: true,
      method: 'POST' as const,
      body: JSON.stringify({ payment }),
    },
  ].filter((scenario) => !ONLY || ONLY.test(scenario.name));

  // A count the server capped reads "10,000+" (docs/decisions/0027).
  const counted = async (query: string) => {
    const { result } = await list(query);
    return `${result.total_count.toLocaleString('en-US')}${result.total_count_capped ? '+' : ''}`;
  };
  const counts = {
    all: await counted('limit=1&status='),
    default: await counted(q()),
    search: await counted(q(SEARCH_WORD)),
    searchAll: await counted(q(SEARCH_WORD).replace('status=active', 'status=')),
  };
  process.stdout.write(
    `\nAccount: ${TICKET_COUNT.toLocaleString('en-US')} tickets (the list says ${counts.all}); 'active' matches ${counts.default}; ` +
      `'${SEARCH_WORD}' matches ${counts.search} active / ${counts.searchAll} in all.\n` +
      `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per scenario, 127.0.0.1, node ${process.version}\n\n`,
  );

  const postmaster = postmasterPid(`${repoRoot}/${BENCH_ENV.PORTAL_DATA_DIR}/pg`);
  const rows: string[][] = [];
  for (const scenario of scenarios) {
    await autocannon({ url: base, connections: CONNECTIONS, duration: 1, requests: [request(scenario)] }); // warm-up
    const before = sampleCpu(server.pid!, postmaster);
    const loadBefore = process.cpuUsage();
    let peakRss = residentMb(server.pid!);
    const rssSampler = setInterval(() => (peakRss = Math.max(peakRss, residentMb(server.pid!))), 100);
    const result = await autocannon({ url: base, connections: CONNECTIONS, duration: DURATION_S, requests: [request(scenario)] });
    clearInterval(rssSampler);
    const after = sampleCpu(server.pid!, postmaster);
    const load = process.cpuUsage(loadBefore);
    const requests = Math.max(result.requests.total, 1);
    const nodeMs = (after.serverMs - before.serverMs) / requests;
    const pgMs = (after.databaseMs - before.databaseMs) / requests;
    const loadMs = (load.user + load.system) / 1000 / requests;
    rows.push([
      scenario.name,
      result.requests.average.toFixed(0),
      `${result.latency.p50} ms`,
      `${result.latency.p99} ms`,
      `${result.latency.max} ms`,
      String(result.non2xx + result.errors + result.timeouts),
      nodeMs.toFixed(2),
      pgMs.toFixed(2),
      // What two cores could serve if this run had them to itself (load generator included).
      ((2 * 1000) / (nodeMs + pgMs + loadMs)).toFixed(0),
      peakRss.toFixed(0),
    ]);
  }
  printTable(['scenario', 'req/s', 'p50', 'p99', 'max', 'failed', 'node CPU ms/req', 'PG CPU ms/req', '2-core capacity est.', 'server RSS MB (max)'], rows);
  process.stdout.write(
    `\nLoad average during the run: ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1 / 5 / 15 min) on ${(await import('node:os')).cpus().length} cores.\n`,
  );

  function request(scenario: (typeof scenarios)[number]) {
    const path = typeof scenario.path === 'string' ? scenario.path : undefined;
    const base = {
      method: scenario.method ?? ('GET' as const),
      path: path ?? '/',
      headers: { ...(scenario.auth ? headers : {}), ...(scenario.body ? { 'content-type': 'application/json' } : {}) },
      ...(scenario.body ? { body: scenario.body } : {}),
    };
    const pick = scenario.path;
    return typeof pick === 'function' ? { ...base, setupRequest: (req: { path: string }) => ({ ...req, path: pick() }) } : base;
  }
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
}

/** The server's resident memory now (VmRSS), in MB. */
function residentMb(pid: number): number {
  const kb = /^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : 0;
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  process.stdout.write(`${line(header)}\n|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 1)}-` : `${'-'.repeat(w + 1)}:`)).join('|')}|\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
}
