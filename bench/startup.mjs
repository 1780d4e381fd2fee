// How fast `npm start` is ready and how much memory it holds when idle (issue 16): the compiled
// server is started the way `npm start` starts it (the command in apps/server/package.json) on an
// existing database of its own, several times. For each start it prints the time from spawn to
// the first 200 from /readyz, the CPU the process spent getting there, and its resident memory
// after a quiet spell (VmRSS, and the part no other process shares: Private_Dirty). Run after
// `npm run build:if-needed`: npm run bench:startup
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_STARTUP_PORT ?? 8394);
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_STARTUP_IDLE_SECONDS ?? 20);
const env = {
  ...process.env,
  PORT: String(PORT),
  PORTAL_DATA_DIR: '.data/bench-startup',
  EMBEDDED_PG_PORT: String(PORT + 46000),
  LOG_LEVEL: 'warn',
};

/** `node --flags dist/bin/main.js` exactly as `npm start` runs it (from apps/server). */
function startCommand() {
  const script = JSON.parse(readFileSync(`${repoRoot}/apps/server/package.json`, 'utf8')).scripts.start;
  const [command, ...args] = script.split(/\s+/);
  if (command !== 'node') throw new Error(`apps/server's start script no longer starts with node: ${script}`);
  return args;
}

async function startOnce() {
  const startedAt = performance.now();
  const child = spawn(process.execPath, startCommand(), { cwd: `${repoRoot}/apps/server`, env, stdio: ['ignore', 'ignore', 'inherit'] });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was ready`);
      const ready = await fetch(`http://127.0.0.1:${PORT}/readyz`).then((response) => response.ok, () => false);
      if (ready) break;
      if (performance.now() - startedAt > 120_000) throw new Error('the server was not ready within 2 minutes');
      await sleep(10);
    }
    const readyMs = performance.now() - startedAt;
    const cpuMs = cpuMsOf(child.pid);
    await sleep(IDLE_SECONDS * 1000);
    return { readyMs, cpuMs, ...memoryOf(child.pid) };
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
}

/** utime + stime of the process, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function memoryOf(pid) {
  const kb = (text, key) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  return {
    rssMb: kb(readFileSync(`/proc/${pid}/status`, 'utf8'), 'VmRSS') / 1024,
    privateMb: kb(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'), 'Private_Dirty') / 1024,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log(`npm start = node ${startCommand().join(' ')} (${process.version}); ${RUNS} starts, ${IDLE_SECONDS} s idle each`);
console.log('first start (creates or migrates the database, not counted)…');
await startOnce();
const runs = [];
for (let run = 1; run <= RUNS; run += 1) {
  const result = await startOnce();
  runs.push(result);
  console.log(
    `start ${run}: ready in ${result.readyMs.toFixed(0)} ms (${result.cpuMs} ms CPU), idle RSS ${result.rssMb.toFixed(1)} MB (${result.privateMb.toFixed(1)} MB private)`,
  );
}
const load = loadavg().map((value) => value.toFixed(2)).join(' ');
console.log(
  `median: ready in ${median(runs.map((r) => r.readyMs)).toFixed(0)} ms, ${median(runs.map((r) => r.cpuMs))} ms CPU, idle RSS ${median(runs.map((r) => r.rssMb)).toFixed(1)} MB; load average ${load}`,
);
