import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api';
import { formatDateTime } from '../../../shared/format';
import { useSignedInUser } from '../../../shared/session';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { StatusBadge } from '../../../shared/ui/StatusBadge';
import { downloadHistoryQuery } from '../api/support-tools-queries';
import { howDownloaded } from '../support-tools-display';

export const HISTORY_FAILED = 'Failed to load download history';

/** The account's downloads, newest first (the server's order), with who and when. */
export function DownloadHistory({ customerId }: { customerId: number }) {
  const { timeZone } = useSignedInUser();
  const history = useQuery(downloadHistoryQuery(customerId));
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
        <ErrorState title="Error Loading Download History" message={errorMessage(history.error, HISTORY_FAILED)} onRetry={() => void history.refetch()} retrying={history.isFetching} />
      ) : history.data.length === 0 ? (
        <EmptyState icon={IconHistory} title="No downloads yet" message="Tools downloaded from here, or through a link, will be listed with who downloaded them and when." />
      ) : (
        <Stack gap="xs" component="ul" aria-label="Download history" m={0} p={0} style={{ listStyle: 'none' }}>
          {history.data.map((download) => (
            <Paper key={download.id} component="li" withBorder radius="md" px="md" py="sm">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={2} miw={0} style={{ flex: '1 1 220px' }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {download.tool_name}
                  </Text>
                  <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {download.downloaded_by} · <time dateTime={download.created}>{formatDateTime(download.created, timeZone)}</time>
                  </Text>
                </Stack>
                <StatusBadge colour={download.download_token === 'direct-download' ? 'gray' : 'teal'}>{howDownloaded(download.download_token)}</StatusBadge>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
