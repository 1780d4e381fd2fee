import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { TREND_CHART_HEIGHT } from './trend-chart-size';

export interface TicketTrendRow {
  month: string;
  Opened: number;
  Closed: number;
}

/** The bars of the ticket trend: recharts and @mantine/charts, in a chunk of their own that only the dashboard loads. */
export function TicketTrendBars({ data }: { data: TicketTrendRow[] }) {
  return (
    <BarChart
      h={TREND_CHART_HEIGHT}
      data={data}
      dataKey="month"
      series={[
        { name: 'Opened', color: 'brand.6' },
        { name: 'Closed', color: 'teal.6' },
      ]}
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      tickLine="y"
      gridAxis="y"
      barProps={{ radius: [4, 4, 0, 0] }}
      yAxisProps={{ allowDecimals: false, width: 32 }}
      // The chart is hidden from assistive technology (the table beside it carries its figures), so it must not take focus either.
      barChartProps={{ accessibilityLayer: false }}
    />
  );
}
