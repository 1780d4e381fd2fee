// The built portal for a benchmark: the compiled server (`npm run build:if-needed` makes it) on a
// port and a fresh data folder of its own, with demo data, so a run never touches another's. Ready once
// /readyz answers and the signed-out pages are prerendered (decision 0022), as a visitor then finds them.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { npmStart } from '../scripts/start-script.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const COMPILED_SERVER = 'apps/server/dist/bin/main.js';

/** Debian's Chromium as root on a machine with only loopback (apps/web/playwright.config.ts, CHROMIUM_LAUNCH). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Waits until /login comes with its markup (the server renders it just after it is ready); warns if it never does. */
async function prerendered(base) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const page = await fetch(`${base}/login`, { headers: { accept: 'text/html' } }).then(
      (response) => response.text(),
      () => '',
    );
    if (/<div id="root">\s*<[^/]/.test(page)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.warn('the portal did not prerender its signed-out pages within 30 s (see its log); measuring the plain app');
}

/** `env`: settings of this run beside the defaults (e.g. a shorter LIVE_HEARTBEAT_MS). */
export async function startPortal({ port, dataDir, pgPort = port + 46000, env = {} }) {
  rmSync(`${repoRoot}/${dataDir}`, { recursive: true, force: true });
  // The compiled server with the environment and flags `npm start` gives it, so memory is measured as deployed.
  const compiled = existsSync(`${repoRoot}/${COMPILED_SERVER}`);
  const start = npmStart(repoRoot);
  const entry = compiled ? [...start.flags, COMPILED_SERVER] : ['--import', 'tsx', 'apps/server/src/serve.ts'];
  const server = spawn(process.execPath, entry, {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...(compiled ? start.env : {}),
      PORT: String(port),
      PORTAL_DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(server, 'exit');
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`the portal exited with ${server.exitCode} before it was ready`);
    if (attempt >= 240) throw new Error('the portal did not become ready');
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await prerendered(base);
  return {
    base,
    /** The server's process id (its resident memory is read from /proc). */
    pid: server.pid,
    async stop() {
      if (server.exitCode === null) server.kill('SIGTERM');
      await exited;
    },
  };
}

/** Alice's access token (the demo's administrator with billing), signed in on `base`. */
export async function signInAsAlice(base) {
  const response = await fetch(`${base}/api/crm/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'alice.admin@acme.example', password: 'demo-pass-2026' }),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}`);
  return (await response.json()).result.access_token;
}

/** A process's resident memory in MB (VmRSS, from /proc). */
export const residentMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The machine's load averages, printed beside every figure. */
export const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
