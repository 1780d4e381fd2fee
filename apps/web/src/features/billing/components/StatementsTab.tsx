import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import type { Statement } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api';
import { formatCalendarDate, formatDate } from '../../../shared/format';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { downloadStatement, statementsQuery } from '../api/billing-queries';
import { statementStatusColour, statementStatusLabel } from '../billing-display';
import { Money, NoWrap } from './Money';
import { PagedList } from './PagedList';
import { useRowDownloads } from './RowDownloads';

export const STATEMENTS_FAILED = 'Failed to load statements';
export const DOWNLOAD_FAILED = 'Failed to download statement';

/** A calendar date of the billing system ('YYYY-MM-DD'), shown as the same day everywhere. */
const calendarDay = (date: string | undefined) => (date ? formatCalendarDate(date) : '—');

/** Paid, Partly paid, Due or Overdue, with what is left when some of it is paid or it is late (docs/decisions/0032). */
function StatementStatus({ statement }: { statement: Statement }) {
  if (!statement.status)
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  const left =
    (statement.status === 'partly_paid' || statement.status === 'overdue') && statement.amount_outstanding !== undefined
      ? statement.amount_outstanding
      : undefined;
  return (
    <Group gap={6} wrap="wrap" component="span">
      <StatusBadge colour={statementStatusColour(statement.status)}>{statementStatusLabel(statement.status)}</StatusBadge>
      {left !== undefined && (
        <Text span size="sm" c="dimmed">
          <Money amount={left} /> unpaid
        </Text>
      )}
    </Group>
  );
}

/** How a statement is named to a screen reader and in messages: its number, else its date. */
const statementName = (s: Statement) => (s.number ? `statement ${s.number}` : `the statement of ${formatDate(s.created, 'UTC')}`);

export function StatementsTab({ billingId }: { billingId: string }) {
  const statements = useQuery(statementsQuery(billingId));
  const downloadButton = useRowDownloads(downloadStatement, DOWNLOAD_FAILED);

  if (statements.isPending) {
    return (
      <LoadingState label="Loading statements">
        <Stack gap="xs">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={44} radius="md" />
          ))}
        </Stack>
      </LoadingState>
    );
  }
  if (statements.isError)
    return (
      <ErrorState
        title={STATEMENTS_FAILED}
        message={errorMessage(statements.error, STATEMENTS_FAILED)}
        onRetry={() => void statements.refetch()}
        retrying={statements.isFetching}
      />
    );
  if (statements.data.length === 0)
    return <EmptyState icon={IconFileInvoice} title="No statements yet" message="Your first statement appears here after your first billing day." />;

  return (
    <PagedList
      label="Statements"
      rows={statements.data}
      rowKey={(s) => s._id}
      columns={[
        {
          header: 'Statement',
          // The number a bookkeeper files it by, over the statement's date (the date alone when there is no number).
          cell: (s) => (
            <Stack gap={0}>
              <NoWrap fw={600}>{s.number ?? formatDate(s.created, 'UTC')}</NoWrap>
              {s.number && (
                <NoWrap size="sm" c="dimmed">
                  {formatDate(s.created, 'UTC')}
                </NoWrap>
              )}
            </Stack>
          ),
        },
        {
          header: 'Period',
          cell: (s) => (
            <NoWrap>
              {calendarDay(s.period_start)} – {calendarDay(s.period_end)}
            </NoWrap>
          ),
        },
        { header: 'Due', cell: (s) => <NoWrap>{calendarDay(s.due_date)}</NoWrap> },
        { header: 'Amount due', align: 'right', cell: (s) => (s.amount_due === undefined ? '—' : <Money amount={s.amount_due} fw={600} />) },
        { header: 'Status', cell: (s) => <StatementStatus statement={s} /> },
        { header: 'Download', align: 'right', cell: (s) => downloadButton(s, `Download ${statementName(s)}`, 'PDF') },
      ]}
      card={(s) => (
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            {/* A billing system's number may be long: it wraps rather than widen the card. */}
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {s.number ?? <NoWrap>{formatDate(s.created, 'UTC')}</NoWrap>}
            </Text>
            <Text size="sm" c="dimmed">
              {s.number && (
                <>
                  <NoWrap>{formatDate(s.created, 'UTC')}</NoWrap>
                  {' · '}
                </>
              )}
              Due <NoWrap>{calendarDay(s.due_date)}</NoWrap>
              {s.amount_due !== undefined && (
                <>
                  {' · '}
                  <Money amount={s.amount_due} />
                </>
              )}
            </Text>
            {s.status && <StatementStatus statement={s} />}
          </Stack>
          {downloadButton(s, `Download ${statementName(s)}`, 'PDF')}
        </Group>
      )}
    />
  );
}
