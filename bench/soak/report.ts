/** The figures at the end of a soak run, printed as tables. */
import { linearFit, percentile, type Recorder } from './recorder.js';
import type { DatabaseSize } from './server.js';

export interface MemorySample {
  /** Milliseconds since the load started. */
  t: number;
  rssMb: number;
  heapMb?: number;
}

const fmt = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const out = (line = '') => process.stdout.write(`${line}\n`);

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  out(line(header));
  out(`|${widths.map((w, i) => (i === 0 ? `${'-'.repeat(w + 2)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows) out(line(row));
}

export function printCalls(recorder: Recorder, seconds: number): void {
  const rows = [...recorder.calls.entries()]
    .sort((a, b) => b[1].latencies.length - a[1].latencies.length)
    .map(([name, stats]) => {
      const others = [...stats.statuses.entries()].filter(([status]) => !/^2\d\d$/.test(status)).map(([status, count]) => `${status}×${count}`);
      return [
        name,
        fmt(stats.latencies.length),
        fmt(stats.latencies.length / seconds, 2),
        `${fmt(percentile(stats.latencies, 50), 1)}`,
        `${fmt(percentile(stats.latencies, 99), 1)}`,
        `${fmt(stats.latencies.length ? Math.max(...stats.latencies) : 0, 0)}`,
        others.length ? others.join(' ') : '0',
      ];
    });
  const all = [...recorder.calls.values()].flatMap((stats) => stats.latencies);
  rows.push([
    'all calls',
    fmt(recorder.total),
    fmt(recorder.total / seconds, 2),
    fmt(percentile(all, 50), 1),
    fmt(percentile(all, 99), 1),
    fmt(all.length ? Math.max(...all) : 0),
    String(recorder.failedTotal),
  ]);
  printTable(['call', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'failed (status×count)'], rows);
}

/** Resident memory over the run, one figure a minute, and its slope after the warm-up (the first 20 % left out). */
export function printMemory(samples: MemorySample[], durationMs: number): { rssSlope: number } {
  const perMinute = new Map<number, MemorySample>();
  for (const sample of samples) perMinute.set(Math.floor(sample.t / 60_000), sample);
  out(`Server RSS by minute (MB): ${[...perMinute.values()].map((s) => fmt(s.rssMb, 1)).join(' · ')}`);
  const heap = [...perMinute.values()].filter((s) => s.heapMb !== undefined);
  if (heap.length) out(`V8 heap used by minute (MB): ${heap.map((s) => fmt(s.heapMb!, 1)).join(' · ')}`);
  const warm = samples.filter((s) => s.t >= 0.2 * durationMs && s.t <= durationMs);
  const rss = linearFit(warm.map((s) => [s.t / 600_000, s.rssMb]));
  const heapFit = linearFit(warm.filter((s) => s.heapMb !== undefined).map((s) => [s.t / 600_000, s.heapMb!]));
  const rssValues = samples.map((s) => s.rssMb);
  if (warm.length < 6) {
    out(
      `RSS: ${fmt(rssValues[0] ?? 0, 1)} MB at the start, ${fmt(Math.max(...rssValues), 1)} MB at most, ${fmt(rssValues.at(-1) ?? 0, 1)} MB at the end; too few samples after the warm-up for a slope`,
    );
    return { rssSlope: 0 };
  }
  out(
    `RSS: ${fmt(rssValues[0] ?? 0, 1)} MB at the start, ${fmt(Math.max(...rssValues), 1)} MB at most, ${fmt(rssValues.at(-1) ?? 0, 1)} MB at the end; ` +
      `after the warm-up (${warm.length} samples from minute ${fmt((0.2 * durationMs) / 60_000, 1)}): ${rss.slope >= 0 ? '+' : ''}${fmt(rss.slope, 2)} MB per 10 min (r² ${fmt(rss.r2, 2)}); ` +
      `V8 heap used ${heapFit.slope >= 0 ? '+' : ''}${fmt(heapFit.slope, 2)} MB per 10 min (r² ${fmt(heapFit.r2, 2)})`,
  );
  return { rssSlope: rss.slope };
}

export function printDatabase(before: DatabaseSize, after: DatabaseSize, requests: number): void {
  const growth = after.bytes - before.bytes;
  out(
    `Database: ${fmt(before.bytes / 1024 / 1024, 1)} MB → ${fmt(after.bytes / 1024 / 1024, 1)} MB (pg_database_size), ` +
      `+${fmt(growth / 1024, 0)} kB for ${fmt(requests)} requests = ${fmt(growth / 1024 / (requests / 1000), 1)} kB per 1,000 requests`,
  );
  const tables = [...after.tables.entries()]
    .map(([name, bytes]) => [name, bytes - (before.tables.get(name) ?? 0)] as const)
    .filter(([, grew]) => grew > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8);
  out(`  grew most (table with indexes and TOAST): ${tables.map(([name, grew]) => `${name} +${fmt(grew / 1024, 0)} kB`).join(', ')}`);
}
