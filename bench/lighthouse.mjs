// Lighthouse 12, mobile, default simulated throttling (decision 0022): the signed-out
// pages, then every signed-in screen signed in through the real form, each on a first visit after
// sign-in (cache cleared, local storage kept) and on a repeat visit (warm cache); then how long the
// first signed-in screen takes to become usable after the sign-in form is submitted, on the same
// simulated phone. Runs the built portal on its own port and data folder (demo data).
// Run after `npm run build:if-needed`: npm run bench:lighthouse   (LH_ONLY=/tickets runs one route,
// LH_ONLY=signed-out the three signed-out pages and nothing else; LH_SAVE=folder keeps each report's JSON
// there, to read its diagnostics; LH_RUNS=3 audits each row three times and keeps the median by performance, for a
// machine whose load comes and goes)
/* global window, document, location -- used inside page.evaluate, which runs in the browser */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startPortal } from './portal-process.mjs';
import { openPhonePage, PHONE } from './simulated-phone.mjs';

const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 8380);
const DEBUG_PORT = Number(process.env.BENCH_LIGHTHOUSE_DEBUG_PORT ?? 9380);
const base = `http://127.0.0.1:${PORT}`;
const only = process.env.LH_ONLY;
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));
/** LH_ONLY=signed-out: the signed-out pages only, without signing in. */
const signedOutOnly = only === 'signed-out';
const DEMO = { username: 'alice.admin@acme.example', password: 'demo-pass-2026' };

const SIGNED_OUT = ['/login', '/forgot-password', '/page-change-password?token=lighthouse-probe'];
const SIGNED_IN = ['/apps', '/dashboard', '/services', '/tickets', '/billing', '/users', '/it-assets', '/it-assets/vault', '/profile'];
/** Decision 0022's targets; a row that misses one is marked and the run fails. */
const TARGET = { performance: 0.95, accessibility: 1, tbtMs: 200, usableAfterSignInMs: 1000 };

const portal = await startPortal({ port: PORT, dataDir: '.data/lh', pgPort: Number(process.env.BENCH_LIGHTHOUSE_PG_PORT ?? PORT + 46100) });
const profileDir = mkdtempSync(join(tmpdir(), 'portal-lh-'));
// Simulated throttling multiplies the CPU time Chromium really took by four, so the other agents'
// load on a shared machine lands in the scores fourfold. As root, Chromium (and the renderers it
// forks, which inherit it) runs at a higher priority to keep that distortion small (LH_NICE=0: off).
const NICE = process.getuid?.() === 0 ? Number(process.env.LH_NICE ?? -10) : 0;
const chromiumCommand = [
  '/usr/bin/chromium',
  ...CHROMIUM_ARGS,
  '--headless=new',
  `--remote-debugging-port=${DEBUG_PORT}`,
  `--user-data-dir=${profileDir}`,
  'about:blank',
];
const browserProcess = spawn(NICE ? 'nice' : chromiumCommand[0], NICE ? ['-n', String(NICE), ...chromiumCommand] : chromiumCommand.slice(1), {
  stdio: 'ignore',
});

