/** Every request of the run as the client saw it: latency and status per call, for the figures and the progress lines. */

export interface CallStats {
  latencies: number[];
  statuses: Map<string, number>;
  failed: number;
}

export interface Failure {
  at: number;
  call: string;
  status: string;
  detail: string;
}

export class Recorder {
  readonly calls = new Map<string, CallStats>();
  readonly failures: Failure[] = [];
  total = 0;
  failedTotal = 0;
  /** The latencies since the last progress line. */
  private window: number[] = [];
  private windowFailed = 0;

  record(call: string, ms: number, status: string, ok: boolean, detail = ''): void {
    let stats = this.calls.get(call);
    if (!stats) this.calls.set(call, (stats = { latencies: [], statuses: new Map(), failed: 0 }));
    stats.latencies.push(ms);
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    this.total += 1;
    this.window.push(ms);
    if (!ok) {
      stats.failed += 1;
      this.failedTotal += 1;
      this.windowFailed += 1;
      // The first hundred are kept whole; the counts say the rest.
      if (this.failures.length < 100) this.failures.push({ at: Date.now(), call, status, detail: detail.slice(0, 500) });
    }
  }

  /** A failure found by a check rather than by a request's status (a payment charged twice). */
  problem(call: string, status: string, detail: string): void {
    this.failedTotal += 1;
    this.windowFailed += 1;
    let stats = this.calls.get(call);
    if (!stats) this.calls.set(call, (stats = { latencies: [], statuses: new Map(), failed: 0 }));
    stats.failed += 1;
    stats.statuses.set(status, (stats.statuses.get(status) ?? 0) + 1);
    if (this.failures.length < 100) this.failures.push({ at: Date.now(), call, status, detail: detail.slice(0, 500) });
  }

  /** What happened since the last call of this method. */
  takeWindow(): { count: number; failed: number; p50: number; p99: number } {
    const window = this.window;
    const failed = this.windowFailed;
    this.window = [];
    this.windowFailed = 0;
    return { count: window.length, failed, p50: percentile(window, 50), p99: percentile(window, 99) };
  }
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Least-squares slope of y over x, and r². */
export function linearFit(points: Array<[number, number]>): { slope: number; r2: number } {
  const n = points.length;
  if (n < 2) return { slope: 0, r2: 0 };
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
    syy += (y - my) ** 2;
  }
  if (sxx === 0) return { slope: 0, r2: 0 };
  const slope = sxy / sxx;
  return { slope, r2: syy === 0 ? 1 : (sxy * sxy) / (sxx * syy) };
}
