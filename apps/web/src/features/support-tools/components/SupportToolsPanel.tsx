import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import type { SupportTool } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { LoadedWhenOpened, usePreloadWhenIdle } from '../../../shared/ui/LoadedWhenOpened';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { supportToolsQuery } from '../api/support-tools-queries';
import { DownloadHistory } from './DownloadHistory';
import { ToolCard } from './ToolCard';

// The two dialogs (the download form with its Select, Tooltip and SegmentedControl; the configuration help) load
// when first opened, or once the tab is shown and the browser is idle: the IT Asset Manager's first paint waits for
// neither (decision 0022).
const loadDownloadToolModal = () => import('./DownloadToolModal');
const loadConfigurationNotFoundModal = () => import('./ConfigurationNotFoundModal');
const DownloadToolModal = lazy(async () => ({ default: (await loadDownloadToolModal()).DownloadToolModal }));
const ConfigurationNotFoundModal = lazy(async () => ({ default: (await loadConfigurationNotFoundModal()).ConfigurationNotFoundModal }));

export const TOOLS_FAILED = 'Failed to load support tools';

export interface SupportToolsPanelProps {
  /** The customer account (the signed-in user's account_id); the server scopes every call to it. */
  customerId: number;
  /** The account's name, as the monitoring system must know it. */
  customerName: string;
}

/**
 * The IT Asset Manager's Support Tools tab (docs/product.md §2, decision 0017): the tool cards, the
 * download modal (OS choice, direct download or a link), the configuration-not-found help, and
 * the account's download history.
 */
export function SupportToolsPanel({ customerId, customerName }: SupportToolsPanelProps) {
  const tools = useQuery(supportToolsQuery(customerId));
  const [selected, setSelected] = useState<SupportTool | null>(null);
  const [configurationMissing, setConfigurationMissing] = useState(false);
  usePreloadWhenIdle(loadDownloadToolModal, loadConfigurationNotFoundModal);

  return (
    <Stack gap="xl">
      <Stack gap="md" component="section" aria-labelledby="support-tools-title">
        <div>
          <Title order={2} fz="lg" id="support-tools-title">
            Support tools for {customerName}
          </Title>
          <Text size="sm" c="dimmed">
            Download agents and utilities for your devices, or make a link a technician can open on the device being set up.
          </Text>
        </div>
        {tools.isPending ? (
          <LoadingState label="Loading support tools">
            <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
              {[0, 1, 2].map((key) => (
                <Skeleton key={key} height={240} radius="lg" />
              ))}
            </SimpleGrid>
          </LoadingState>
        ) : tools.isError ? (
          <ErrorState
            title="Error Loading Support Tools"
            message={errorMessage(tools.error, TOOLS_FAILED)}
            onRetry={() => void tools.refetch()}
            retrying={tools.isFetching}
          />
        ) : tools.data.length === 0 ? (
          <EmptyState
            icon={IconTool}
            title="No support tools available"
            message="Your provider has not published any support tools yet. Please check back later or contact support."
          />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
            {tools.data.map((tool) => (
              <ToolCard key={tool.id} tool={tool} onDownload={setSelected} />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <DownloadHistory customerId={customerId} />

      <LoadedWhenOpened opened={selected !== null}>
        <DownloadToolModal
          tool={selected}
          customerName={customerName}
          onClose={() => setSelected(null)}
          onConfigurationNotFound={() => {
            setSelected(null);
            setConfigurationMissing(true);
          }}
        />
      </LoadedWhenOpened>
      <LoadedWhenOpened opened={configurationMissing}>
        <ConfigurationNotFoundModal opened={configurationMissing} customerName={customerName} onClose={() => setConfigurationMissing(false)} />
      </LoadedWhenOpened>
    </Stack>
  );
}
