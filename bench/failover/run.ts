/**
 * The failover test (docs/decisions/0043): etcd, two Patroni nodes of PostgreSQL 15 with synchronous replication
 * (deploy/patroni/patroni.yml), HAProxy sending the database connections to the leader (deploy/haproxy/postgres.cfg),
 * two instances of the release folder behind the portal's HAProxy (deploy/haproxy/haproxy.cfg). Under a signed-in
 * load with ticket replies and payments the leader's machine is lost (its Patroni and PostgreSQL SIGKILLed together);
 * the test asserts a new leader within the configured time, only 503s with Retry-After meanwhile, no wrong answer,
 * the portal serving again by itself, and every acknowledged write on the new primary. Prints the time without a
 * leader and the requests that failed in it; exits 1 when an assertion fails. Run with `npm run test:failover`.
 *
 * FAILOVER_PORT_BASE (default 8400) places everything: etcd base+79/80 (2479-style ports are avoided so a system
 * etcd on 2379/2380 does not matter), Patroni REST base+8/9, PostgreSQL base-2959/-2958 (5441/5442 by default),
 * the database proxy base-2960 (5440) and its statistics base+32, the instances base+20/21, the portal's HAProxy
 * base+30 and its statistics base+31.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ACME_BILLING_ID, acmeLoadTarget, driveLoad, ok, percentile, type Sample } from '../cluster/load.js';
import { haproxyServerStates, launch, stopEverything, waitFor } from '../cluster/processes.js';
import { createChecks, releaseInstanceEnv, startReleaseInstance } from '../cluster/release-instance.js';
import { ensurePatroni, proxyStates, startDatabaseCluster, stopDatabaseCluster, type DatabaseCluster, type NodeSpec } from './patroni.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const portBase = Number(process.env.FAILOVER_PORT_BASE ?? 8400);
const WORKERS = Number(process.env.FAILOVER_WORKERS ?? 3);
/** Patroni's ttl and loop_wait (deploy/patroni/patroni.yml): a new leader is due within ttl + loop_wait, plus a margin. */
const TTL_S = 10;
const LOOP_WAIT_S = 2;
const LEADER_DEADLINE_MS = (TTL_S + LOOP_WAIT_S + 5) * 1_000;
const runDir = join('/tmp', `portal-failover-${process.pid}`);
mkdirSync(runDir, { recursive: true, mode: 0o755 });

const proxyPort = portBase - 2960;
const lbPort = portBase + 30;
const base = `http://127.0.0.1:${lbPort}`;
const statsUrl = `http://127.0.0.1:${portBase + 31}/stats`;
const instancePorts = [portBase + 20, portBase + 21];
const databaseUrl = `postgres://portal@127.0.0.1:${proxyPort}/portal`;
const instanceEnv = releaseInstanceEnv({ databaseUrl, publicUrl: base, dataDir: join(runDir, 'data') });

