/**
 * The live stream at 1,000 idle connections on one instance (issue 35, decision 0046): the built portal (demo data,
 * a data folder of its own) is sent BENCH_LIVE_CONNECTIONS streams of `GET /api/portal/events`, each its own TCP
 * connection, as that many open tabs of alice's (ten sessions). Prints the server process's resident memory before
 * and with them open (after a keep-alive round), then the delivery delay of technician replies pushed through the
 * provider API, from the push to each stream's `ticket` message, p50 and p99 over every stream and reply, and the
 * machine's load beside the figures. Nothing is asserted; the line is ≤ 150 MB resident with 1,000 open.
 *
 *   npm run bench:live            (BENCH_LIVE_CONNECTIONS, BENCH_LIVE_REPLIES set the sizes)
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { loadAverage as load, residentMb, signInAsAlice as signIn, startPortal } from './portal-process.mjs';

const CONNECTIONS = Number(process.env.BENCH_LIVE_CONNECTIONS ?? 1_000);
const REPLIES = Number(process.env.BENCH_LIVE_REPLIES ?? 20);
const SESSIONS = 10;
const PORT = Number(process.env.BENCH_LIVE_PORT ?? 8095);
const DATA_DIR = '.data/bench-live';
const PG_PORT = PORT + 46000;
/** The default keep-alive (LIVE_HEARTBEAT_MS): memory is read as deployed, a round of it included. */
const HEARTBEAT_MS = 25_000;
const ACME = 'crm-acme-1001';

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One stream, read as a browser's EventSource reads it: each message's event name and data, with when it came. */
async function openStream(base, token, onMessage) {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/portal/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: abort.signal,
  });
  if (response.status !== 200) throw new Error(`the stream answered ${response.status}`);
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data:'));
          if (data) onMessage(JSON.parse(data.slice(5)), performance.now());
        }
      }
    } catch {
      // closed by the bench
    }
  })();
  return () => abort.abort();
}

console.log(`load average at start: ${load()}`);
const portal = await startPortal({
  port: PORT,
  dataDir: DATA_DIR,
  pgPort: PG_PORT,
  env: {
    // The request budget is per contact (decision 0009); a thousand tabs of one person would spend it, where a
    // thousand people would not.
    API_REQUESTS_PER_MINUTE: '0',
  },
});
const closers = [];
try {
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'portal', '--', 'api-key', 'create', '--name', 'Live bench', '--scopes', 'tickets:write'], {
    env: { ...process.env, PORTAL_DATA_DIR: DATA_DIR, EMBEDDED_PG_PORT: String(PG_PORT), LOG_LEVEL: 'warn' },
  });
  const key = /\bppk_[A-Za-z0-9_-]+/.exec(stdout)?.[0];
  if (!key) throw new Error(`no key in the CLI's answer:\n${stdout}`);
  const provider = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const ticketUrl = `${portal.base}/api/provider/v1/accounts/${ACME}/tickets/psa-live-bench-${Date.now()}`;
  const pushed = await fetch(ticketUrl, {
    method: 'PUT',
    headers: provider,
    body: JSON.stringify({ subject: 'Live stream benchmark', description: 'Replies to this ticket are timed.', status: 'Assigned' }),
  });
  if (pushed.status !== 201) throw new Error(`the ticket push answered ${pushed.status}`);
  const ticketId = (await pushed.json()).result.item.id;

  // A quiet spell first, as bench:startup measures an idle instance: V8 gives back the young generation it grew at
  // start (16 MB of semi-spaces) only after some seconds without work.
  await sleep(30_000);
  const idleBefore = residentMb(portal.pid);

  // Each stream's arrivals of this ticket's messages, by stream.
  const arrivals = Array.from({ length: CONNECTIONS }, () => []);
  const tokens = [];
  for (let session = 0; session < SESSIONS; session += 1) tokens.push(await signIn(portal.base));
  let ready = 0;
  const openedAt = performance.now();
  for (let batch = 0; batch < CONNECTIONS; batch += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, CONNECTIONS - batch) }, async (_, offset) => {
        const index = batch + offset;
        closers.push(
          await openStream(portal.base, tokens[index % SESSIONS], (message, at) => {
            if (message.type === 'ready') ready += 1;
            if (message.type === 'ticket' && message.ticket_id === ticketId) arrivals[index].push(at);
          }),
        );
      }),
    );
  }
  while (ready < CONNECTIONS) await sleep(100);
  const openSeconds = (performance.now() - openedAt) / 1000;
  // A keep-alive round (each stream's session checked again), then the figure.
  await sleep(HEARTBEAT_MS + 5_000);
  const withStreams = residentMb(portal.pid);

  const delays = [];
  for (let reply = 0; reply < REPLIES; reply += 1) {
    const before = arrivals.map((list) => list.length);
    const sentAt = performance.now();
    const answered = await fetch(`${ticketUrl}/entries/reply-${reply}`, {
      method: 'PUT',
      headers: provider,
      body: JSON.stringify({ author_name: 'Tom Tech', author_email: 'tom@provider.example', content: `Reply ${reply}` }),
    });
    if (answered.status !== 201) throw new Error(`reply ${reply} answered ${answered.status}`);
    const deadline = performance.now() + 10_000;
    while (arrivals.some((list, index) => list.length === before[index]) && performance.now() < deadline) await sleep(10);
    arrivals.forEach((list, index) => {
      if (list.length > before[index]) delays.push(list[before[index]] - sentAt);
    });
    await sleep(200);
  }
  const missed = REPLIES * CONNECTIONS - delays.length;
  delays.sort((a, b) => a - b);
  const withTraffic = residentMb(portal.pid);

  console.log(`
| figure | value |
|---|---:|
| streams open (each its own connection, ${SESSIONS} sessions) | ${CONNECTIONS.toLocaleString('en-US')} in ${openSeconds.toFixed(1)} s |
| server resident memory, idle, no stream | ${idleBefore.toFixed(0)} MB |
| server resident memory, ${CONNECTIONS.toLocaleString('en-US')} streams open, after a keep-alive round | ${withStreams.toFixed(0)} MB |
| server resident memory after ${REPLIES} replies to every stream | ${withTraffic.toFixed(0)} MB |
| delivery delay, push → stream (p50 / p99 / max over ${delays.length.toLocaleString('en-US')}) | ${percentile(delays, 50).toFixed(0)} / ${percentile(delays, 99).toFixed(0)} / ${delays[delays.length - 1].toFixed(0)} ms |
| messages not delivered within 10 s | ${missed} |

load average at the end: ${load()}`);
} finally {
  for (const close of closers) close();
  await portal.stop();
}
