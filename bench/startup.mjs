// How fast `npm start` is ready and how much memory it holds when idle (decisions 0021 and 0037): the compiled
// server is started the way `npm start` starts it (the command in apps/server/package.json) on an
// existing database of its own, several times. For each start it prints the time from spawn to
// the first 200 from /readyz, the CPU-seconds spent getting there (user + sys of the process, and of
// the prerender program it forked and reaped), and its resident memory after ten sign-ins and a quiet
// spell (VmRSS, and the part no other process shares: Private_Dirty), each with the machine's load.
// The first counted start finds no prerendered pages kept (they are deleted before it, decision 0037)
// and renders them; the others read them. Run after `npm run build:if-needed`: npm run bench:startup
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { npmStart } from '../scripts/start-script.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_STARTUP_PORT ?? 8394);
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_STARTUP_IDLE_SECONDS ?? 20);
const SIGN_INS = Number(process.env.BENCH_STARTUP_SIGN_INS ?? 10);
const DEMO_USERS = ['alice.admin@acme.example', 'bill.billing@acme.example', 'tess.tech@acme.example', 'uma.user@acme.example', 'gina.admin@globex.example'];
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const env = {
  ...process.env,
  PORT: String(PORT),
  PORTAL_DATA_DIR: '.data/bench-startup',
  EMBEDDED_PG_PORT: String(PORT + 46000),
  LOG_LEVEL: 'warn',
};

/** `NAME=value node --flags dist/bin/main.js` exactly as `npm start` runs it (from apps/server). */
const start = npmStart(repoRoot);
const startCommand = () => [...start.flags, start.entry];

async function startOnce({ beforeStop } = {}) {
  const startedAt = performance.now();
  const child = spawn(process.execPath, startCommand(), {
    cwd: `${repoRoot}/apps/server`,
    env: { ...env, ...start.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
      const ready = await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      if (performance.now() - startedAt > 120_000) throw new Error('the server was not ready within 2 minutes');
      await sleep(10);
    }
    const readyMs = performance.now() - startedAt;
    const cpu = cpuMsOf(child.pid);
    const loadAtReady = load();
    for (let index = 0; index < SIGN_INS; index += 1) await signIn(DEMO_USERS[index % DEMO_USERS.length]);
    await sleep(IDLE_SECONDS * 1000);
    const result = { readyMs, cpuMs: cpu.own + cpu.children, ownCpuMs: cpu.own, loadAtReady, loadIdle: load(), ...memoryOf(child.pid) };
    await beforeStop?.();
    return result;
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
}

async function signIn(username) {
  const response = await fetch(`http://127.0.0.1:${PORT}/api/crm/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo-pass-2026' }),
  });
  if (!response.ok) throw new Error(`the sign-in of ${username} answered ${response.status}`);
}

/** The pages this build keeps in its database (decision 0037), deleted while the server (and its embedded database) runs, so the next start renders them. */
async function forgetPrerenderedPages() {
  const client = new pg.Client({ connectionString: `postgres://portal:portal-local-only@127.0.0.1:${PORT + 46000}/portal` });
  await client.connect();
  try {
    await client.query('DELETE FROM prerendered_pages');
  } finally {
    await client.end();
  }
}

/** utime + stime of the process, and cutime + cstime of the children it reaped (the prerender program), from /proc (ticks of 10 ms). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { own: (Number(fields[11]) + Number(fields[12])) * 10, children: (Number(fields[13]) + Number(fields[14])) * 10 };
}

function memoryOf(pid) {
  const kb = (text, key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return {
    rssMb: kb(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS') / 1024,
    privateMb: kb(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Private_Dirty') / 1024,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const seconds = (ms) => (ms / 1000).toFixed(2);
const line = (label, r) =>
  `${label}: ready in ${r.readyMs.toFixed(0)} ms, ${seconds(r.cpuMs)} CPU-s to ready (server ${seconds(r.ownCpuMs)}) [load ${r.loadAtReady}]; ` +
  `idle RSS after ${SIGN_INS} sign-ins ${r.rssMb.toFixed(1)} MB (${r.privateMb.toFixed(1)} MB private) [load ${r.loadIdle}]`;

console.log(
  `npm start = ${Object.entries(start.env)
    .map(([name, value]) => `${name}=${value} `)
    .join('')}node ${startCommand().join(' ')} (${process.version}); ${RUNS} starts, ${IDLE_SECONDS} s idle each; load ${load()}`,
);
console.log('first start (creates or migrates the database, not counted)…');
await startOnce({ beforeStop: forgetPrerenderedPages });
console.log(line('start 0, renders the pages (none kept)', await startOnce()));
const runs = [];
for (let run = 1; run <= RUNS; run += 1) {
  const result = await startOnce();
  runs.push(result);
  console.log(line(`start ${run}, reads them`, result));
}
console.log(
  `median of the starts that read: ready in ${median(runs.map((r) => r.readyMs)).toFixed(0)} ms, ${seconds(median(runs.map((r) => r.cpuMs)))} CPU-s to ready, ` +
    `idle RSS ${median(runs.map((r) => r.rssMb)).toFixed(1)} MB (${median(runs.map((r) => r.privateMb)).toFixed(1)} MB private); load ${load()}`,
);
