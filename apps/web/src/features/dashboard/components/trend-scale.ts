/**
 * The value axis of the ticket trend: whole numbers from 0 to a round top at or above the largest bar, in at most
 * five steps of 1, 2 or 5 times a power of ten (0, 10, 20, 30, 40 for a largest month of 34).
 */
export function trendScale(largest: number): { top: number; ticks: number[] } {
  const rough = Math.max(largest, 1) / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(
    1,
    [1, 2, 5, 10].map((multiple) => multiple * magnitude).find((candidate) => candidate >= rough)!,
  );
  const top = Math.max(step, Math.ceil(largest / step) * step);
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, index) => index * step) };
}
