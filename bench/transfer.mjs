// What a browser transfers per screen, cold (issue 16): each route is opened in a fresh Chromium
// context against the portal on its own port and data folder (demo data), and the bytes on the
// wire (headers and encoded bodies) are added up beside the bytes after decoding, so the effect of
// compression shows. Run after `npm run build`: npm run bench:transfer
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.BENCH_TRANSFER_PORT ?? 8393);
const DATA_DIR = '.data/bench-transfer';
const base = `http://127.0.0.1:${PORT}`;
const ROUTES = ['/login', '/apps', '/dashboard', '/services', '/tickets', '/tickets/60', '/billing', '/users', '/it-assets'];

rmSync(`${repoRoot}/${DATA_DIR}`, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(PORT), PORTAL_DATA_DIR: DATA_DIR, EMBEDDED_PG_PORT: String(PORT + 46000), LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

try {
  await waitForReady();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const rows = [];
  for (const route of ROUTES) {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (route !== '/login') await signIn(page);
    // Only this route's own load counts: the sign-in's downloads are behind us, the cache is cleared.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const responses = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(route, { waitUntil: 'networkidle' });
    let wire = 0;
    let decoded = 0;
    for (const response of responses) {
      const sizes = await response.request().sizes().catch(() => null);
      if (!sizes) continue;
      wire += sizes.responseHeadersSize + sizes.responseBodySize;
      decoded += (await response.body().catch(() => Buffer.alloc(0))).length;
    }
    rows.push([route, String(responses.length), (wire / 1024).toFixed(1), (decoded / 1024).toFixed(1)]);
    await context.close();
  }
  await browser.close();
  printTable(['route (cold, 390 px)', 'requests', 'on the wire KB', 'decoded KB'], rows);
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit');
}

async function waitForReady() {
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the portal did not become ready');
}

async function signIn(page) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill('alice.admin@acme.example');
  await page.getByLabel('Password').first().fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/apps');
  await page.waitForLoadState('networkidle');
}

function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
