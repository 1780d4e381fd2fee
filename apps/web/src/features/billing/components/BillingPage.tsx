import { Alert, Box, Grid, Paper, SimpleGrid, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api';
import { useSignedInUser } from '../../../shared/session';
import { usePreloadWhenIdle, usePreloadWhile } from '../../../shared/ui/LoadedWhenOpened';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SectionTabs, useTabInAddress } from '../../../shared/ui/SectionTabs';
import { ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { useFirstAnswerDeferred } from '../../../shared/ui/use-first-answer-deferred';
import { billingAccountQuery } from '../api/billing-queries';
import { BILLING_TABS, type BillingTab } from '../billing-tabs';
import { AutoPayTab, loadCardModal, loadRemoveCardModal } from './AutoPayTab';
import { BillingSidePanel, OverdueBox } from './BillingSidePanel';
import { loadOrderDetailsModal, OrdersTab } from './OrdersTab';
import { OverviewTab } from './OverviewTab';
import { PaymentHistoryTab } from './PaymentHistoryTab';
import { StatementsTab } from './StatementsTab';
import type { PaymentPrefill } from './MakePaymentTab';

// Make Payment (the card form: Select, floating-ui, NumberInput, SegmentedControl, ~35 KB compressed) loads when
// first shown, or once the screen is shown and the browser is idle: the Overview the screen opens on waits for none
// of it (decision 0022).
const loadMakePaymentTab = () => import('./MakePaymentTab');
const MakePaymentTab = lazy(async () => ({ default: (await loadMakePaymentTab()).MakePaymentTab }));

/** Spec texts (docs/product.md §8). */
/** The screen's heading, also painted by the skeleton the server sends before the app's scripts (decision 0022). */
export const BILLING_HEADING = { title: 'Billing', description: 'Your balance, statements, payments and orders; pay by card and set up automatic payments.' };
export const NO_BILLING_ID = 'No billing_api_id found in user account data';
export const BILLING_LOAD_FAILED = 'Failed to load billing information';
export const NO_BILLING_ACCOUNT = 'No billing account found';

export function BillingPage() {
  const { billingApiId } = useSignedInUser();
  const [tab, openTab] = useTabInAddress(BILLING_TABS);
  // The payment form and the tabs' dialogs load when first shown; their code starts loading anyway once the screen is
  // shown and the browser is idle, so that a first opening seldom waits (decision 0022).
  usePreloadWhenIdle(loadMakePaymentTab, loadCardModal, loadRemoveCardModal, loadOrderDetailsModal);
  usePreloadWhile(tab === 'pay', loadMakePaymentTab);

  return (
    <Stack gap="xl">
      <PageHeader {...BILLING_HEADING} />
      {billingApiId ? (
        <BillingAccountView billingId={billingApiId} tab={tab} openTab={openTab} />
      ) : (
        <Alert
          color="red"
          variant="light"
          radius="lg"
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
          title="Billing is not available"
          styles={{ title: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' } }}
        >
          {NO_BILLING_ID}
        </Alert>
      )}
    </Stack>
  );
}

function BillingAccountView({ billingId, tab, openTab }: { billingId: string; tab: BillingTab; openTab: (tab: BillingTab) => void }) {
  const account = useQuery(billingAccountQuery(billingId));
  // The account first appears in a render React can pause for the browser (decision 0022).
  const data = useFirstAnswerDeferred(account.data);
  const tabsRef = useRef<HTMLDivElement>(null);
  // The amount Pay now asks for; it lasts while Make Payment is open (another way in starts from the balance).
  const [payPrefill, setPayPrefill] = useState<PaymentPrefill | null>(null);
  useEffect(() => {
    if (tab !== 'pay') setPayPrefill(null);
  }, [tab]);

  if (account.isError) {
    const missing = account.error instanceof ApiError && account.error.status === 404;
    return (
      <ErrorState
        title={missing ? NO_BILLING_ACCOUNT : BILLING_LOAD_FAILED}
        message={missing ? 'Your account has no billing account yet. Please contact support.' : errorMessage(account.error, BILLING_LOAD_FAILED)}
        onRetry={() => void account.refetch()}
        retrying={account.isFetching}
      />
    );
  }

  if (data === undefined) {
    return (
      <LoadingState label="Loading billing information">
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
          {[0, 1, 2, 3].map((key) => (
            <Skeleton key={key} height={112} radius="lg" />
          ))}
        </SimpleGrid>
        <Skeleton height={280} radius="lg" mt="md" />
      </LoadingState>
    );
  }

  // From the side panel (below the tabs on a phone) the chosen tab is also brought into view.
  const showTab = (next: BillingTab) => {
    openTab(next);
    tabsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const payNow = (amount: number) => {
    setPayPrefill((previous) => ({ amount, id: (previous?.id ?? 0) + 1 }));
    showTab('pay');
  };
  return (
    <Stack gap="lg">
      {/* On a narrow screen the overdue notice comes first and the side panel after the tabs. */}
      <Box hiddenFrom="lg">
        <OverdueBox account={data} payNow={payNow} />
      </Box>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8, xl: 9 }}>
          <Paper ref={tabsRef} withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} style={{ scrollMarginTop: 80 }}>
            <SectionTabs tabs={BILLING_TABS} value={tab} onChange={openTab} label="Billing sections">
              <Tabs.Panel value="overview">
                <OverviewTab account={data} openTab={openTab} />
              </Tabs.Panel>
              <Tabs.Panel value="statements">
                <StatementsTab billingId={billingId} />
              </Tabs.Panel>
              <Tabs.Panel value="payments">
                <PaymentHistoryTab billingId={billingId} />
              </Tabs.Panel>
              <Tabs.Panel value="orders">
                <OrdersTab />
              </Tabs.Panel>
              <Tabs.Panel value="pay">
                <Suspense fallback={<LoadingState label="Loading the payment form" />}>
                  <MakePaymentTab billingId={billingId} account={data} prefill={payPrefill} />
                </Suspense>
              </Tabs.Panel>
              <Tabs.Panel value="autopay">
                <AutoPayTab billingId={billingId} account={data} />
              </Tabs.Panel>
            </SectionTabs>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4, xl: 3 }}>
          <BillingSidePanel account={data} openTab={showTab} payNow={payNow} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
