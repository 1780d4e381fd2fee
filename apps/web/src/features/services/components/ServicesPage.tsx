import { Button, Grid, Paper, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconCurrencyDollar, IconLoader, IconRefresh, IconServer2, IconSettings } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { errorMessage } from '../../../shared/api';
import { formatMoney } from '../../../shared/format';
import { useSignedInUser } from '../../../shared/session';
import { LoadedWhenOpened, usePreloadWhenIdle } from '../../../shared/ui/LoadedWhenOpened';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { StatCard } from '../../../shared/ui/StatCard';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { useFirstAnswerDeferred } from '../../../shared/ui/use-first-answer-deferred';
import { servicesQuery } from '../api/services-queries';
import { breakdownByCategory, sortForDisplay, summarizeServices } from '../service-figures';
import { CategoryBreakdownCard } from './CategoryBreakdownCard';
import { ServiceCard } from './ServiceCard';

// The Manage Services dialog loads when first opened, or once the screen is shown and the browser is idle: the
// screen's first paint does not wait for it (decision 0022).
const loadManageServicesModal = () => import('./ManageServicesModal');
const ManageServicesModal = lazy(async () => ({ default: (await loadManageServicesModal()).ManageServicesModal }));

/** Spec §2 and §8, Services. */
export const SERVICES_TITLE = 'Enterprise Services';
/** The services screen's purpose: with their cost for the billing group (also in the server's skeleton, decision 0022). */
export const servicesDescription = (billing: boolean) =>
  `The services your organization subscribes to${billing ? ', their status and what they cost each month.' : ' and their status.'}`;
export const SERVICES_ERROR_TITLE = 'Error Loading Services';
export const SERVICES_ERROR_MESSAGE = 'Failed to load services';
export const SERVICES_EMPTY_TITLE = 'No Services Found';
export const SERVICES_EMPTY_MESSAGE = 'No services are currently configured for your account.';

export function ServicesPage() {
  const { timeZone, flags } = useSignedInUser();
  const services = useQuery(servicesQuery());
  // The figures and cards first appear in a render React can pause for the browser (decision 0022).
  const shown = useFirstAnswerDeferred(services.data);
  const [manageOpened, manage] = useDisclosure(false);
  usePreloadWhenIdle(loadManageServicesModal);

  return (
    <Stack gap="xl">
      <PageHeader
        title={SERVICES_TITLE}
        description={servicesDescription(flags.billing_group)}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={() => void services.refetch()}
              loading={services.isFetching && !services.isPending}
            >
              Refresh
            </Button>
            <Button leftSection={<IconSettings size={16} aria-hidden="true" />} onClick={manage.open}>
              Manage Services
            </Button>
          </>
        }
      />
      <LoadedWhenOpened opened={manageOpened}>
        <ManageServicesModal opened={manageOpened} onClose={manage.close} />
      </LoadedWhenOpened>

      {services.isError ? (
        <ErrorState
          title={SERVICES_ERROR_TITLE}
          message={errorMessage(services.error, SERVICES_ERROR_MESSAGE)}
          onRetry={() => void services.refetch()}
          retrying={services.isFetching}
        />
      ) : shown === undefined ? (
        <LoadingState label="Loading your services">
          <Stack gap="lg">
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
              {[0, 1, 2, 3].map((key) => (
                <Skeleton key={key} height={104} radius="lg" />
              ))}
            </SimpleGrid>
            <Skeleton height={140} radius="lg" />
            <Skeleton height={140} radius="lg" />
          </Stack>
        </LoadingState>
      ) : shown.length === 0 ? (
        <EmptyState icon={IconServer2} title={SERVICES_EMPTY_TITLE} message={SERVICES_EMPTY_MESSAGE} />
      ) : (
        <ServicesOverview services={shown} timeZone={timeZone} />
      )}
    </Stack>
  );
}

function ServicesOverview({ services, timeZone }: { services: Parameters<typeof summarizeServices>[0]; timeZone: string }) {
  const summary = summarizeServices(services);
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 2, md: summary.monthlyCost === null ? 3 : 4 }} spacing={{ base: 'sm', sm: 'md' }} component="section" aria-label="Summary">
        <StatCard label="Active Services" value={summary.active} icon={IconCircleCheck} colour="green" hint={`of ${services.length} in total`} />
        <StatCard label="Provisioning" value={summary.provisioning} icon={IconLoader} colour="blue" hint="Being set up for you" />
        <StatCard label="Issues" value={summary.issues} icon={IconAlertTriangle} colour={summary.issues > 0 ? 'orange' : 'gray'} hint="Inactive or suspended" />
        {summary.monthlyCost !== null && (
          <StatCard label="Monthly Cost" value={formatMoney(summary.monthlyCost)} icon={IconCurrencyDollar} colour="teal" hint="Active services, per month" />
        )}
      </SimpleGrid>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="md" component="section" aria-labelledby="service-list">
            <Title order={2} fz="lg" id="service-list">
              Your services
            </Title>
            {sortForDisplay(services).map((service) => (
              <ServiceCard key={service.pk} service={service} timeZone={timeZone} />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Paper bg="transparent" style={{ position: 'sticky', top: 88 }}>
            <CategoryBreakdownCard breakdown={breakdownByCategory(services)} />
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