const { check, failures } = createChecks();
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const query = async <T extends pg.QueryResultRow>(port: number, database: string, sql: string, values: unknown[] = []) => {
  const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/${database}`, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
};

const instances = instancePorts.map(
  (port, index) => () => startReleaseInstance({ root, env: instanceEnv, port, logFile: join(runDir, `app${index + 1}.log`) }),
);
const readyz = async (port: number) => ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok ? true : undefined);
const allUp = async () => {
  const states = await haproxyServerStates(statsUrl);
  return instancePorts.every((_port, index) => states.get(`app${index + 1}`) === 'UP') ? true : undefined;
};

async function main(): Promise<void> {
  const startedAt = Date.now();
  ensurePatroni();
  console.log('building what is missing (web app, server, release folder)…');
  execFileSync('npm', ['run', '--silent', 'build:if-needed', '--', '--release'], { cwd: root, stdio: 'inherit' });
  console.log(`logs in ${runDir}`);

  const cluster = await startDatabaseCluster({
    root,
    runDir,
    etcdPort: portBase - 5921, // 2479, peers 2480
    nodes: [
      { name: 'pg1', pgPort: proxyPort + 1, restPort: portBase + 8 },
      { name: 'pg2', pgPort: proxyPort + 2, restPort: portBase + 9 },
    ],
    proxyPort,
    statsPort: portBase + 32,
  });
  const [first, second] = cluster.nodes as [NodeSpec, NodeSpec];
  await waitFor('a synchronous standby', 120_000, async () =>
    (await cluster.members(first)).some((member) => member.name === second.name && member.role === 'sync_standby') ? true : undefined,
  );
  await waitFor('the database proxy to route to the leader', 30_000, async () => ((await proxyStates(cluster)).get('pg1') === 'UP' ? true : undefined));
  console.log(`Patroni cluster up after ${seconds(Date.now() - startedAt)}: ${first.name} leads, ${second.name} is its synchronous standby`);
  await query(proxyPort, 'postgres', 'CREATE ROLE portal LOGIN');
  await query(proxyPort, 'postgres', 'CREATE DATABASE portal OWNER portal');

  const children = instances.map((start) => start());
  await Promise.all(instancePorts.map((port) => waitFor(`the instance on ${port} to be ready`, 180_000, () => readyz(port))));
  await query(proxyPort, 'portal', 'UPDATE billing_accounts SET balance = 100000 WHERE id = $1', [ACME_BILLING_ID]);
  launch('haproxy', ['-db', '-f', 'deploy/haproxy/haproxy.cfg'], {
    cwd: root,
    env: {
      ...process.env,
      PORTAL_LB_BIND: `127.0.0.1:${lbPort}`,
      PORTAL_LB_STATS_BIND: `127.0.0.1:${portBase + 31}`,
      PORTAL_APP1: `127.0.0.1:${instancePorts[0]}`,
      PORTAL_APP2: `127.0.0.1:${instancePorts[1]}`,
    },
    logFile: join(runDir, 'haproxy.log'),
  });
  await waitFor('HAProxy to see both instances UP', 30_000, allUp);
  console.log(`2 instances and HAProxy up after ${seconds(Date.now() - startedAt)}`);

  const target = await acmeLoadTarget(base);

  let phase = 'before';
  let running = true;
  const load = driveLoad({ target, workers: WORKERS, pauseMs: 20, maxRequests: 100_000, phase: () => phase, running: () => running });
  await sleep(10_000);

  const leader = (await cluster.isPrimary(first)) ? first : second;
  const survivor = leader === first ? second : first;
  phase = 'leaderless';
  const killedAt = Date.now();
  const { pids } = cluster.killNode(leader);
  console.log(`${seconds(killedAt - startedAt)}  ${leader.name} lost: its Patroni and ${pids.length - 1} PostgreSQL processes SIGKILLed`);

  let electedAt: number | undefined;
  let routedAt: number | undefined;
  while (Date.now() - killedAt < 60_000 && routedAt === undefined) {
    if (electedAt === undefined && (await cluster.isPrimary(survivor))) electedAt = Date.now();
    if (electedAt !== undefined) {
      const row = await query<{ port: number; standby: boolean }>(
        proxyPort,
        'postgres',
        'SELECT inet_server_port() AS port, pg_is_in_recovery() AS standby',
      ).catch(() => []);
      if (row[0]?.port === survivor.pgPort && !row[0].standby) routedAt = Date.now();
    }
    await sleep(100);
  }
  if (electedAt) console.log(`${seconds(electedAt - startedAt)}  ${survivor.name} promoted (${seconds(electedAt - killedAt)} after the loss)`);
  if (routedAt) console.log(`${seconds(routedAt - startedAt)}  the database proxy routes to ${survivor.name} (${seconds(routedAt - killedAt)} after the loss)`);

  phase = 'recovering';
  let recoveredAt: number | undefined;
  if (routedAt) {
    recoveredAt = await waitFor('both instances UP in HAProxy again', 60_000, async () => ((await allUp()) ? Date.now() : undefined)).catch(() => undefined);
    if (recoveredAt) console.log(`${seconds(recoveredAt - startedAt)}  both instances UP in HAProxy again (${seconds(recoveredAt - killedAt)} after the loss)`);
  }
  phase = 'after';
  await sleep(10_000);
  running = false;
  const samples = await load;
  // A request in flight at the loss belongs to the leaderless phase, whichever phase it started in.
  for (const sample of samples) if (sample.phase === 'before' && sample.endedAt >= killedAt) sample.phase = 'leaderless';

  report(samples);
  const down = samples.filter((s) => (s.phase === 'leaderless' || s.phase === 'recovering') && !ok(s));
  const byStatus = new Map<string, number>();
  down.forEach((s) =>
    byStatus.set(
      `${s.status}${s.retryAfter ? ` (Retry-After ${s.retryAfter})` : ''}`,
      (byStatus.get(`${s.status}${s.retryAfter ? ` (Retry-After ${s.retryAfter})` : ''}`) ?? 0) + 1,
    ),
  );
  console.log(
    `  time without a leader: ${electedAt ? seconds(electedAt - killedAt) : 'no new leader'}; until the proxy routed to it: ${routedAt ? seconds(routedAt - killedAt) : 'never'}; until both instances served again: ${recoveredAt ? seconds(recoveredAt - killedAt) : 'never'}`,
  );
  console.log(
    `  requests failed from the loss until both instances served again: ${down.length} of ${samples.filter((s) => s.phase === 'leaderless' || s.phase === 'recovering').length} (${[...byStatus].map(([status, count]) => `${count} × ${status}`).join(', ') || 'none'})\n`,
  );

  check(
    electedAt !== undefined && electedAt - killedAt <= LEADER_DEADLINE_MS,
    `a new leader within ttl + loop_wait + 5 s (${seconds(LEADER_DEADLINE_MS)}): ${electedAt ? seconds(electedAt - killedAt) : 'none in 60 s'}`,
  );
  check(
    routedAt !== undefined && routedAt - killedAt <= LEADER_DEADLINE_MS + 2_000,
    `the database proxy routes to it within 2 s more (${routedAt ? seconds(routedAt - killedAt) : 'never'})`,
  );
  check(
    down.every((s) => s.status === 503 && s.retryAfter !== undefined),
    `every failure meanwhile is a 503 with Retry-After (${
      down
        .filter((s) => !(s.status === 503 && s.retryAfter))
        .map((s) => `${s.action} ${s.status} ${s.error ?? ''}`)
        .slice(0, 5)
        .join('; ') || 'no other'
    })`,
  );
  const wrong = samples.filter((s) => s.incomplete);
  check(
    wrong.length === 0,
    `no wrong answer: no 2xx without what it returns (${
      wrong
        .map((s) => `${s.phase} ${s.action}`)
        .slice(0, 5)
        .join('; ') || 'none'
    })`,
  );
  for (const name of ['before', 'after']) {
    const own = samples.filter((s) => s.phase === name);
    const failed = own.filter((s) => !ok(s));
    check(
      own.length > 0 && failed.length === 0,
      `no failed request ${name} the failover (${own.length} sent${
        failed.length
          ? `; ${failed
              .slice(0, 5)
              .map((s) => `${s.action} ${s.status}`)
              .join('; ')}`
          : ''
      })`,
    );
  }
  check(
    recoveredAt !== undefined && children.every((child) => child.exitCode === null && child.signalCode === null),
    `the portal recovered by itself: both instances kept running (none restarted) and were UP again ${recoveredAt ? `${seconds(recoveredAt - (routedAt ?? killedAt))} after the new leader was routed` : 'never (60 s)'}`,
  );

  // Every acknowledged write is on the new primary, asked directly (not through the proxy).
  const replies = samples.filter((s) => ok(s) && s.wrote?.kind === 'reply').map((s) => (s.wrote as { marker: string }).marker);
  const storedReplies = new Set(
    (
      await query<{ marker: string }>(
        survivor.pgPort,
        'portal',
        "SELECT substring(content FROM 'cluster-reply-[0-9a-f-]{36}') AS marker FROM ticket_entries WHERE content LIKE '%cluster-reply-%'",
      )
    ).map((row) => row.marker),
  );
  const missingReplies = replies.filter((marker) => !storedReplies.has(marker));
  // The writes only synchronous replication kept: acknowledged in the last second before the loss.
  const lastSecond = samples.filter((s) => ok(s) && s.wrote && s.endedAt >= killedAt - 1_000 && s.endedAt <= killedAt).length;
  console.log(`  acknowledged writes in the last second before the loss: ${lastSecond}`);
  check(
    replies.length > 0 && missingReplies.length === 0,
    `all ${replies.length} acknowledged ticket replies are on the new primary (${missingReplies.length} missing)`,
  );
  const payments = samples.filter((s) => ok(s) && s.wrote?.kind === 'payment').map((s) => s.wrote as { id: string; key: string });
  const stored = await query<{ id: string; idempotency_key: string; payment_status: string }>(
    survivor.pgPort,
    'portal',
    "SELECT id, idempotency_key, payment_status FROM payments WHERE idempotency_key LIKE 'cluster-pay-%'",
  );
  const paid = new Map(stored.map((row) => [row.id, row]));
  const missingPayments = payments.filter((p) => paid.get(p.id)?.idempotency_key !== p.key || paid.get(p.id)?.payment_status !== 'Paid');
  check(
    payments.length > 0 && missingPayments.length === 0,
    `all ${payments.length} acknowledged payments are on the new primary and Paid (${missingPayments.length} missing)`,
  );
  const keys = stored.map((row) => row.idempotency_key);
  check(new Set(keys).size === keys.length, `no Idempotency-Key was charged twice (${keys.length} payments, ${new Set(keys).size} keys)`);

  await rejoin(cluster, leader, survivor, startedAt);
  const loadAverage = loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');
  console.log(`\nrun took ${((Date.now() - startedAt) / 1000).toFixed(0)} s; load average ${loadAverage}`);
}

/** The lost node, started again, rejoins as the new leader's synchronous standby by itself (pg_rewind when needed). */
async function rejoin(cluster: DatabaseCluster, lost: NodeSpec, leader: NodeSpec, startedAt: number): Promise<void> {
  cluster.restartNode(lost);
  const rejoined = await waitFor(`${lost.name} to rejoin as the synchronous standby`, 90_000, async () =>
    (await cluster.members(leader)).some((member) => member.name === lost.name && member.role === 'sync_standby') ? Date.now() : undefined,
  ).catch(() => undefined);
  check(
    rejoined !== undefined,
    `${lost.name}, started again, rejoined as ${leader.name}'s synchronous standby${rejoined ? ` (at ${seconds(rejoined - startedAt)})` : ''}`,
  );
}

