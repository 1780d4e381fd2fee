// The main-thread budget CI keeps (decision 0045): how much work each screen puts on the browser's main thread after its
// first paint on a repeat visit (to 5 s after the navigation started), in milliseconds *at a CPU index of 1,000*, so that the figure does not move with the
// machine. Each screen is opened three times without throttling while Chromium records a trace; the busy time after the
// first contentful paint (every task, script, style and layout) is multiplied by Lighthouse's CPU index of the run (its own
// benchmark, run in the same browser before each visit; the median of them all) and divided by 1,000. The median of the three is held
// to the screen's budget below; a screen over it by more than the margin (half) fails the run.
//
// At Lighthouse's 4x slowdown on a phone of index 1,000 the work would take four times these figures; the targets of
// issue 33 (≤ 600 ms at 4x on this machine's index of about 2,000) are about 300 here.
//   npm run bench:main-thread          (after npm run build; ROUTE=/tickets,/billing measures those only)
import { loadavg } from 'node:os';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startPortal } from './portal-process.mjs';
import { busyAfterFirstPaint } from './trace.mjs';

/**
 * Work after the first paint, ms at CPU index 1,000 (repeat visit, median of three). Set 2026-11-28 about a tenth above
 * two runs at the commit that added this check (run index 1,390, load 0.8-2.1: bench/HISTORY.md, 0045); a deliberate
 * growth raises a budget in the same commit, saying why.
 */
const BUDGET = {
  // No app code runs before the visitor's first intent (decision 0045): what is left is the page's own entry.
  '/login': 100,
  // 2026-11-28, issues 35-37: every signed-in screen fetches and shows the bell's unread count; the profile gained its
  // notification settings and Security (sign-ins, password, two-step sign-in), a ticket its attachments, resolve and
  // rating, Users the two-step policy and reset. Two runs: index 2,203 (load 1.7) /apps 1,174, /dashboard 1,340,
  // /services 1,342, /tickets 1,569, /billing 1,487, /users 1,266, /it-assets 1,203, /vault 1,452, /profile 1,647; a
  // clean-clone CI at index 2,694 (load 0.8) /apps 1,321, /dashboard 1,408, /services 1,479, /tickets 1,760, /billing
  // 1,629, /users 1,594, /it-assets 1,479, /vault 1,541, /profile 1,762, where /users and /it-assets went past half
  // over. Each budget is now the higher run's figure / 1.2, rounded up to 50 (bench/HISTORY.md): a regression guard,
  // not issue 33's target, which these screens do not meet.
  '/apps': 1150,
  '/dashboard': 1200,
  '/services': 1250,
  '/tickets': 1500,
  '/billing': 1400,
  '/users': 1350,
  '/it-assets': 1250,
  '/it-assets/vault': 1300,
  '/profile': 1500,
};
/**
 * Half again over a budget fails: the same screens measured 20-50 % apart between runs at loads of 1-4 on this two-core
 * machine (the run index corrects the machine's speed, not other work beside the run). It still catches what matters:
 * the sign-in page running the app's code before intent (157 against 100), a screen's work doubled.
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
      const { busyMs, longestMs } = busyAfterFirstPaint(JSON.parse((await browser.stopTracing()).toString()).traceEvents, WINDOW_MS);
      cpuIndexes.push(cpuIndex);
      samples.push({ busyMs, longestMs });
    }
    await page.close();
    samples.sort((a, b) => a.busyMs - b.busyMs);
    rows.push({ route, ...samples[Math.floor(RUNS / 2)], budget: BUDGET[route] });
  }
} finally {
  await browser.close();
  await portal.stop();
}
// One index for the run, the median of all measured: one benchmark of half a second swings by half either way with the
// machine's other work, while the machine's speed over the run does not (the busy times moved far less).
const runIndex = median(cpuIndexes);
for (const row of rows) row.work = (row.busyMs * runIndex) / 1000;

console.log('main-thread work after the first paint, repeat visit, median of three (decision 0045)');
console.log(
  `CPU index ${runIndex.toFixed(0)} (median of ${cpuIndexes.length}, from ${Math.min(...cpuIndexes).toFixed(0)} to ${Math.max(...cpuIndexes).toFixed(0)})`,
);
console.log('route               busy ms   longest task ms   work at index 1,000   budget');
let failures = 0;
for (const row of rows) {
  const over = row.work > row.budget * (1 + MARGIN);
  if (over) failures += 1;
  console.log(
    `${row.route.padEnd(18)}${row.busyMs.toFixed(0).padStart(8)}${row.longestMs.toFixed(0).padStart(18)}${row.work
      .toFixed(0)
      .padStart(22)}${String(row.budget).padStart(9)}${over ? `  over by more than ${MARGIN * 100}%` : ''}`,
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
