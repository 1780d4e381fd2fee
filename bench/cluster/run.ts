/**
 * The scale-out test (docs/decisions/0023): three instances of the release folder on one
 * PostgreSQL, HAProxy in front (deploy/haproxy/haproxy.cfg), a bounded mixed load through it while one
 * instance is SIGKILLed and restarted and two are restarted with SIGTERM, then all three are restarted together
 * (a cold start) and a fourth is added (cold-start.ts, decision 0037). Prints requests, failures and p99 per phase;
 * exits 1 when an assertion fails. Run with `npm run test:cluster`.
 *
 * CLUSTER_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/postgres) is where the run's database
 * portal_cluster_<random> is created and dropped; CLUSTER_PORT_BASE (default 8310) gives the instances
 * base..base+2 (the scale-out's fourth base+3), HAProxy base+10 and its statistics base+11. CLUSTER_POOLER=pgbouncer
 * runs the same test with the instances behind PgBouncer in transaction mode on base+30 (bench/cluster/pgbouncer.ts,
 * decision 0038).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { checkColdStartAndScaleOut, coldStart, scaleOut, type ClusterControls } from './cold-start.js';
import { ACME_BILLING_ID, acmeLoadTarget, DEMO_PASSWORD, driveLoad, ok, percentile, signInAs, type Sample } from './load.js';
import { checkLiveAcrossInstances } from './live-across-instances.js';
import { clusterPooler } from './pgbouncer.js';
import { createChecks, releaseInstanceEnv, startReleaseInstance } from './release-instance.js';
import { exitOf, haproxyServerStates, launch, stopEverything, waitFor } from './processes.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const adminUrl = process.env.CLUSTER_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const portBase = Number(process.env.CLUSTER_PORT_BASE ?? 8310);
const WORKERS = Number(process.env.CLUSTER_WORKERS ?? 6);
const MAX_REQUESTS = Number(process.env.CLUSTER_MAX_REQUESTS ?? 30_000);
const GLOBEX_BILLING_ID = 'ba_globex_2001';
const SWEEP_PROBE_KEY = 'cluster:sweep-probe';
const runDir = join('/tmp', `portal-cluster-${process.pid}`);
mkdirSync(runDir, { recursive: true });

const databaseName = `portal_cluster_${randomBytes(5).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();
const pooler = clusterPooler({ adminUrl, databaseName, port: portBase + 30, dir: join(runDir, 'pgbouncer') });
const lbPort = portBase + 10;
const base = `http://127.0.0.1:${lbPort}`;
const statsUrl = `http://127.0.0.1:${portBase + 11}/stats`;
const instancePorts = [portBase, portBase + 1, portBase + 2];
/** The fourth instance, started in the scale-out phase (index 3). */
const SCALE_OUT = 3;
const portOf = (index: number) => (index === SCALE_OUT ? portBase + 3 : instancePorts[index]!);
const instanceEnv = {
  ...releaseInstanceEnv({ databaseUrl, publicUrl: base, dataDir: join(runDir, 'data') }),
  // Auto-pay every minute, so a due payment falls within the run; the token sweeper keeps its 6 hours.
  AUTOPAY_EVERY_MINUTES: '1',
  SHUTDOWN_DRAIN_SECONDS: '2',
  SHUTDOWN_TIMEOUT_SECONDS: '10',
  ...pooler?.instanceEnv,
};

const admin = () => new pg.Client({ connectionString: adminUrl });
let db: pg.Client;
const { check, failures } = createChecks();

function ensureHaproxy(): void {
  if (spawnSync('sh', ['-c', 'command -v haproxy']).status === 0) return;
  console.log('installing HAProxy from Debian’s packages…');
  execFileSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}

const instances = new Map<number, ReturnType<typeof launch>>();
/** HAProxy's name for the instance the test SIGKILLs (instances.get(0)). */
const KILLED = 'app1';
function startInstance(index: number) {
  const child = startReleaseInstance({ root, env: instanceEnv, port: portOf(index), logFile: join(runDir, `app${index + 1}.log`) });
  instances.set(index, child);
  return child;
}
const readyz = async (index: number) => ((await fetch(`http://127.0.0.1:${portOf(index)}/readyz`)).ok ? true : undefined);
const upInHaproxy = (index: number) =>
  waitFor(`HAProxy to see app${index + 1} UP`, 30_000, async () => ((await haproxyServerStates(statsUrl)).get(`app${index + 1}`) === 'UP' ? true : undefined));

