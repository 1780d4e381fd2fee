import { Button, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconKey, IconLock, IconPlus, IconTool } from '@tabler/icons-react';
import type { AcceptedAsset } from '@portal/contract';
import { useQueries } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useSignedInUser } from '../../../shared/session';
import { LoadedWhenOpened, usePreloadWhenIdle, usePreloadWhile } from '../../../shared/ui/LoadedWhenOpened';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { SectionTabs, useTabInAddress } from '../../../shared/ui/SectionTabs';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { assetsPageQuery, credentialsQuery, hasAnswered, inventoryStatsQuery, lastAnswerFailed, useEveryAsset, vendorsQuery } from '../api/inventory-queries';
import { countersFromLists } from '../inventory-lists';
import { inventoryTabsFor, type InventoryTab } from '../inventory-tabs';
import { AssetsTab } from './AssetsTab';
import { CredentialCard } from './CredentialCard';
import { OverviewTab } from './OverviewTab';

// The two dialogs load when first opened, and the Vendors tab (with libphonenumber-js, ~28 KB compressed, for its
// phone numbers) when first shown, or all three once the screen is shown and the browser is idle: the Overview the
// screen opens on waits for none of them (decision 0022).
const loadAssetDetailModal = () => import('./AssetDetailModal');
const loadCredentialFormModal = () => import('./CredentialFormModal');
const loadVendorsTab = () => import('./VendorsTab');
const AssetDetailModal = lazy(async () => ({ default: (await loadAssetDetailModal()).AssetDetailModal }));
const CredentialFormModal = lazy(async () => ({ default: (await loadCredentialFormModal()).CredentialFormModal }));
const VendorsTab = lazy(async () => ({ default: (await loadVendorsTab()).VendorsTab }));

/** Spec texts (docs/product.md §8). */
/** The screen's heading, also painted by the skeleton the server sends before the app's scripts (decision 0022). */
export const IT_ASSETS_HEADING = { title: 'IT Asset Manager', description: 'Your hardware, vendors, stored credentials and support tools, in one place.' };
/** The purpose as a technical contact's screen has it: theirs has no credentials (decision 0031). */
export const IT_ASSETS_TECHNICAL_DESCRIPTION = 'Your hardware, vendors and support tools, in one place.';
export const LOAD_FAILED_TITLE = 'Error Loading IT Assets';
export const LOAD_FAILED = 'Failed to load IT asset data';

/**
 * The IT Asset Manager (docs/product.md §2): the counters, assets, vendors and credentials are
 * loaded together on entering. The spec's three calls decide the error state (§8): if all of them
 * fail the page offers Retry, and a list whose own call failed stays empty. The counters are this
 * server's own call; without it (another portal API) they are counted from the lists. The Support
 * Tools tab is another feature's, handed in by the app (app/SupportToolsTab.tsx), because a feature
 * never imports another.
 *
 * A technical contact (decision 0031) gets the same screen read-only and without the vault: no Credentials tab or
 * counter, no 'Add Credential', no link to the Credential Vault, and the credentials are never asked for.
 */
export function ItAssetsPage({ supportToolsTab }: { supportToolsTab?: ReactNode }) {
  const withVault = useSignedInUser().flags.admin_group;
  const tabs = inventoryTabsFor({ withVault });
  const [tab, openTab] = useTabInAddress<InventoryTab>(tabs);
  const [adding, addModal] = useDisclosure(false);
  const [opened, setOpened] = useState<AcceptedAsset | null>(null);
  const [stats, firstPage, vendors, credentials] = useQueries({
    queries: [inventoryStatsQuery(), assetsPageQuery('', 1), vendorsQuery(), { ...credentialsQuery(), enabled: withVault }],
  });
  const spec = withVault ? [firstPage, vendors, credentials] : [firstPage, vendors];
  const all = [stats, ...spec];
  // By what the calls last answered, not by their status: a failed call asked again is pending, not failed.
  const loading = !all.every(hasAnswered);
  const failed = spec.every(lastAnswerFailed);
  const everyAsset = useEveryAsset(lastAnswerFailed(stats));
  const counters = stats.data ?? (everyAsset.isPending ? undefined : countersFromLists(everyAsset.data ?? [], vendors.data ?? [], credentials.data ?? []));
  usePreloadWhenIdle(loadAssetDetailModal, loadCredentialFormModal, loadVendorsTab);
  usePreloadWhile(tab === 'vendors', loadVendorsTab);

  return (
    <Stack gap="xl">
      <PageHeader
        title={IT_ASSETS_HEADING.title}
        description={withVault ? IT_ASSETS_HEADING.description : IT_ASSETS_TECHNICAL_DESCRIPTION}
        actions={
          withVault && (
            <>
              <Button component={Link} to="/it-assets/vault" variant="default" leftSection={<IconLock size={16} aria-hidden="true" />}>
                Credential Vault
              </Button>
              {tab === 'credentials' && (
                <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={addModal.open}>
                  Add Credential
                </Button>
              )}
            </>
          )
        }
      />
      {withVault && (
        <LoadedWhenOpened opened={adding}>
          <CredentialFormModal opened={adding} onClose={addModal.close} />
        </LoadedWhenOpened>
      )}
      <LoadedWhenOpened opened={opened !== null}>
        <AssetDetailModal asset={opened} onClose={() => setOpened(null)} />
      </LoadedWhenOpened>

      {failed ? (
        <ErrorState
          title={LOAD_FAILED_TITLE}
          message={LOAD_FAILED}
          onRetry={() => all.forEach((query) => void query.refetch())}
          retrying={all.some((query) => query.isFetching)}
        />
      ) : (
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
          <SectionTabs tabs={tabs} value={tab} onChange={openTab} label="IT Asset Manager sections">
            {loading ? (
              <LoadingState label="Loading IT asset data">
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
                  {[0, 1, 2, 3].map((key) => (
                    <Skeleton key={key} height={104} radius="lg" />
                  ))}
                </SimpleGrid>
              </LoadingState>
            ) : (
              <>
                <Tabs.Panel value="overview">
                  <OverviewTab counters={counters} withCredentials={withVault} assets={firstPage.data ?? []} onOpen={setOpened} />
                </Tabs.Panel>
                <Tabs.Panel value="assets">
                  <AssetsTab onOpen={setOpened} />
                </Tabs.Panel>
                <Tabs.Panel value="vendors">
                  <Suspense fallback={<LoadingState label="Loading vendors" />}>
                    <VendorsTab vendors={vendors.data ?? []} />
                  </Suspense>
                </Tabs.Panel>
                {withVault && (
                  <Tabs.Panel value="credentials">
                    {(credentials.data ?? []).length === 0 ? (
                      <EmptyState
                        icon={IconKey}
                        title="No credentials stored"
                        message="Keep the passwords of your systems here: sealed at rest, and every reveal is on record."
                        action={<Button onClick={addModal.open}>Add Credential</Button>}
                      />
                    ) : (
                      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
                        {credentials.data!.map((credential) => (
                          <CredentialCard key={credential.id} credential={credential} />
                        ))}
                      </SimpleGrid>
                    )}
                  </Tabs.Panel>
                )}
                <Tabs.Panel value="support-tools">
                  {supportToolsTab ?? <EmptyState icon={IconTool} title="No support tools" message="Support tools are not offered in this portal." />}
                </Tabs.Panel>
              </>
            )}
          </SectionTabs>
        </Paper>
      )}
      {withVault && (
        <Text size="xs" c="dimmed">
          Passwords are sealed at rest; showing or copying one is recorded in your account’s audit log.
        </Text>
      )}
    </Stack>
  );
}
