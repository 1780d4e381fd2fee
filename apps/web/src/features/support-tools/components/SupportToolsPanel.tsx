import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import type { SupportTool } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { supportToolsQuery } from '../api/support-tools-queries';
import { ConfigurationNotFoundModal } from './ConfigurationNotFoundModal';
import { DownloadHistory } from './DownloadHistory';
import { DownloadToolModal } from './DownloadToolModal';
import { ToolCard } from './ToolCard';

export const TOOLS_FAILED = 'Failed to load support tools';

export interface SupportToolsPanelProps {
  /** The customer account (the signed-in user's account_id); the server scopes every call to it. */
  customerId: number;
  /** The account's name, as the monitoring system must know it. */
  customerName: string;
}

/**
 * The IT Asset Manager's Support Tools tab (docs/product.md §2, issue 14): the tool cards, the
 * download modal (OS choice, direct download or a link), the configuration-not-found help, and
 * the account's download history.
 */
export function SupportToolsPanel({ customerId, customerName }: SupportToolsPanelProps) {
  const tools = useQuery(supportToolsQuery(customerId));
  const [selected, setSelected] = useState<SupportTool | null>(null);
  const [configurationMissing, setConfigurationMissing] = useState(false);

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
          <ErrorState title="Error Loading Support Tools" message={errorMessage(tools.error, TOOLS_FAILED)} onRetry={() => void tools.refetch()} retrying={tools.isFetching} />
        ) : tools.data.length === 0 ? (
          <EmptyState icon={IconTool} title="No support tools available" message="Your provider has not published any support tools yet. Please check back later or contact support." />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
            {tools.data.map((tool) => (
              <ToolCard key={tool.id} tool={tool} onDownload={setSelected} />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      <DownloadHistory customerId={customerId} />

      <DownloadToolModal
        tool={selected}
        customerName={customerName}
        onClose={() => setSelected(null)}
        onConfigurationNotFound={() => {
          setSelected(null);
          setConfigurationMissing(true);
        }}
      />
      <ConfigurationNotFoundModal opened={configurationMissing} customerName={customerName} onClose={() => setConfigurationMissing(false)} />
    </Stack>
  );
}
