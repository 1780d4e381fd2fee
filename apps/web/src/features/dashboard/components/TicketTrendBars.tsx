import type { CSSProperties } from 'react';
import classes from './TicketTrendBars.module.css';
import { trendScale } from './trend-scale';

export interface TicketTrendRow {
  /** 'Nov 2026', and 'Nov' where the chart is too narrow for the year under every month. */
  month: string;
  shortMonth: string;
  Opened: number;
  Closed: number;
}

const SERIES = [
  { key: 'Opened', colour: 'var(--mantine-color-brand-6)' },
  { key: 'Closed', colour: 'var(--mantine-color-teal-6)' },
] as const;

/**
 * The bars of the ticket trend, drawn by the browser from plain elements (TicketTrendBars.module.css): twelve bars do
 * not need a chart library, and the one this replaced (recharts, with redux and d3 inside, ~115 KB compressed) cost a
 * phone ~360 ms of main thread to load and draw (decision 0022). Hidden from assistive technology by its
 * caller, whose table carries the same figures.
 */
export function TicketTrendBars({ data }: { data: TicketTrendRow[] }) {
  const { top, ticks } = trendScale(Math.max(0, ...data.flatMap((row) => [row.Opened, row.Closed])));
  const share = (value: number) => `${(value / top) * 100}%`;
  return (
    <div className={classes.chart}>
      <div className={classes.plot}>
        <div className={classes.valueAxis}>
          {ticks.map((tick) => (
            <span key={tick} style={{ bottom: share(tick) }}>
              {tick}
            </span>
          ))}
        </div>
        <div className={classes.area}>
          {ticks.map((tick) => (
            <div key={tick} className={classes.gridLine} style={{ bottom: share(tick) }} />
          ))}
          {data.map((row) => (
            <div key={row.month} className={classes.month}>
              {SERIES.map(({ key, colour }) => (
                <div key={key} className={classes.bar} style={{ height: share(row[key]), '--bar-colour': colour } as CSSProperties} />
              ))}
            </div>
          ))}
        </div>
        <div className={classes.monthAxis}>
          {data.map((row) => (
            <span key={row.month}>
              <span className={classes.long}>{row.month}</span>
              <span className={classes.short}>{row.shortMonth}</span>
            </span>
          ))}
        </div>
      </div>
      <div className={classes.legend}>
        {SERIES.map(({ key, colour }) => (
          <span key={key} className={classes.key} style={{ '--bar-colour': colour } as CSSProperties}>
            {key}
          </span>
        ))}
      </div>
    </div>
  );
}