try {
  await waitFor(`http://127.0.0.1:${DEBUG_PORT}/json/version`);
  const started = new Date().toISOString();
  const loadBefore = loadavg();
  const rows = [];
  let failures = 0;

  for (const route of SIGNED_OUT.filter(selected)) rows.push(await medianAudit(route, 'signed out', { disableStorageReset: false }));

  let usable = null;
  if (!signedOutOnly) {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await signIn(page);
    await page.close();
    for (const route of SIGNED_IN.filter(selected)) {
      // First visit after sign-in: Lighthouse's own reset empties the browser cache (and service
      // workers, cache storage, file systems) but, by its defaults, keeps local storage: the session.
      const firstVisits = [];
      const repeatVisits = [];
      for (let run = 0; run < RUNS; run += 1) {
        firstVisits.push(await audit(route, 'first visit', { disableStorageReset: false }));
        repeatVisits.push(await audit(route, 'repeat visit', { disableStorageReset: true }));
      }
      rows.push(median(firstVisits), median(repeatVisits));
    }
    usable = !only || only === '/apps' ? await timeToUsableAfterSignIn(browser) : null;
    await browser.close().catch(() => {});
  }

  console.log(`Lighthouse 12 mobile (simulated throttling), ${base}, ${started}${RUNS > 1 ? `, median of ${RUNS} runs a row` : ''}`);
  printTable(
    ['route', 'visit', 'perf', 'a11y', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'transfer KB', 'CPU index', ''],
    rows.map((row) => {
      const misses = missedTargets(row);
      failures += misses.length ? 1 : 0;
      return [
        row.route,
        row.visit,
        row.performance.toFixed(2),
        row.accessibility.toFixed(2),
        ms(row.fcp),
        ms(row.lcp),
        ms(row.tbt),
        row.cls.toFixed(3),
        (row.bytes / 1024).toFixed(1),
        String(Math.round(row.benchmarkIndex)),
        misses.join(', '),
      ];
    }),
  );
  for (const row of rows.filter((r) => r.a11yFailures.length)) console.log(`accessibility on ${row.route} (${row.visit}): ${row.a11yFailures.join('; ')}`);
  if (usable) {
    console.log(
      `\nsign-in submit → /apps usable on the simulated phone (${PHONE.latencyMs} ms RTT, ${PHONE.downloadKbps / 1024} Mbps down, CPU ${PHONE.cpuSlowdown}x), ${usable.runs.length} runs:` +
        ` content shown ${usable.runs.map((run) => ms(run.contentMs)).join(' / ')} ms, usable ${usable.runs.map((run) => ms(run.usableMs)).join(' / ')} ms` +
        ` (median ${ms(usable.medianUsableMs)} ms, target ≤ ${TARGET.usableAfterSignInMs}); requests after submit: ${usable.runs[0].requests.join(', ')}`,
    );
    if (usable.medianUsableMs > TARGET.usableAfterSignInMs) failures += 1;
  }
  console.log(
    "CPU index: Lighthouse's benchmark of this machine at that moment (an unloaded laptop scores about 1,000-2,000; under load it falls and the simulated times rise with it)",
  );
  const loadAfter = loadavg();
  console.log(
    `Chromium at nice ${NICE}; machine load (1/5/15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadAfter.map((l) => l.toFixed(2)).join(' ')} (${availableParallelism()} cores)`,
  );
  if (failures) {
    console.error(`${failures} result(s) miss decision 0022's targets`);
    process.exitCode = 1;
  }
} finally {
  await portal.stop();
  if (browserProcess.exitCode === null) {
    browserProcess.kill('SIGTERM');
    await once(browserProcess, 'exit');
  }
  rmSync(profileDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

/** The run with the median performance score (its own figures, not a mix of runs). */
function median(runs) {
  return [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
}

async function medianAudit(route, visit, flags) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(route, visit, flags));
  return median(runs);
}

function selected(route) {
  return !only || signedOutOnly || route.startsWith(only);
}

async function audit(route, visit, flags, attempt = 1) {
  const result = await lighthouse(`${base}${route}`, {
    port: DEBUG_PORT,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...flags,
  });
  const { lhr } = result;
  if (process.env.LH_SAVE)
    writeFileSync(`${process.env.LH_SAVE}/${route.split('?')[0].replace(/\//g, '_')}-${visit.replace(/ /g, '-')}.json`, JSON.stringify(lhr));
  process.stderr.write(`lighthouse ${route} (${visit}): ${lhr.categories.performance.score}\n`);
  if (lhr.runtimeError) {
    // Seen once under heavy load: Chromium reported the document as failed. One more try, then give up.
    if (attempt < 2) return audit(route, visit, flags, attempt + 1);
    throw new Error(`Lighthouse on ${route}: ${lhr.runtimeError.message}`);
  }
  const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
  if (visit !== 'signed out' && finalPath === '/login') throw new Error(`${route} showed the sign-in page: the session was lost`);
  const numeric = (id) => lhr.audits[id]?.numericValue ?? NaN;
  const a11yFailures = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
    .map(
      (item) =>
        `${item.id}: ${(item.details?.items ?? [])
          .map((entry) => entry.node?.snippet ?? '')
          .join(' | ')
          .slice(0, 300)}`,
    );
  return {
    route: route.split('?')[0],
    visit,
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    bytes: numeric('total-byte-weight'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    a11yFailures,
  };
}

function missedTargets(row) {
  const misses = [];
  if (row.performance < TARGET.performance) misses.push(`perf < ${TARGET.performance}`);
  if (row.accessibility < TARGET.accessibility) misses.push('a11y < 1');
  if (row.tbt >= TARGET.tbtMs) misses.push(`TBT ≥ ${TARGET.tbtMs}`);
  return misses;
}

async function signIn(page) {
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Username' }).fill(DEMO.username);
  await page.getByLabel('Password').first().fill(DEMO.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/apps');
  await page.locator('main article').first().waitFor();
}

/**
 * From the click on "Sign in" to the first signed-in screen (/apps) being usable: its app tiles are
 * on the screen and the main thread has had no long task for 500 ms (Lighthouse's "interactive" idea,
 * measured in the page). Chromium applies the phone's network and CPU for real; a fresh context, so
 * nothing of the signed-in screens is cached beyond what the sign-in page itself loaded.
 */
async function timeToUsableAfterSignIn(browser) {
  const runs = [];
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { context, page } = await openPhonePage(browser);
    await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
    await page.getByRole('textbox', { name: 'Username' }).fill(DEMO.username);
    // The first keystroke starts the app (decision 0045); a person takes longer to type the rest than it takes to run.
    await page.waitForFunction(() => Object.keys(document.querySelector('form') ?? {}).some((key) => key.startsWith('__reactProps')), null, {
      timeout: 30_000,
    });
    await page.getByLabel('Password').first().fill(DEMO.password);
    await page.evaluate(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((entry) => entry.startTime + entry.duration))).observe({
        type: 'longtask',
      });
    });
    const requests = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname.replace(/-[\w-]{8}\.js$/, '.js')));
    const submittedAt = await page.evaluate(() => {
      const at = performance.now();
      [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Sign in')?.click();
      return at;
    });
    await page.waitForFunction(() => location.pathname === '/apps' && document.querySelector('main article'), null, { polling: 'raf', timeout: 30_000 });
    const contentAt = await page.evaluate(() => performance.now());
    // Quiet window: no long task may start within 500 ms of the last one ending.
    let lastLongTaskEnd = contentAt;
    for (;;) {
      await page.waitForTimeout(500);
      const ends = await page.evaluate(() => window.__longTasks);
      const latest = Math.max(contentAt, ...ends);
      if (latest === lastLongTaskEnd) break;
      lastLongTaskEnd = latest;
    }
    runs.push({ contentMs: contentAt - submittedAt, usableMs: Math.max(contentAt, lastLongTaskEnd) - submittedAt, requests });
    await context.close();
  }
  const sorted = runs.map((run) => run.usableMs).sort((a, b) => a - b);
  return { runs, medianUsableMs: sorted[Math.floor(sorted.length / 2)] };
}

async function waitFor(url) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

function ms(value) {
  return Number.isFinite(value) ? String(Math.round(value)) : '–';
}

function printTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => (i < 2 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i < 2 || i === widths.length - 1 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
