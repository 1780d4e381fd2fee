// Where a screen's main-thread time goes on a simulated phone (CPU 4x): signs in through the real form,
// opens ROUTE twice (the second a repeat visit), records a CPU profile of the second and prints the
// functions with the most self time, grouped by script. Diagnostic only (issue 16):
//   ROUTE=/tickets node bench/profile-screen.mjs
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startPortal } from './portal-process.mjs';

const PORT = Number(process.env.BENCH_PROFILE_PORT ?? 8386);
const route = process.env.ROUTE ?? '/tickets';
const portal = await startPortal({ port: PORT, dataDir: '.data/profile', pgPort: PORT + 46100 });
const base = `http://127.0.0.1:${PORT}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  await page.goto(`${base}/login`);
  await page.getByRole('textbox', { name: 'Username' }).fill('alice.admin@acme.example');
  await page.getByLabel('Password').first().fill(process.env.DEMO_PASSWORD ?? 'demo-pass-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/apps');
  await page.goto(`${base}${route}`);
  await page.waitForLoadState('networkidle');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${base}${route}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  const self = new Map();
  const byScript = new Map();
  const total = profile.endTime - profile.startTime;
  const dt = total / profile.samples.length;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const id of profile.samples) {
    const { callFrame } = nodes.get(id);
    const script = callFrame.url.split('/').pop() || `(${callFrame.functionName || 'program'})`;
    const key = `${callFrame.functionName || '(anonymous)'} ${script}:${callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    byScript.set(script, (byScript.get(script) ?? 0) + dt);
  }
  // STACK_OF=name prints the callers of that function (where a hot spot comes from).
  if (process.env.STACK_OF) {
    const parents = new Map();
    for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
    const stacks = new Map();
    for (const node of profile.nodes.filter((n) => n.callFrame.functionName === process.env.STACK_OF)) {
      const chain = [];
      for (let id = parents.get(node.id); id !== undefined && chain.length < 14; id = parents.get(id)) chain.push(nodes.get(id).callFrame.functionName || '(anonymous)');
      const key = chain.join(' < ');
      stacks.set(key, (stacks.get(key) ?? 0) + (node.hitCount ?? 0) * dt);
    }
    for (const [chain, time] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`${(time / 1000).toFixed(0)} ms ${process.env.STACK_OF} < ${chain}`);
  }
  const top = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n');
  console.log(`${route}: ${(total / 1000).toFixed(0)} ms profiled at CPU 4x\nby script:\n${top(byScript, 12)}\nby function (self):\n${top(self, 30)}`);
} finally {
  await browser.close();
  await portal.stop();
}
