import { Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { DashboardSummary } from '@portal/contract';
import { formatMonth, formatMonthName } from '../../../shared/format';
import { TicketTrendBars } from './TicketTrendBars';

/** Tickets opened and closed per month; the same figures as a table for screen readers. */
export function TicketTrendChart({ trend, scope }: { trend: DashboardSummary['ticket_trend']; scope: DashboardSummary['tickets_scope'] }) {
  const data = trend.map((point) => ({
    month: formatMonth(point.month),
    shortMonth: formatMonthName(point.month),
    Opened: point.opened,
    Closed: point.closed,
  }));
  const empty = trend.every((point) => point.opened === 0 && point.closed === 0);
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
              <TicketTrendBars data={data} />
            </div>
            {/* A plain table: it is never seen, and Mantine's Table brings its scroll area and floating-ui along. */}
            <VisuallyHidden>
              <table>
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
              </table>
            </VisuallyHidden>
          </>
        )}
      </Stack>
    </Paper>
  );
}
