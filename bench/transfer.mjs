// What a browser transfers per screen, cold (decision 0021): each route is opened in a fresh Chromium
// context against the portal on its own port and data folder (demo data), and the bytes on the
// wire (headers and encoded bodies) are added up beside the bytes after decoding, so the effect of
// compression shows. It fails when the sign-in page downloads a script that the build's manifest
// does not list as the sign-in page's own (decision 0022: no signed-in code before signing in).
// Run after `npm run build`: npm run bench:transfer
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startPortal } from './portal-process.mjs';

const PORT = Number(process.env.BENCH_TRANSFER_PORT ?? 8393);
const ROUTES = ['/login', '/forgot-password', '/apps', '/dashboard', '/services', '/tickets', '/tickets/60', '/billing', '/users', '/it-assets', '/profile'];
const SIGNED_OUT = new Set(['/login', '/forgot-password']);

const portal = await startPortal({ port: PORT, dataDir: '.data/bench-transfer' });
const signInScripts = signInPageScripts();
let unexpected = [];
try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const rows = [];
  for (const route of ROUTES) {
    const context = await browser.newContext({ baseURL: portal.base, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    if (!SIGNED_OUT.has(route)) await signIn(page);
    // Only this route's own load counts: the sign-in's downloads are behind us, the cache is cleared.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const responses = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(route, { waitUntil: 'networkidle' });
    let wire = 0;
    let decoded = 0;
    for (const response of responses) {
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      if (!sizes) continue;
      wire += sizes.responseHeadersSize + sizes.responseBodySize;
      decoded += (await response.body().catch(() => Buffer.alloc(0))).length;
    }
    if (route === '/login') {
      unexpected = responses
        .map((response) => new URL(response.url()).pathname)
        .filter((path) => path.endsWith('.js') && path.startsWith('/assets/') && !signInScripts.has(path));
    }
    rows.push([route, String(responses.length), (wire / 1024).toFixed(1), (decoded / 1024).toFixed(1)]);
    await context.close();
  }
  await browser.close();
  printTable(['route (cold, 390 px)', 'requests', 'on the wire KB', 'decoded KB'], rows);
} finally {
  await portal.stop();
}
if (unexpected.length) {
  console.error(`/login downloaded scripts that are not the sign-in page's own: ${unexpected.join(', ')}`);
  process.exit(1);
}
console.log(`/login downloaded only the sign-in page's own scripts (${signInScripts.size} in the build's manifest)`);

/** The sign-in page's scripts: index.html's entry and its static imports, from the build's manifest. */
function signInPageScripts() {
  const manifest = JSON.parse(readFileSync(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url), 'utf8'));
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    (chunk.imports ?? []).forEach(visit);
  };
  visit('index.html');
  return files;
}

async function signIn(page) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username' }).fill('alice.admin@acme.example');
  await page.getByLabel('Password').first().fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
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
