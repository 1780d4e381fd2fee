// Reading a Chromium trace of one page load (bench/long-tasks.mjs, bench/main-thread-budget.mjs).

/**
 * The renderer's main thread (the CrRendererMain thread that ran the most), its complete events, and the moments the
 * navigation started and the first contentful paint happened (trace microseconds).
 */
export function mainThreadOf(events) {
  const mainThreads = new Set(events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const taskTime = new Map();
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && mainThreads.has(`${e.pid}:${e.tid}`))
      taskTime.set(`${e.pid}:${e.tid}`, (taskTime.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
  if (taskTime.size === 0) throw new Error('the trace has no task on a renderer main thread');
  const [pid, tid] = [...taskTime]
    .sort((a, b) => b[1] - a[1])[0][0]
    .split(':')
    .map(Number);
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
  const start = events.find((e) => e.name === 'navigationStart' && e.pid === pid)?.ts ?? onMain[0].ts;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === pid)?.ts ?? start;
  return { pid, tid, onMain, start, fcp, tasks: onMain.filter((e) => e.name === 'RunTask') };
}

/**
 * The main thread's work after the first contentful paint (up to `untilMs` after the navigation started, when given), in
 * ms: `busyMs` is its tasks' wall time, `cpuMs` the time the thread itself ran in them (the trace's `tdur`), which does
 * not grow when another process takes the core from the renderer; and its longest task there (wall time).
 */
export function busyAfterFirstPaint(events, untilMs = Infinity) {
  const { start, fcp, tasks } = mainThreadOf(events);
  const after = tasks.filter((e) => e.ts >= fcp && e.ts < start + untilMs * 1000);
  if (after.some((e) => e.tdur === undefined)) throw new Error('the trace has a task without its thread time (tdur)');
  return {
    busyMs: after.reduce((sum, e) => sum + e.dur / 1000, 0),
    cpuMs: after.reduce((sum, e) => sum + e.tdur / 1000, 0),
    longestMs: after.reduce((longest, e) => Math.max(longest, e.dur / 1000), 0),
  };
}
