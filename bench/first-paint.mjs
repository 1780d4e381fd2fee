// When the signed-out pages paint and when they can be used, on the phone of bench/lighthouse.mjs applied
// for real by Chromium (150 ms round trip, 1.6 Mbps down, 750 kbps up, CPU x4): first contentful paint,
// largest contentful paint and the moment the app has hydrated the form (decision 0022). Lighthouse's
// simulation counts every request that ended before the observed largest paint as holding it up, the app's
// scripts included; this measures what the page really does. Fresh context per load, median of three.
// Run after `npm run build:if-needed`: npm run bench:first-paint
/* global window, document -- used inside page.evaluate and addInitScript, which run in the browser */
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startPortal } from './portal-process.mjs';
import { openPhonePage } from './simulated-phone.mjs';

const PORT = Number(process.env.BENCH_FIRST_PAINT_PORT ?? 8395);
const ROUTES = ['/login', '/forgot-password', '/page-change-password?token=first-paint-probe'];
const RUNS = 3;

const portal = await startPortal({ port: PORT, dataDir: '.data/bench-first-paint' });
const loadBefore = loadavg();
try {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  console.log(`| route | FCP ms | LCP ms | hydrated ms | server markup |\n|---|--:|--:|--:|---|`);
  for (const route of ROUTES) {
    const runs = [];
    for (let run = 0; run < RUNS; run += 1) runs.push(await measure(browser, route));
    const median = (key) => Math.round(runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(RUNS / 2)]);
    console.log(
      `| ${route.split('?')[0]} | ${median('fcp')} | ${median('lcp')} | ${median('hydrated')} | ${runs.every((r) => r.prerendered) ? 'yes' : 'no'} |`,
    );
  }
  await browser.close();
} finally {
  await portal.stop();
}
console.log(
  `medians of ${RUNS}; machine load (1/5/15 min) before ${loadBefore.map((l) => l.toFixed(2)).join(' ')}, after ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

async function measure(browser, route) {
  const { context, page } = await openPhonePage(browser, { baseURL: portal.base });
  await page.addInitScript(() => {
    window.__largestPaint = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__largestPaint = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const prerendered = { value: false };
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'document') prerendered.value = /<div id="root"><[^/]/.test(await response.text().catch(() => ''));
  });
  await page.goto(route);
  // Hydrated (or rendered) once React's props are on the page's main heading.
  await page.waitForFunction(() => Object.keys(document.querySelector('main h1') ?? {}).some((key) => key.startsWith('__reactProps')), null, {
    timeout: 60_000,
    polling: 'raf',
  });
  const hydrated = await page.evaluate(() => performance.now());
  await page.waitForTimeout(300);
  const paints = await page.evaluate(() => ({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, lcp: window.__largestPaint }));
  await context.close();
  return { ...paints, hydrated, prerendered: prerendered.value };
}
