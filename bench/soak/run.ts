/**
 * The soak benchmark (`npm run bench:soak`; README, bench/HISTORY.md): the portal compiled and
 * started as `npm start` starts it (built first if needed), on its own embedded PostgreSQL in
 * .data/bench-soak (made afresh each run, with the demo data) and its own ports, under a steady,
 * realistic mix for 30 minutes:
 *
 * - SOAK_VUS (12) virtual customers, each a contact of Acme of its own, added through the provider
 *   API and given a password through the printed invitation link, so each spends its own request
 *   budget (decision 0009's 300 a minute is left as in production). Each starts one action every
 *   SOAK_PACE_MS (1000 ms, ±30 %) whatever the last one took: ticket lists, searches, details and
 *   replies, new tickets, the dashboard, billing pages, card payments of a few cents with an
 *   Idempotency-Key (4242 4242 4242 4242; a quarter sent twice with the same key, charged once),
 *   statement PDFs, app launches with single-use tokens (redeemed as the launched app would),
 *   license add/remove on their own contact within the seats, credential reveals, profile changes,
 *   a support-tool build, refreshes, and signing out and in again (customer.ts).
 * - One provider system with a provider API key (made with the CLI), one call every
 *   SOAK_PROVIDER_PACE_MS (2000 ms): contacts, tickets and technicians' replies upserted, read-back,
 *   a statement, failed deliveries (provider.ts).
 * - A webhook endpoint for every event type, pointing at a receiver this run starts on
 *   127.0.0.1:SOAK_RECEIVER_PORT (8397) that verifies each message with `standardwebhooks`.
 *
 * The pace is fixed so the figures are of a steady load, not of a saturated two-core machine: about
 * 12 actions and 13 requests a second, which cost the server and PostgreSQL some 10 % of one core
 * here, so latencies are the portal's and not a queue's, and each customer makes ~65 requests a
 * minute, well inside the production budget of 300. Raise SOAK_VUS or lower SOAK_PACE_MS for more.
 *
 * Prints a progress line every minute and at the end: requests, req/s and p50/p99 per call, failures
 * by status; the server's resident memory every SOAK_SAMPLE_S (10 s) and its slope per 10 minutes
 * after the first 20 % of the run; the database's growth per 1,000 requests; the server's and
 * PostgreSQL's CPU per request; webhooks expected and received; the load average at start and end.
 * Exits non-zero when any request failed, a webhook did not arrive within SOAK_WEBHOOK_GRACE_S (60)
 * after the load, a signature did not verify, the server logged an error, or it stopped.
 *
 *   npm run bench:soak                   SOAK_MINUTES=3 npm run bench:soak
 *   Settings: SOAK_MINUTES (30), SOAK_VUS (12), SOAK_PACE_MS (1000), SOAK_PROVIDER_PACE_MS (2000),
 *   SOAK_PORT (8396), SOAK_PG_PORT (54396), SOAK_RECEIVER_PORT (8397), SOAK_DATA_DIR (.data/bench-soak),
 *   SOAK_WEBHOOK_GRACE_S (60), SOAK_SAMPLE_S (10), SOAK_REQUEST_TIMEOUT_S (15), SOAK_MAX_REQUESTS.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { postmasterPid } from '../proc.js';
import { sampleCpu } from '../tickets/cpu-usage.js';
import { act, LARGEST_PAYMENT, paid, PAYMENT_SHARE, type Expected } from './customer.js';
import { call } from './http.js';
import { providerAct } from './provider.js';
import { WebhookReceiver } from './receiver.js';
import { percentile, Recorder } from './recorder.js';
import { printCalls, printDatabase, printMemory, type MemorySample } from './report.js';
import { answersByStatus, buildIfNeeded, databaseSize, heapUsedMb, repoRoot, residentMb, startPortal } from './server.js';
import { SETTINGS } from './settings.js';
import { prepare } from './setup.js';

const out = (line = '') => process.stdout.write(`${line}\n`);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
const clock = (ms: number) => `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;

out(
  `Soak: ${SETTINGS.minutes} min, ${SETTINGS.vus} virtual customers at one action every ${SETTINGS.paceMs} ms each, one provider system every ${SETTINGS.providerPaceMs} ms; ` +
    `portal on 127.0.0.1:${SETTINGS.port}, PostgreSQL on ${SETTINGS.pgPort}, webhook receiver on ${SETTINGS.receiverPort}, data in ${SETTINGS.dataDir}; node ${process.version}, ${cpus().length} cores`,
);
buildIfNeeded();

const setupRecorder = new Recorder();
const recorder = new Recorder();
const receiver = new WebhookReceiver();
const receiverUrl = await receiver.listen(SETTINGS.receiverPort);
const portal = await startPortal();
let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    out(`\n${signal}: stopping the load, then the portal`);
    interrupted = true;
  });
}

const problems: string[] = [];
try {
  const { world, secret } = await prepare(setupRecorder, portal, receiverUrl);
  receiver.secret = secret;
  const balanceOf = async () =>
    (
      await call<{ balance: number }>(setupRecorder, 'check: balance', `${portal.base}/api/billing/account/${world.billingId}`, {
        token: world.customers[0]!.session.access,
      })
    ).result?.balance;
  const balanceBefore = await balanceOf();
  const mostSpent = (SETTINGS.durationMs / SETTINGS.paceMs) * SETTINGS.vus * PAYMENT_SHARE * LARGEST_PAYMENT;
  out(
    `Set up in ${setupRecorder.total} requests: ${world.customers.length} contacts signed in, ${world.ticketIds.length} active tickets to answer, ${world.tokenApps.length} apps launched with a token, ` +
      `Acme's balance $${balanceBefore?.toFixed(2)} (the payments take at most about $${mostSpent.toFixed(2)})`,
  );
  if (balanceBefore !== undefined && balanceBefore < mostSpent) out('WARNING: the balance may run out before the end; payments would then be refused (422)');

  const postmaster = postmasterPid(`${repoRoot}/${SETTINGS.dataDir}/pg`);
  const dbBefore = await databaseSize();
  const cpuBefore = sampleCpu(portal.pid, postmaster);
  const loadAtStart = load();
  const expected: Expected = new Map();
  const started = Date.now();
  const endsAt = started + SETTINGS.durationMs;
  const running = () => !interrupted && Date.now() < endsAt && recorder.total < SETTINGS.maxRequests && !portal.exited();
  out(`Load average at the start: ${loadAtStart} (1 / 5 / 15 min)\n`);

  const memory: MemorySample[] = [];
  const sampleMemory = async () => memory.push({ t: Date.now() - started, rssMb: residentMb(portal.pid), heapMb: await heapUsedMb(portal) });
  await sampleMemory();
  const sampler = setInterval(() => void sampleMemory(), SETTINGS.sampleMs);
  const progress = setInterval(() => {
    const window = recorder.takeWindow();
    const expectedTotal = [...expected.values()].reduce((a, b) => a + b, 0);
    out(
      `[${clock(Date.now() - started)}] ${recorder.total.toLocaleString('en-US')} requests (${(window.count / 60).toFixed(1)} req/s this minute, p50 ${window.p50.toFixed(1)} ms, p99 ${window.p99.toFixed(1)} ms), ` +
        `failed ${recorder.failedTotal}; RSS ${residentMb(portal.pid).toFixed(1)} MB, heap ${memory.at(-1)?.heapMb?.toFixed(1) ?? '?'} MB; ` +
        `webhooks ${receiver.unique}/${expectedTotal}; load ${load()}`,
    );
  }, 60_000);

  /** Runs `action` every `paceMs` (±30 %), starting after `offsetMs`, while the run lasts; never bursts to catch up. */
  const paced = async (paceMs: number, offsetMs: number, action: () => Promise<void>) => {
    let next = started + offsetMs;
    while (running()) {
      const wait = next - Date.now();
      if (wait > 0) await sleep(Math.min(wait, endsAt - Date.now()));
      if (!running()) break;
      await action();
      next = Math.max(next + paceMs * (0.7 + 0.6 * Math.random()), Date.now() - paceMs);
    }
  };
  await Promise.all([
    ...world.customers.map((me, i) => paced(SETTINGS.paceMs, (i * SETTINGS.paceMs) / world.customers.length, () => act({ world, me, recorder, expected }))),
    paced(SETTINGS.providerPaceMs, SETTINGS.providerPaceMs / 2, () => providerAct({ world, recorder })),
  ]);
  const loadMs = Date.now() - started;
  const cpuAfter = sampleCpu(portal.pid, postmaster);
  const loadAtEnd = load();
  clearInterval(progress);
  await sampleMemory();
  clearInterval(sampler);
  const requests = recorder.total;

  // Every event a customer's action made must reach the receiver, signed, within the grace period.
  const expectedTotal = [...expected.values()].reduce((a, b) => a + b, 0);
  const missing = () => [...expected.entries()].filter(([type, count]) => (receiver.byType.get(type) ?? 0) < count);
  const graceEnds = Date.now() + SETTINGS.webhookGraceMs;
  while (missing().length > 0 && Date.now() < graceEnds && !portal.exited() && !interrupted) await sleep(250);
  const waitedMs = Date.now() - (started + loadMs);
  const deliveries = async (status: string) =>
    (
      (
        await call<{ items: unknown[] }>(setupRecorder, 'check: deliveries', `${world.provider.base}/webhook-deliveries?status=${status}&limit=200`, {
          token: world.provider.key,
        })
      ).result?.items ?? []
    ).length;
  const waiting = { pending: await deliveries('pending'), failed: await deliveries('failed'), dead: await deliveries('dead') };
  const dbAfter = await databaseSize();
  const balanceAfter = await balanceOf();
  const serverAnswers = await answersByStatus(portal);

  out(`\n== Soak results: ${clock(loadMs)} of load, ${world.customers.length} virtual customers + 1 provider system ==\n`);
  printCalls(recorder, loadMs / 1000);
  out();
  printMemory(memory, SETTINGS.durationMs);
  writeFileSync(
    `${repoRoot}/${SETTINGS.dataDir}/memory.csv`,
    `seconds,rss_mb,heap_used_mb\n${memory.map((s) => `${(s.t / 1000).toFixed(1)},${s.rssMb.toFixed(1)},${s.heapMb?.toFixed(1) ?? ''}`).join('\n')}\n`,
  );
  out(`  (every sample in ${SETTINGS.dataDir}/memory.csv)`);
  printDatabase(dbBefore, dbAfter, requests);
  const serverMs = cpuAfter.serverMs - cpuBefore.serverMs;
  const databaseMs = cpuAfter.databaseMs - cpuBefore.databaseMs;
  out(
    `CPU: server ${(serverMs / requests).toFixed(2)} ms and PostgreSQL ${(databaseMs / requests).toFixed(2)} ms per request; ` +
      `on average ${((100 * serverMs) / loadMs).toFixed(0)} % + ${((100 * databaseMs) / loadMs).toFixed(0)} % of one core (of ${cpus().length})`,
  );
  const statements = recorder.calls.get('PUT provider statement')?.latencies.length ?? 0;
  const balanceMoved = balanceBefore !== undefined && balanceAfter !== undefined ? Math.round((balanceBefore - balanceAfter) * 100) : undefined;
  out(
    `Payments: ${paid.count} succeeded, $${(paid.cents / 100).toFixed(2)} in all; Acme's balance $${balanceBefore?.toFixed(2)} → $${balanceAfter?.toFixed(2)}` +
      (balanceMoved === paid.cents
        ? `, down by exactly the card payments (the ${statements} upserts of a provider statement of $42.50 left it as it was)`
        : `, which is not the payments' sum`),
  );
  const received = [...expected.keys()].map((type) => `${type} ${receiver.byType.get(type) ?? 0}/${expected.get(type)}`).join(', ');
  out(
    `Webhooks: ${receiver.unique}/${expectedTotal} events received and verified (${received}); ${receiver.duplicates} sent again, ${receiver.refusedCount} refused; ` +
      `arrival after the event p50 ${percentile(receiver.lagMs, 50).toFixed(0)} ms, p99 ${percentile(receiver.lagMs, 99).toFixed(0)} ms; ` +
      `waited ${(waitedMs / 1000).toFixed(1)} s after the load; deliveries pending ${waiting.pending}, failed ${waiting.failed}, dead ${waiting.dead}`,
  );
  const fiveHundreds = [...serverAnswers.entries()].filter(([status]) => status.startsWith('5'));
  out(
    `Server: answered ${[...serverAnswers.entries()].map(([status, count]) => `${status}×${count}`).join(' ')} (its /metrics); logged ${portal.counts.errors} errors and ${portal.counts.warnings} warnings`,
  );
  out(`Load average: ${loadAtStart} at the start, ${loadAtEnd} at the end of the load (1 / 5 / 15 min)`);

  if (recorder.failedTotal > 0) problems.push(`${recorder.failedTotal} requests failed`);
  if (fiveHundreds.length > 0) problems.push(`the server answered ${fiveHundreds.map(([s, c]) => `${s}×${c}`).join(' ')}`);
  if (missing().length > 0)
    problems.push(
      `webhooks missing: ${missing()
        .map(([type, count]) => `${type} ${receiver.byType.get(type) ?? 0}/${count}`)
        .join(', ')}`,
    );
  if (receiver.refusedCount > 0) problems.push(`${receiver.refusedCount} webhook messages did not verify: ${receiver.refused.slice(0, 3).join('; ')}`);
  if (waiting.pending + waiting.failed + waiting.dead > 0) problems.push(`webhook deliveries not done: ${JSON.stringify(waiting)}`);
  if (portal.counts.errors > 0) problems.push(`the server logged ${portal.counts.errors} errors`);
} catch (error) {
  problems.push(`the run stopped: ${(error as Error).stack ?? String(error)}`);
} finally {
  const exit = portal.exited();
  if (exit) problems.push(`the portal exited during the run (${exit.code ?? exit.signal})`);
  await portal.stop();
  await receiver.close();
}

if (recorder.failures.length > 0) {
  out('\nFailed requests (first 20):');
  for (const failure of recorder.failures.slice(0, 20)) out(`  ${new Date(failure.at).toISOString()} ${failure.call} → ${failure.status}: ${failure.detail}`);
}
for (const [kind, lines] of [
  ['errors', portal.errors],
  ['warnings', portal.warnings],
] as const) {
  if (lines.length > 0) {
    out(`\nServer log ${kind} (first ${Math.min(lines.length, 10)}; all in ${SETTINGS.dataDir}/server.log):`);
    for (const line of lines.slice(0, 10)) out(`  ${line.line.slice(0, 600)}`);
  }
}
if (problems.length > 0) {
  out(`\nFAILED: ${problems.join('; ')}`);
  process.exit(1);
}
out('\nPassed: every request answered 2xx, every webhook arrived signed.');
process.exit(0);
