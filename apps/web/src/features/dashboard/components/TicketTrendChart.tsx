import { Paper, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { DashboardSummary } from '@portal/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { formatMonth } from '../../../shared/format';
import { TREND_CHART_HEIGHT } from './trend-chart-size';

// The chart library (recharts, ~120 KB compressed) is fetched only when the chart is shown, and the
// dashboard's figures paint without waiting for it; the table below carries the same figures (issue 16).
const TicketTrendBars = lazy(async () => ({ default: (await import('./TicketTrendBars')).TicketTrendBars }));
/** The chart's height, kept while it loads: nothing below it moves when it arrives. */
const chartPlaceholder = <Skeleton h={TREND_CHART_HEIGHT} radius="md" />;

/**
 * True once the screen has been painted with this component on it: in the second animation frame after it mounts (the
 * first frame's callbacks run before that frame is painted). The chart's ~100 KB start then, not while the
 * dashboard's heading and figures are on their way to the screen (issue 16, largest contentful paint on a phone).
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => setPainted(true));
    });
    return () => cancelAnimationFrame(frame);
  }, []);
  return painted;
}

/** Tickets opened and closed per month; the same figures as a table for screen readers. */
export function TicketTrendChart({ trend, scope }: { trend: DashboardSummary['ticket_trend']; scope: DashboardSummary['tickets_scope'] }) {
  const data = trend.map((point) => ({ month: formatMonth(point.month), Opened: point.opened, Closed: point.closed }));
  const empty = trend.every((point) => point.opened === 0 && point.closed === 0);
  const painted = usePaintedOnce();
  return (
    <Paper component="section" aria-labelledby="ticket-trend-heading" withBorder radius="lg" p="lg" h="100%">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="ticket-trend-heading">
            Support tickets
          </Title>
          <Text size="sm" c="dimmed">
            Opened and closed in the last six months, {scope === 'account' ? 'across your organization' : 'assigned to you'}.
          </Text>
        </Stack>
        {empty ? (
          <Text size="sm" c="dimmed" py="xl" ta="center">
            No tickets in the last six months.
          </Text>
        ) : (
          <>
            <div aria-hidden="true">
              {painted ? (
                <Suspense fallback={chartPlaceholder}>
                  <TicketTrendBars data={data} />
                </Suspense>
              ) : (
                chartPlaceholder
              )}
            </div>
            <VisuallyHidden>
              <Table>
                <caption>Support tickets per month</caption>
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col">Opened</th>
                    <th scope="col">Closed</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((row) => (
                    <tr key={row.month}>
                      <th scope="row">{row.month}</th>
                      <td>{row.Opened}</td>
                      <td>{row.Closed}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
