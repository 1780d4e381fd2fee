import { Anchor, Grid, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { IconCircleCheck, IconCurrencyDollar, IconLifebuoy, IconReceipt2, IconStar } from '@tabler/icons-react';
import { DAYS_PAST_DUE_SHOWN_ABOVE, type DashboardSummary } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { createElement, Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api';
import { formatMoney } from '../../../shared/format';
import { useSignedInUser } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { StatCard } from '../../../shared/ui/StatCard';
import { useFirstAnswerDeferred } from '../../../shared/ui/use-first-answer-deferred';
import { ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { dashboardQuery } from '../api/dashboard-queries';
import { RecentActivity } from './RecentActivity';
import { Shortcuts } from './Shortcuts';
import { TicketTrendChart } from './TicketTrendChart';

export const DASHBOARD_TITLE = 'Dashboard';
export const DASHBOARD_ERROR_TITLE = 'Error Loading Dashboard';
export const DASHBOARD_ERROR_MESSAGE = 'Failed to load the dashboard';

/**
 * The dashboard's purpose, which names the user and their account: the page words it with the names (text), the
 * server's skeleton (app/layouts/SignedInSkeleton) with empty slots that /color-scheme.js fills from the stored
 * session before the first paint (decision 0022, seventh session). Written once, so the two cannot drift apart.
 */
export function dashboardGreeting(firstname: string, accountName: string): string;
export function dashboardGreeting(firstname: ReactNode, accountName: ReactNode): ReactNode;
export function dashboardGreeting(firstname: ReactNode, accountName: ReactNode): ReactNode {
  const parts = ['Welcome back, ', firstname, '. Here is ', accountName, ' at a glance.'];
  // Children as arguments, not an array: they are a fixed sequence, not a list that would need keys.
  return parts.every((part) => typeof part === 'string') ? parts.join('') : createElement(Fragment, null, ...parts);
}

/** The account's real figures (the spec asks only for placeholders): tickets, services, cost, balance. */
export function DashboardPage() {
  const { firstname, accountName, timeZone, flags } = useSignedInUser();
  const dashboard = useQuery(dashboardQuery());
  // The figures, chart and activity first appear in a render React can pause for the browser (decision 0022).
  const summary = useFirstAnswerDeferred(dashboard.data);

  return (
    <Stack gap="xl">
      <PageHeader title={DASHBOARD_TITLE} description={dashboardGreeting(firstname, accountName)} />
      {dashboard.isError ? (
        <ErrorState
          title={DASHBOARD_ERROR_TITLE}
          message={errorMessage(dashboard.error, DASHBOARD_ERROR_MESSAGE)}
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isFetching}
        />
      ) : summary === undefined ? (
        <LoadingState label="Loading your dashboard">
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
              {[0, 1, 2, 3].map((key) => (
                <Skeleton key={key} height={104} radius="lg" />
              ))}
            </SimpleGrid>
            <Skeleton height={320} radius="lg" />
          </Stack>
        </LoadingState>
      ) : (
        <Stack gap="lg">
          <DashboardFigures summary={summary} />
          <Grid gap="lg" align="flex-start">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="lg">
                <TicketTrendChart trend={summary.ticket_trend} scope={summary.tickets_scope} />
                <Shortcuts billing={flags.billing_group} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <RecentActivity activity={summary.recent_activity} timeZone={timeZone} />
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Stack>
  );
}

function DashboardFigures({ summary }: { summary: DashboardSummary }) {
  const { billing } = summary;
  return (
    <SimpleGrid
      cols={{ base: 2, md: 2 + (summary.monthly_cost === null ? 0 : 1) + (billing ? 1 : 0) + (summary.satisfaction ? 1 : 0) }}
      spacing={{ base: 'sm', sm: 'md' }}
      component="section"
      aria-label="Key figures"
    >
      <StatCard label="Open Tickets" value={summary.open_tickets} icon={IconLifebuoy} colour="orange" hint={<OpenTicketsHint summary={summary} />} />
      <StatCard
        label="Active Services"
        value={summary.active_services}
        icon={IconCircleCheck}
        colour="green"
        hint={provisioningHint(summary.provisioning_services)}
      />
      {summary.monthly_cost !== null && (
        <StatCard label="Monthly Cost" value={formatMoney(summary.monthly_cost)} icon={IconCurrencyDollar} colour="teal" hint="Active services, per month" />
      )}
      {billing && (
        <StatCard
          label="Balance"
          value={formatMoney(billing.balance)}
          icon={IconReceipt2}
          colour={billing.days_past_due > 0 ? 'red' : 'brand'}
          hint={pastDueHint(billing)}
        />
      )}
      {/* Administrators only (decision 0047): how the account rated its completed tickets. */}
      {summary.satisfaction && (
        <StatCard
          label="Satisfaction"
          value={summary.satisfaction.average === null ? 'No ratings' : `${summary.satisfaction.average.toFixed(1)} / 5`}
          icon={IconStar}
          colour="yellow"
          hint={summary.satisfaction.count === 1 ? '1 rating, last 90 days' : `${summary.satisfaction.count} ratings, last 90 days`}
        />
      )}
    </SimpleGrid>
  );
}

/** Whose open tickets these are, and (decision 0033) how many wait for the customer's reply, as a link to the tickets. */
function OpenTicketsHint({ summary }: { summary: DashboardSummary }) {
  const scope = summary.tickets_scope === 'account' ? 'Across your organization' : 'Assigned to you';
  const waiting = summary.tickets_waiting_for_customer;
  if (waiting === 0) return scope;
  return (
    <>
      {scope}
      <br />
      <Anchor component={Link} to="/tickets" size="xs" fw={600} data-testid="waiting-for-reply">
        {waitingForReply(waiting)}
      </Anchor>
    </>
  );
}

export const waitingForReply = (count: number) => (count === 1 ? '1 waiting for your reply' : `${count} waiting for your reply`);

const provisioningHint = (count: number) => (count === 0 ? 'All provisioned' : count === 1 ? '1 more being set up' : `${count} more being set up`);

/** Like the billing screen (docs/product.md §9): the past-due amount when there is one, the days only above 15. */
function pastDueHint(billing: NonNullable<DashboardSummary['billing']>): string {
  if (billing.past_due_balance <= 0) return 'Nothing past due';
  const days = billing.days_past_due > DAYS_PAST_DUE_SHOWN_ABOVE ? ` (${billing.days_past_due} days)` : '';
  return `${formatMoney(billing.past_due_balance)} past due${days}`;
}
