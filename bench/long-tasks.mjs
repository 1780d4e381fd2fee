// What holds a phone's main thread while a screen opens (decision 0022): signs in through the real form,
// opens each ROUTE once to warm the cache, then opens it again at Lighthouse's 4x CPU slowdown (RATE=1: none) while
// Chromium records a trace. Prints, per route, the blocking time after the first contentful paint (what Lighthouse
// sums as TBT) and the main thread's busy time; then every long task (over 50 ms) with the trace events it spent its
// time in (style, layout, script evaluation, a function call) and the sources its CPU samples fall in, mapped through
// the build's source maps to the file, package and function. Diagnostic only; the figures move with the machine's
// load, so compare builds back to back, several runs each.
//   ROUTE=/tickets,/dashboard node bench/long-tasks.mjs          (after npm run build)
//   TOP=0: the summary lines only; TOTALS=1: the whole load's samples by package and folder, and its trace events by
//   kind, as well; FUNCS=30: the 30 functions with the most samples after the first paint; LIST_MS=20: list every task over 20 ms,
//   not only the long ones (React's time-sliced work comes in tasks under 50 ms)
import { existsSync, readFileSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startPortal } from './portal-process.mjs';
import { mainThreadOf } from './trace.mjs';

const PORT = Number(process.env.BENCH_LONG_TASKS_PORT ?? 8387);
const routes = (process.env.ROUTE ?? '/apps').split(',');
const cpuSlowdown = Number(process.env.RATE ?? 4);
const top = Number(process.env.TOP ?? 12);
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'loading'];
/** The trace events a long task's time is told by. */
const KINDS = new Set([
  'v8.evaluateModule',
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'FireAnimationFrame',
  'RunMicrotasks',
  'EventDispatch',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'MinorGC',
  'MajorGC',
]);

const assets = new URL('../apps/web/dist/assets/', import.meta.url).pathname;
const sourceMaps = new Map();
function sourceMapOf(url) {
  const file = url.split('/').pop();
  if (!sourceMaps.has(file)) {
    const path = `${assets}${file}.map`;
    sourceMaps.set(file, existsSync(path) ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8'))) : null);
  }
  return sourceMaps.get(file);
}

/** A CPU sample's frame as "package/file function" or "src/…/file.ts function"; Chromium's own work in parentheses. */
function sourceOf(frame) {
  if (!frame.url) return `(${frame.functionName || 'program'})`;
  const map = sourceMapOf(frame.url);
  const original = map?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  if (!original?.source) return `${frame.url.split('/').pop()} ${frame.functionName}`;
  const source = original.source.replace(/^(\.\.\/)+/, '');
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)/);
  return `${pkg ? `${pkg[1]}/${pkg[2].split('/').pop()}` : source} ${original.name ?? frame.functionName}`;
}