async function api<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<{ status: number; result: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) };
  const response = await fetch(`${base}/api${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
  const body = (await response.json()) as { result: T };
  return { status: response.status, result: body.result };
}
const signIn = (username: string, via = base) => signInAs(via, username);

async function main(): Promise<void> {
  const startedAt = Date.now();
  ensureHaproxy();
  console.log('building what is missing (web app, server, release folder)…');
  execFileSync('npm', ['run', '--silent', 'build:if-needed', '--', '--release'], { cwd: root, stdio: 'inherit' });

  const creator = admin();
  await creator.connect();
  await creator.query(`CREATE DATABASE ${databaseName}`);
  await creator.end();
  console.log(`database ${databaseName} created; logs in ${runDir}`);
  if (pooler) console.log(`the instances connect ${pooler.describe}`);
  await pooler?.start();

  // Three migrations at the same moment on the empty database: the advisory lock lets one migrate and seed.
  const migrations = [1, 2, 3].map(() =>
    launch(process.execPath, ['release/server/cli.js', 'migrate'], { cwd: root, env: instanceEnv, logFile: join(runDir, 'migrate.log') }),
  );
  const migrationExits = await Promise.all(migrations.map(exitOf));
  check(
    migrationExits.every((exit) => exit.code === 0),
    'three simultaneous migrations of an empty database all succeed',
  );

  db = new pg.Client({ connectionString: databaseUrl });
  // Dropping the database at the end ends this connection too, if an assertion left it open.
  db.on('error', () => undefined);
  await db.connect();
  /** Runs of a scheduled task that completed, finished ones archived included, and the slots they fell in (decision 0040). */
  const completedJobs = async (queue: string) => {
    const jobs = `SELECT singleton_on FROM pgboss.job WHERE name = $1 AND state = 'completed'
                  UNION ALL SELECT singleton_on FROM pgboss.archive WHERE name = $1 AND state = 'completed'`;
    const row = (
      await db
        .query(`SELECT count(*)::int AS runs, count(DISTINCT singleton_on)::int AS slots FROM (${jobs}) AS runs`, [queue])
        .catch(() => ({ rows: [{ runs: 0, slots: 0 }] }))
    ).rows[0] as { runs: number; slots: number };
    return row;
  };
  const accounts = Number((await db.query('SELECT count(*) FROM accounts')).rows[0].count);
  check(accounts === 2, `the demo data was added once (${accounts} accounts)`);
  // A throttling window long expired, for the sweeper to delete; a balance that covers the load's payments;
  // Globex's billing cycle today, so its auto-pay is due during the run.
  await db.query("INSERT INTO rate_limits (key, hits, window_started_at) VALUES ($1, 1, now() - interval '3 days')", [SWEEP_PROBE_KEY]);
  await db.query('UPDATE billing_accounts SET balance = 100000 WHERE id = $1', [ACME_BILLING_ID]);
  await db.query("UPDATE billing_accounts SET billing_cycle_month_date = extract(day FROM now() AT TIME ZONE 'UTC') WHERE id = $1", [GLOBEX_BILLING_ID]);

  instancePorts.forEach((_port, index) => startInstance(index));
  await Promise.all(instancePorts.map((_port, index) => waitFor(`app${index + 1} to be ready`, 180_000, () => readyz(index))));
  console.log(`3 instances ready after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  launch('haproxy', ['-db', '-f', 'deploy/haproxy/haproxy.cfg'], {
    cwd: root,
    env: {
      ...process.env,
      PORTAL_LB_BIND: `127.0.0.1:${lbPort}`,
      PORTAL_LB_STATS_BIND: `127.0.0.1:${portBase + 11}`,
      PORTAL_APP1: `127.0.0.1:${instancePorts[0]}`,
      PORTAL_APP2: `127.0.0.1:${instancePorts[1]}`,
      PORTAL_APP3: `127.0.0.1:${instancePorts[2]}`,
      PORTAL_APP4: `127.0.0.1:${portOf(SCALE_OUT)}`,
    },
    logFile: join(runDir, 'haproxy.log'),
  });
  await Promise.all(instancePorts.map((_port, index) => upInHaproxy(index)));
  console.log(`3 instances and HAProxy up after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

  // Wrong sign-ins spread over the instances: the 6th attempt is refused even with the right password.
  const wrong = [];
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await fetch(`http://127.0.0.1:${instancePorts[attempt % 3]}/api/crm/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'uma.user@acme.example', password: 'not-the-password' }),
    });
    wrong.push(response.status);
  }
  const sixth = await fetch(`http://127.0.0.1:${instancePorts[2]}/api/crm/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'uma.user@acme.example', password: DEMO_PASSWORD }),
  });
  check(
    wrong.every((status) => status === 401) && sixth.status === 429,
    `5 wrong sign-ins over 3 instances answered ${wrong.join(',')}; the 6th (right password, third instance) ${sixth.status}`,
  );

  await checkLiveAcrossInstances({ root, env: instanceEnv, base, instanceUrls: instancePorts.map((port) => `http://127.0.0.1:${port}`), check });

  // Globex turns auto-pay on through the portal: a card stored, auto-pay on; the next auto-pay run charges it.
  const gina = await signIn('gina.admin@globex.example');
  const stored = await api(`/billing/account/${GLOBEX_BILLING_ID}`, {
    method: 'PATCH',
    token: gina,
    body: JSON.stringify({
      credit_card_info: {
        first_name: 'Gina',
        last_name: 'Rossi',
        number: '4242 4242 4242 4242',
        exp_month: '12',
        exp_year: String(new Date().getUTCFullYear() + 3),
        type: 'visa',
      },
    }),
  });
  const autoPayOn = await api(`/billing/account/${GLOBEX_BILLING_ID}`, { method: 'PATCH', token: gina, body: JSON.stringify({ automatic_payments: true }) });
  check(stored.status === 200 && autoPayOn.status === 200, 'Globex stored a card and turned auto-pay on');
  const autoPayRuns = async () => (await completedJobs('autopay')).runs;
  const runsAtEnable = await autoPayRuns();

  const target = await acmeLoadTarget(base);

  // The load runs on while the phases below act on the instances.
  let phase = 'steady';
  let running = true;
  const load = driveLoad({ target, workers: WORKERS, pauseMs: 5, maxRequests: MAX_REQUESTS, phase: () => phase, running: () => running });
  const events: string[] = [];
  const note = (text: string) => {
    events.push(`${((Date.now() - startedAt) / 1000).toFixed(1).padStart(6)} s  ${text}`);
    console.log(events[events.length - 1]);
  };

  await sleep(8_000);
  phase = 'sigkill';
  const killedAt = Date.now();
  const killed = instances.get(0)!;
  killed.kill('SIGKILL');
  // The signal is asynchronous: until the kernel has torn the process down (a few ms), its listening socket
  // still accepts connections, so a request sent just after the signal can still land on the dying instance.
  await exitOf(killed);
  const diedAt = Date.now();
  note(`${KILLED} SIGKILLed (gone ${diedAt - killedAt} ms after the signal)`);
  await sleep(6_000);
  startInstance(0);
  await waitFor('app1 to be ready again', 180_000, () => readyz(0));
  await upInHaproxy(0);
  note('app1 restarted and UP in HAProxy');

  phase = 'recovered';
  await sleep(5_000);

  phase = 'rolling restart';
  const rollingExits: Array<{ name: string; code: number | null; seconds: number }> = [];
  for (const index of [1, 2]) {
    const child = instances.get(index)!;
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    note(`app${index + 1} SIGTERMed`);
    const { code } = await exitOf(child);
    rollingExits.push({ name: `app${index + 1}`, code, seconds: (Date.now() - signalledAt) / 1000 });
    note(`app${index + 1} exited with ${code} after ${((Date.now() - signalledAt) / 1000).toFixed(1)} s; starting it again`);
    startInstance(index);
    await waitFor(`app${index + 1} to be ready again`, 180_000, () => readyz(index));
    await upInHaproxy(index);
    note(`app${index + 1} UP in HAProxy`);
  }

  const controls: ClusterControls = {
    start: startInstance,
    instance: (index) => instances.get(index)!,
    readyz,
    upInHaproxy,
    statsUrl,
    setPhase: (name) => (phase = name),
    note,
  };
  const coldStartFigures = await coldStart(controls, [0, 1, 2]);
  await scaleOut(controls, SCALE_OUT);

  phase = 'after';
  await sleep(5_000);
  running = false;
  const samples = await load;
  note(`load stopped: ${samples.length} requests`);
  // A request counts in the phase it was in flight in: one sent just before the SIGKILL that was still waiting
  // for the killed instance belongs to the SIGKILL phase, whichever phase it started in.
  for (const sample of samples) if (sample.startedAt <= diedAt && sample.endedAt >= killedAt) sample.phase = 'sigkill';

  report(samples, killedAt, diedAt);
  check(
    rollingExits.every((exit) => exit.code === 0 && exit.seconds < 10),
    `SIGTERMed instances exited 0 within 10 s (${rollingExits.map((exit) => `${exit.name}: ${exit.code} in ${exit.seconds.toFixed(1)} s`).join(', ')})`,
  );

  // Every failure in the SIGKILL phase was a request in flight on the killed instance at the kill: it started
  // before the process was gone and got HAProxy's own 502 (which names the server that dropped it: SH in HAProxy's log)
  // or a broken connection, never an answer from another instance.
  const killFailures = samples.filter((s) => s.phase === 'sigkill' && !ok(s));
  const inFlightAtKill = samples.filter((s) => s.startedAt <= diedAt && s.endedAt >= killedAt);
  check(
    killFailures.every(
      (s) => s.startedAt <= diedAt && s.endedAt >= killedAt && (s.status === 502 || s.status === 0) && (s.instance === undefined || s.instance === KILLED),
    ),
    `failures in the SIGKILL phase: ${killFailures.length}, all in flight at the kill (${inFlightAtKill.length} were in flight; ${
      killFailures
        .map(
          (s) =>
            `${s.action} ${s.status} ${s.instance ?? 'no instance'} sent ${s.startedAt - killedAt} ms, ended ${s.endedAt - killedAt} ms after the kill${s.error ? ` (${s.error})` : ''}`,
        )
        .join(', ') || 'none failed'
    })`,
  );
  const keptPages = (await db.query<{ rendered_at: Date }>('SELECT rendered_at FROM prerendered_pages')).rows.map((row) => ({ renderedAt: row.rendered_at }));
  checkColdStartAndScaleOut(samples, coldStartFigures, SCALE_OUT, keptPages, check);
  for (const name of ['steady', 'recovered', 'rolling restart', 'after']) {
    const failed = samples.filter((s) => s.phase === name && !ok(s));
    check(
      failed.length === 0,
      `no failed request in the phase "${name}"${
        failed.length
          ? `: ${failed
              .slice(0, 5)
              .map((s) => `${s.action} ${s.status} ${s.error ?? ''}`)
              .join('; ')}`
          : ''
      }`,
    );
  }
  const spread = new Map<string, number>();
  samples.forEach((s) => s.instance && spread.set(s.instance, (spread.get(s.instance) ?? 0) + 1));
  check(
    spread.size === 4,
    `every instance served requests (${[...spread]
      .sort()
      .map(([name, count]) => `${name} ${count}`)
      .join(', ')})`,
  );

  // Every acknowledged write is in the database, and no payment was made twice.
  const replies = samples.filter((s) => ok(s) && s.wrote?.kind === 'reply').map((s) => (s.wrote as { marker: string }).marker);
  const storedReplies = new Set(
    (
      await db.query<{ marker: string }>(
        "SELECT substring(content FROM 'cluster-reply-[0-9a-f-]{36}') AS marker FROM ticket_entries WHERE content LIKE '%cluster-reply-%'",
      )
    ).rows.map((row) => row.marker),
  );
  const missingReplies = replies.filter((marker) => !storedReplies.has(marker));
  check(replies.length > 0 && missingReplies.length === 0, `all ${replies.length} acknowledged ticket replies are stored (${missingReplies.length} missing)`);
  const payments = samples.filter((s) => ok(s) && s.wrote?.kind === 'payment').map((s) => s.wrote as { id: string; key: string });
  const storedPayments = (
    await db.query<{ id: string; idempotency_key: string; payment_status: string }>(
      "SELECT id, idempotency_key, payment_status FROM payments WHERE idempotency_key LIKE 'cluster-pay-%'",
    )
  ).rows;
  const paid = new Map(storedPayments.map((row) => [row.id, row]));
  const missingPayments = payments.filter((p) => paid.get(p.id)?.idempotency_key !== p.key || paid.get(p.id)?.payment_status !== 'Paid');
  const keys = storedPayments.map((row) => row.idempotency_key);
  check(
    payments.length > 0 && missingPayments.length === 0,
    `all ${payments.length} acknowledged payments are stored and Paid (${missingPayments.length} missing)`,
  );
  check(new Set(keys).size === keys.length, `no Idempotency-Key was charged twice (${keys.length} payments, ${new Set(keys).size} keys)`);

  // Scheduled work: the sweeper ran once for five instance starts; Globex's due auto-pay was charged once.
  const sweep = await completedJobs('sweep-expired');
  const probeLeft = Number((await db.query('SELECT count(*) FROM rate_limits WHERE key = $1', [SWEEP_PROBE_KEY])).rows[0].count);
  check(
    sweep.runs >= 1 && sweep.runs === sweep.slots && probeLeft === 0,
    `the token sweeper ran once per 6-hour slot for 10 instance starts (runs: ${sweep.runs} in ${sweep.slots} slot${sweep.slots === 1 ? '' : 's'}) and deleted the expired window`,
  );
  const autoPayments = () =>
    db.query<{ id: string; payment_status: string }>(
      'SELECT p.id, p.payment_status FROM payments p JOIN billing_accounts b ON b.account_id = p.account_id WHERE b.id = $1 AND p.idempotency_key LIKE $2',
      [GLOBEX_BILLING_ID, `autopay:${GLOBEX_BILLING_ID}:%`],
    );
  // Wait for the charge and at least one more run, so a second run had the chance to charge again. The job queue's
  // cron sends one run a minute for the cluster (decision 0040), taken by whichever instance polls first; a run on an
  // instance killed under it is taken over when it expires, so two runs can take a few minutes.
  await waitFor('two auto-pay runs after it was turned on', 240_000, async () =>
    (await autoPayments()).rows.length > 0 && (await autoPayRuns()) - runsAtEnable >= 2 ? true : undefined,
  );
  const charged = (await autoPayments()).rows;
  const runs = await autoPayRuns();
  const minutes = (Date.now() - startedAt) / 60_000;
  check(
    charged.length === 1 && charged[0]!.payment_status === 'Paid' && runs - runsAtEnable >= 2,
    `Globex's due auto-pay was charged once (${charged.length} payment${charged.length === 1 ? '' : 's'}) in ${runs - runsAtEnable} auto-pay runs since it was turned on (${runs} in ${minutes.toFixed(1)} min on 3 instances)`,
  );
  check(
    runs <= Math.ceil(minutes / 0.9) + 1,
    `auto-pay ran once a minute across the cluster, not once per instance (${runs} runs in ${minutes.toFixed(1)} min)`,
  );
  await db.end();

  const loadAverage = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  console.log(`\nrun took ${((Date.now() - startedAt) / 1000).toFixed(0)} s; load average ${loadAverage}`);
}

