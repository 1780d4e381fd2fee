/**
 * The cluster test's cold start and scale-out under load (decision 0037), run by run.ts while its load
 * goes on: every instance stopped and started together, then a fourth instance added. Each start reads the
 * prerendered pages the first start kept in the database, so the instances get ready on a busy machine within the
 * health checks' patience. Failures allowed in the cold start: HAProxy's own 503s while it had no server up, counted
 * and printed; in the scale-out and after, none.
 */
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { ok, type Sample } from './load.js';
import { exitOf, haproxyServerStates, waitFor } from './processes.js';

export interface ClusterControls {
  /** Starts instance `index` (0-based; 3 is the scale-out's fourth) and returns its process. */
  start: (index: number) => ChildProcess;
  instance: (index: number) => ChildProcess;
  readyz: (index: number) => Promise<true | undefined>;
  upInHaproxy: (index: number) => Promise<unknown>;
  statsUrl: string;
  setPhase: (name: string) => void;
  note: (text: string) => void;
}

/** When HAProxy had no instance UP (from its statistics, polled every 100 ms). */
interface Window {
  from: number;
  to: number;
}

export interface ColdStartFigures {
  /** When the cold start began: the prerendered pages kept before it must be the ones every start read. */
  startedAt: number;
  noServer: Window[];
  startCpuSeconds: number[];
  readyMs: number[];
  loadAtReady: string;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** user + sys of a process and of the children it reaped, in seconds (/proc/<pid>/stat, ticks of 10 ms). */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
}

/** Every instance SIGTERMed at once, and all started again together, under the load; then a settling spell. */
export async function coldStart(controls: ClusterControls, indexes: number[]): Promise<ColdStartFigures> {
  const noServer: Window[] = [];
  let watching = true;
  const watcher = (async () => {
    let open: Window | undefined;
    while (watching) {
      const states = await haproxyServerStates(controls.statsUrl).catch(() => undefined);
      const now = Date.now();
      if (states) {
        const anyUp = [...states.values()].some((state) => state === 'UP');
        if (!anyUp && !open) noServer.push((open = { from: now, to: now }));
        if (!anyUp && open) open.to = now;
        if (anyUp) open = undefined;
      }
      await sleep(100);
    }
  })();

  controls.setPhase('cold start');
  const coldStartAt = Date.now();
  const stopping = indexes.map((index) => {
    controls.instance(index).kill('SIGTERM');
    return exitOf(controls.instance(index));
  });
  controls.note(`every instance (${indexes.map((index) => `app${index + 1}`).join(', ')}) SIGTERMed together`);
  const exits = await Promise.all(stopping);
  controls.note(`all stopped (exit codes ${exits.map((exit) => exit.code).join(', ')}); starting them together`);
  const startedAt = Date.now();
  const children = indexes.map((index) => controls.start(index));
  const readyAt = await Promise.all(
    indexes.map(async (index, position) => {
      await waitFor(`app${index + 1} to be ready after the cold start`, 180_000, () => controls.readyz(index));
      return { ms: Date.now() - startedAt, cpu: cpuSecondsOf(children[position]!.pid!) };
    }),
  );
  const loadAtReady = load();
  controls.note(
    `all ready: ${readyAt.map((ready, position) => `app${indexes[position]! + 1} in ${ready.ms} ms, ${ready.cpu.toFixed(2)} CPU-s`).join('; ')} [load ${loadAtReady}]`,
  );
  await Promise.all(indexes.map((index) => controls.upInHaproxy(index)));
  controls.note('all UP in HAProxy');
  controls.setPhase('after cold start');
  await sleep(5_000);
  watching = false;
  await watcher;
  return { startedAt: coldStartAt, noServer, startCpuSeconds: readyAt.map((ready) => ready.cpu), readyMs: readyAt.map((ready) => ready.ms), loadAtReady };
}