function report(samples: Sample[]): void {
  console.log('\n  phase              sent   failed   p50 ms   p99 ms   max ms');
  for (const name of ['before', 'leaderless', 'recovering', 'after', 'all']) {
    const own = name === 'all' ? samples : samples.filter((s) => s.phase === name);
    const times = own.map((s) => s.endedAt - s.startedAt);
    console.log(
      `  ${name.padEnd(17)} ${String(own.length).padStart(5)} ${String(own.filter((s) => !ok(s)).length).padStart(8)} ${String(percentile(times, 50)).padStart(8)} ${String(percentile(times, 99)).padStart(8)} ${String(Math.max(0, ...times)).padStart(8)}`,
    );
  }
  const byAction = new Map<string, number>();
  samples.forEach((s) => byAction.set(s.action, (byAction.get(s.action) ?? 0) + 1));
  console.log(`  mix: ${[...byAction].map(([action, count]) => `${action} ${count}`).join(', ')}`);
}

function cleanUp(): void {
  stopEverything();
  stopDatabaseCluster();
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    cleanUp();
    process.exit(130);
  });
}

let exitCode = 0;
try {
  await main();
  if (failures.length > 0) {
    console.log(`\n${failures.length} assertion${failures.length === 1 ? '' : 's'} failed; logs: ${runDir}`);
    exitCode = 1;
  } else console.log('\nevery assertion held.');
} catch (error) {
  console.error(`\nthe failover test could not run: ${error instanceof Error ? error.stack : String(error)}\nlogs: ${runDir}`);
  exitCode = 1;
} finally {
  cleanUp();
}
// The data folders are large; the logs stay for a look.
await sleep(500);
for (const name of ['pg1', 'pg2', 'etcd']) rmSync(join(runDir, name, 'data'), { recursive: true, force: true });
process.exit(exitCode);