function report(samples: Sample[], killedAt: number, diedAt: number): void {
  const phases = [...new Set(samples.map((s) => s.phase))];
  console.log('\n  phase              sent   failed   p50 ms   p99 ms   max ms');
  for (const name of [...phases, 'all']) {
    const own = name === 'all' ? samples : samples.filter((s) => s.phase === name);
    const times = own.map((s) => s.endedAt - s.startedAt);
    console.log(
      `  ${name.padEnd(17)} ${String(own.length).padStart(5)} ${String(own.filter((s) => !ok(s)).length).padStart(8)} ${String(percentile(times, 50)).padStart(8)} ${String(percentile(times, 99)).padStart(8)} ${String(Math.max(0, ...times)).padStart(8)}`,
    );
  }
  const byAction = new Map<string, number>();
  samples.forEach((s) => byAction.set(s.action, (byAction.get(s.action) ?? 0) + 1));
  console.log(`  mix: ${[...byAction].map(([action, count]) => `${action} ${count}`).join(', ')}`);
  console.log(
    `  in flight at the SIGKILL (sent before the process was gone, answered after the signal): ${samples.filter((s) => s.startedAt <= diedAt && s.endedAt >= killedAt).length}\n`,
  );
}

async function cleanUp(): Promise<void> {
  stopEverything();
  await db?.end().catch(() => undefined);
  const client = admin();
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await client.end();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void cleanUp().finally(() => process.exit(130));
  });
}

let exitCode = 0;
try {
  await main();
  if (failures.length > 0) {
    console.log(`\n${failures.length} assertion${failures.length === 1 ? '' : 's'} failed.`);
    exitCode = 1;
  } else console.log('\nevery assertion held.');
} catch (error) {
  console.error(`\nthe cluster test could not run: ${error instanceof Error ? error.stack : String(error)}\nlogs: ${runDir}`);
  exitCode = 1;
} finally {
  await cleanUp().catch((error: unknown) => console.error(`cleaning up failed: ${String(error)}`));
}
process.exit(exitCode);