/** A fourth instance started under the load, until HAProxy sends it requests; then a spell with four. */
export async function scaleOut(controls: ClusterControls, index: number): Promise<{ cpuSeconds: number; readyMs: number }> {
  controls.setPhase('scale-out');
  const startedAt = Date.now();
  const child = controls.start(index);
  await waitFor(`app${index + 1} to be ready`, 180_000, () => controls.readyz(index));
  const figures = { cpuSeconds: cpuSecondsOf(child.pid!), readyMs: Date.now() - startedAt };
  controls.note(`app${index + 1} added: ready in ${figures.readyMs} ms, ${figures.cpuSeconds.toFixed(2)} CPU-s [load ${load()}]`);
  await controls.upInHaproxy(index);
  controls.note(`app${index + 1} UP in HAProxy`);
  await sleep(5_000);
  return figures;
}

/** HAProxy's own answer when no server could take the request: no X-Portal-Instance, since no instance answered. */
const balancerOwn503 = (sample: Sample) => sample.status === 503 && sample.instance === undefined;

/** The assertions of both phases; `check` is run.ts's. */
export function checkColdStartAndScaleOut(
  samples: Sample[],
  figures: ColdStartFigures,
  scaleOutIndex: number,
  keptPages: Array<{ renderedAt: Date }>,
  check: (condition: boolean, message: string) => void,
): void {
  const windows = figures.noServer.map((window) => `${((window.to - window.from) / 1000).toFixed(1)} s`).join(', ') || 'none';
  // The statistics are polled every 100 ms and the checks run every 500 ms: a request sent up to a second around a
  // window still met HAProxy without a server.
  const inWindow = (sample: Sample) => figures.noServer.some((window) => sample.endedAt >= window.from - 1_000 && sample.startedAt <= window.to + 1_000);
  const failed = samples.filter((sample) => sample.phase === 'cold start' && !ok(sample));
  const unroutable = failed.filter((sample) => balancerOwn503(sample) && inWindow(sample));
  const other = failed.filter((sample) => !unroutable.includes(sample));
  console.log(
    `  cold start: ${failed.length} failed request${failed.length === 1 ? '' : 's'}, ${unroutable.length} of them HAProxy's 503 while no server was UP (windows: ${windows})`,
  );
  check(
    other.length === 0,
    `cold start under load: no failed request beyond the ${unroutable.length} HAProxy could not route while no server was up${
      other.length
        ? `: ${other
            .slice(0, 5)
            .map((s) => `${s.action} ${s.status} ${s.instance ?? 'no instance'} ${s.error ?? ''}`)
            .join('; ')}`
        : ''
    }`,
  );
  console.log(
    `  cold start: CPU-s to ready ${figures.startCpuSeconds.map((seconds) => seconds.toFixed(2)).join(', ')}, ready after ${figures.readyMs.join(', ')} ms; load ${figures.loadAtReady}`,
  );
  check(
    keptPages.length === 1 && keptPages[0]!.renderedAt.getTime() < figures.startedAt,
    `the prerendered pages were rendered once, before the cold start, and read by every later start (${keptPages.length} kept, rendered ${keptPages.map((row) => `${((figures.startedAt - row.renderedAt.getTime()) / 1000).toFixed(0)} s before it`).join(', ')})`,
  );
  for (const name of ['after cold start', 'scale-out']) {
    const phaseFailed = samples.filter((sample) => sample.phase === name && !ok(sample));
    check(
      phaseFailed.length === 0,
      `no failed request in the phase "${name}"${
        phaseFailed.length
          ? `: ${phaseFailed
              .slice(0, 5)
              .map((s) => `${s.action} ${s.status} ${s.error ?? ''}`)
              .join('; ')}`
          : ''
      }`,
    );
  }
  const served = samples.filter((sample) => sample.phase === 'scale-out' && sample.instance === `app${scaleOutIndex + 1}`).length;
  check(served > 0, `the added app${scaleOutIndex + 1} served requests once UP (${served})`);
}