const portal = await startPortal({ port: PORT, dataDir: '.data/long-tasks', pgPort: PORT + 46100 });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto(`${portal.base}/login`);
  await page.getByRole('textbox', { name: 'Username' }).fill('alice.admin@acme.example');
  await page
    .getByLabel('Password')
    .first()
    .fill(process.env.DEMO_PASSWORD ?? 'demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/apps');
  const cdp = await context.newCDPSession(page);
  for (const route of routes) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.goto(`${portal.base}${route}`, { waitUntil: 'networkidle' });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto('about:blank');
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    await page.goto(`${portal.base}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(2000);
    report(route, JSON.parse((await browser.stopTracing()).toString()).traceEvents);
  }
} finally {
  await browser.close();
  await portal.stop();
}

function report(route, events) {
  const { pid, tid, onMain, start, fcp, tasks } = mainThreadOf(events);
  const long = tasks.filter((e) => e.dur > 50_000).sort((a, b) => a.ts - b.ts);
  const listed = tasks.filter((e) => e.dur > Number(process.env.LIST_MS ?? 50) * 1000).sort((a, b) => a.ts - b.ts);
  // As Lighthouse counts it: each long task's part after the first paint, less 50 ms.
  const blocking = long.reduce((sum, e) => sum + Math.max(0, (e.ts + e.dur - Math.max(e.ts, fcp)) / 1000 - 50), 0);
  const busy = tasks.filter((e) => e.ts >= fcp).reduce((sum, e) => sum + e.dur / 1000, 0);
  // The thread's own CPU time in those tasks: neither the throttling's pauses nor other processes' turns count.
  const cpu = tasks.filter((e) => e.ts >= fcp).reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
  const ms = (us) => (us / 1000).toFixed(0);
  console.log(
    `${route} (repeat visit, CPU ${cpuSlowdown}x): first contentful paint ${ms(fcp - start)} ms, blocking after it ${blocking.toFixed(0)} ms, main thread busy after it ${busy.toFixed(0)} ms (its CPU time ${cpu.toFixed(0)} ms), ${long.length} long tasks`,
  );
  if (top === 0) return;

  const samples = cpuSamples(events, pid, tid);
  const bySource = (from, to) => {
    const sums = new Map();
    for (let i = 0; i < samples.length - 1; i += 1) {
      const { at, frame } = samples[i];
      if (at < from || at >= to || !frame || frame.functionName === '(idle)') continue;
      const key = sourceOf(frame);
      sums.set(key, (sums.get(key) ?? 0) + (samples[i + 1].at - at) / 1000);
    }
    return [...sums].sort((a, b) => b[1] - a[1]);
  };
  if (process.env.TOTALS) {
    const groups = new Map();
    for (const [key, time] of bySource(fcp, Infinity)) {
      const path = key.split(' ')[0];
      const group = path.startsWith('src/')
        ? path.split('/').slice(0, 3).join('/')
        : path
            .split('/')
            .slice(0, path.startsWith('@') ? 2 : 1)
            .join('/');
      groups.set(group, (groups.get(group) ?? 0) + time);
    }
    console.log(
      `  after the first paint, by package or folder (ms):\n${[...groups]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top * 2)
        .map(([group, time]) => `    ${time.toFixed(0).padStart(5)} ${group}`)
        .join('\n')}`,
    );
  }
  if (process.env.FUNCS) {
    const functions = bySource(fcp, Infinity).slice(0, Number(process.env.FUNCS));
    console.log(`  after the first paint, by function (ms):\n${functions.map(([source, time]) => `    ${time.toFixed(0).padStart(5)} ${source}`).join('\n')}`);
  }
  if (process.env.TOTALS) {
    const kinds = new Map();
    for (const e of onMain) if (KINDS.has(e.name) && e.ts >= fcp) kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
    const line = [...kinds].sort((a, b) => b[1] - a[1]).map(([kind, time]) => `${kind} ${time.toFixed(0)}`);
    console.log(`  after the first paint, by kind of work (ms, nested kinds counted in each): ${line.join(', ')}`);
  }
  for (const task of listed) {
    const kinds = new Map();
    for (const e of onMain) if (KINDS.has(e.name) && e.ts >= task.ts && e.ts < task.ts + task.dur) kinds.set(e.name, (kinds.get(e.name) ?? 0) + e.dur / 1000);
    console.log(
      `  @${ms(task.ts - start)} ms, ${ms(task.dur)} ms: ${[...kinds]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([kind, time]) => `${kind} ${time.toFixed(0)}`)
        .join(', ')}`,
    );
    for (const [source, time] of bySource(task.ts, task.ts + task.dur).slice(0, top)) console.log(`    ${time.toFixed(0).padStart(5)} ${source}`);
  }
}

/**
 * The main thread's CPU profile samples in trace time, each with its frame. Every thread that runs script (a worker
 * too) has a profile of its own, with its own start and node ids: its chunks carry the profile's id.
 */
function cpuSamples(events, pid, tid) {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return [];
  const nodes = new Map();
  const samples = [];
  let at = profile.args.data.startTime ?? 0;
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id)) {
    const cpuProfile = chunk.args.data.cpuProfile ?? {};
    for (const node of cpuProfile.nodes ?? []) nodes.set(node.id, node);
    (cpuProfile.samples ?? []).forEach((id, index) => {
      at += chunk.args.data.timeDeltas[index];
      samples.push({ at, id });
    });
  }
  return samples.map(({ at: time, id }) => ({ at: time, frame: nodes.get(id)?.callFrame }));
}
