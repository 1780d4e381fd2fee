import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { AcceptedDownloadRecord } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api';
import { formatDateTime } from '../../../shared/format';
import { useSignedInUser } from '../../../shared/session';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { WHOLE_VALUE } from '../../../shared/ui/whole-value';
import { downloadHistoryQuery, supportToolsQuery } from '../api/support-tools-queries';
import { howDownloaded, toolNameOf } from '../support-tools-display';

export const HISTORY_FAILED = 'Failed to load download history';

/**
 * The account's downloads, newest first (the server's order), with who and when. The spec gives a
 * download no fields (docs/product.md §3), so each line shows what its answer carries: a tool named
 * only by its id takes its name from the tool cards' list.
 */
export function DownloadHistory({ customerId }: { customerId: number }) {
  const { timeZone } = useSignedInUser();
  const history = useQuery(downloadHistoryQuery(customerId));
  const tools = useQuery(supportToolsQuery(customerId));
  return (
    <Stack gap="sm" component="section" aria-labelledby="download-history-title">
      <Title order={2} fz="lg" id="download-history-title">
        Download history
      </Title>
      {history.isPending ? (
        <LoadingState label="Loading download history">
          <Stack gap="xs">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={56} radius="md" />
            ))}
          </Stack>
        </LoadingState>
      ) : history.isError ? (
        <ErrorState
          title="Error Loading Download History"
          message={errorMessage(history.error, HISTORY_FAILED)}
          onRetry={() => void history.refetch()}
          retrying={history.isFetching}
        />
      ) : history.data.length === 0 ? (
        <EmptyState
          icon={IconHistory}
          title="No downloads yet"
          message="Tools downloaded from here, or through a link, will be listed with who downloaded them and when."
        />
      ) : (
        <Stack gap="xs" component="ul" aria-label="Download history" m={0} p={0} style={{ listStyle: 'none' }}>
          {history.data.map((download, index) => (
            <Paper key={download.id ?? `line-${index}`} component="li" withBorder radius="md" px="md" py="sm">
              <DownloadLine download={download} toolName={toolNameOf(download, tools.data)} timeZone={timeZone} />
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function DownloadLine({ download, toolName, timeZone }: { download: AcceptedDownloadRecord; toolName: string; timeZone: string }) {
  const when = download.created && !Number.isNaN(new Date(download.created).getTime()) ? download.created : undefined;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {toolName}
        </Text>
        {(download.downloaded_by || when) && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {download.downloaded_by}
            {download.downloaded_by && when && ' · '}
            {when && (
              <time dateTime={when} className={WHOLE_VALUE}>
                {formatDateTime(when, timeZone)}
              </time>
            )}
          </Text>
        )}
      </Stack>
      {download.download_token && (
        <StatusBadge colour={download.download_token === 'direct-download' ? 'gray' : 'teal'}>{howDownloaded(download.download_token)}</StatusBadge>
      )}
    </Group>
  );
}
