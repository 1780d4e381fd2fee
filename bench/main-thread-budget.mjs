// The main-thread budget CI keeps (decision 0045): how much work each screen puts on the browser's main thread after its
// first paint on a repeat visit (to 5 s after the navigation started). Each screen is opened three times without
// throttling while Chromium records a trace; the time the main thread itself ran after the first contentful paint
// (every task, script, style and layout: the tasks' thread time, `tdur`, which other processes on the machine do not
// stretch as they stretch wall time) is the screen's work. The median of the three is held to the screen's budget below;
// over it by more than the margin (half) fails the run. Lighthouse's CPU index is measured beside each visit and printed,
// to read the figures by, not multiplied in: on this machine the index of a run moved by a quarter (2,158-2,803) while
// the screens' thread time moved by a tenth, so multiplying by it added its noise (bench/HISTORY.md, 2026-12-07).
//
// At Lighthouse's 4x slowdown the work would take about four times these figures; issue 33's target (≤ 600 ms at 4x on
// this machine at an index of about 2,000) is about 150 here.
//   npm run bench:main-thread          (after npm run build; ROUTE=/tickets,/billing measures those only)
import { loadavg } from 'node:os';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startPortal } from './portal-process.mjs';
import { busyAfterFirstPaint } from './trace.mjs';

/**
 * The main thread's own time after the first paint, ms (repeat visit, median of three), on this machine's kind (two
 * cores of a 2026 server; another kind of machine sets its own). Set 2026-12-07 from three runs at indexes 2,158 (load
 * 0.8), 2,572 (two busy loops beside it, load 4.3) and 2,760 (load 0.9): each budget is the highest run's figure, rounded
 * up to 50 (bench/HISTORY.md). A deliberate growth raises a budget in the same commit, saying why.
 */
const BUDGET = {
  // No app code runs before the visitor's first intent (decision 0045): what is left is the page's own entry.
  '/login': 25,
  // Every signed-in screen fetches and shows the bell's unread count (issue 35); the profile has its notification
  // settings and Security (issue 37), a ticket its attachments, resolve and rating (issue 36). A regression guard, not
  // issue 33's target, which these screens do not meet.
  '/apps': 400,
  '/dashboard': 450,
  '/services': 450,
  '/tickets': 500,
  '/billing': 500,
  '/users': 450,
  '/it-assets': 450,
  '/it-assets/vault': 450,
  '/profile': 500,
};
/**
 * Half again over a budget fails: a screen's thread time moved by a tenth between runs and under other work. It catches
 * what matters: the sign-in page running the app's code before intent (about 110 ms of wall
 * time when it did), a screen's work grown by half.
 */
const MARGIN = 0.5;
/**
 * The work counted: from the first paint to this long after the navigation started, which covers the screen's data, its
 * rendering and the dialogs' code it preloads once idle (LoadedWhenOpened.tsx, 2 s after it is shown), on every run.
 */
const WINDOW_MS = 5_000;
const RUNS = 3;
const PORT = Number(process.env.BENCH_MAIN_THREAD_PORT ?? 8396);
const only = process.env.ROUTE?.split(',');
const routes = Object.keys(BUDGET).filter((route) => !only || only.includes(route));

const portal = await startPortal({ port: PORT, dataDir: '.data/main-thread', pgPort: PORT + 46100 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
const rows = [];
const cpuIndexes = [];
try {
  const signedOut = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const signedIn = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  await signIn(await signedIn.newPage());
  for (const route of routes) {
    const page = await (route === '/login' ? signedOut : signedIn).newPage();
    await page.goto(`${portal.base}${route}`, { waitUntil: 'networkidle' }); // the first visit: the cache is warm after it
    const samples = [];
    for (let run = 0; run < RUNS; run += 1) {
      const cpuIndex = await page.evaluate(pageFunctions.computeBenchmarkIndex);
      await page.goto('about:blank');
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'] });
      const opened = Date.now();
      await page.goto(`${portal.base}${route}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(Math.max(0, WINDOW_MS + 500 - (Date.now() - opened)));
      const work = busyAfterFirstPaint(JSON.parse((await browser.stopTracing()).toString()).traceEvents, WINDOW_MS);
      cpuIndexes.push(cpuIndex);
      samples.push(work);
    }
    await page.close();
    samples.sort((a, b) => a.cpuMs - b.cpuMs);
    rows.push({ route, ...samples[Math.floor(RUNS / 2)], budget: BUDGET[route] });
  }
} finally {
  await browser.close();
  await portal.stop();
}
// The run's index, the median of all measured: one benchmark of half a second swings by half either way.
const runIndex = median(cpuIndexes);

console.log('main-thread work after the first paint, repeat visit, median of three (decision 0045)');
console.log(
  `CPU index ${runIndex.toFixed(0)} (median of ${cpuIndexes.length}, from ${Math.min(...cpuIndexes).toFixed(0)} to ${Math.max(...cpuIndexes).toFixed(0)})`,
);
console.log('route             wall ms   thread ms   longest task ms   budget (thread ms)');
let failures = 0;
for (const row of rows) {
  const over = row.cpuMs > row.budget * (1 + MARGIN);
  if (over) failures += 1;
  console.log(
    `${row.route.padEnd(18)}${row.busyMs.toFixed(0).padStart(7)}${row.cpuMs.toFixed(0).padStart(12)}${row.longestMs
      .toFixed(0)
      .padStart(18)}${String(row.budget).padStart(21)}${over ? `  over by more than ${MARGIN * 100}%` : ''}`,
  );
}
console.log(
  `machine load (1/5/15 min) ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
if (failures) {
  console.error(`${failures} screen(s) over their main-thread budget (bench/main-thread-budget.mjs)`);
  process.exit(1);
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function signIn(page) {
  await page.goto(`${portal.base}/login`);
  await page.getByRole('textbox', { name: 'Username' }).fill('alice.admin@acme.example');
  await page.getByLabel('Password').first().fill('demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/apps');
  await page.close();
}
