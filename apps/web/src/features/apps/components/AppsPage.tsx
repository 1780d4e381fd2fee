import { Badge, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconApps } from '@tabler/icons-react';
import type { AppTile } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api';
import { useSignedInUser } from '../../../shared/session';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../shared/ui/StatePanels';
import { appsQuery, useLaunchApp } from '../api/apps-queries';
import { AppTileCard, AppTileGrid, AppTilePlaceholder } from './AppTileCard';

/** Spec §8, Apps. */
export const APPS_ERROR_TITLE = 'Error';
export const APPS_ERROR_MESSAGE = 'Failed to load available applications';
export const APPS_EMPTY_TITLE = 'No Applications Available';
/** The screen's heading, also painted by the skeleton the server sends before the app's scripts (decision 0022). */
export const APPS_HEADING = { title: 'Apps', description: 'Open the applications your organization subscribes to.' };
export const APPS_EMPTY_MESSAGE = "You don't have access to any applications yet. Contact support if you need assistance.";

export function AppsPage() {
  const { flags } = useSignedInUser();
  const apps = useQuery(appsQuery());
  const launch = useLaunchApp();

  function launchTile(tile: AppTile) {
    // Opened now, inside the click, so no pop-up blocker objects; pointed at the address once it comes.
    const tab = window.open('', '_blank');
    if (tab) tab.opener = null;
    launch.mutate(tile.id, {
      onSuccess: ({ url }) => {
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      },
      onError: (error) => {
        tab?.close();
        notifications.show({ color: 'red', title: `Could not open ${tile.name}`, message: errorMessage(error, 'Please try again in a moment.') });
      },
    });
  }

  return (
    <Stack gap="xl">
      <PageHeader
        {...APPS_HEADING}
        badges={
          (flags.admin_group || flags.billing_group || flags.technical_group) && (
            <Group gap={6}>
              {flags.admin_group && (
                <Badge color="brand" variant="filled" radius="sm">
                  Admin
                </Badge>
              )}
              {flags.billing_group && (
                <Badge color="teal.9" variant="filled" radius="sm">
                  Billing
                </Badge>
              )}
              {/* Beyond the spec's two (decision 0031): the technical flag grants something, and says so here too. */}
              {flags.technical_group && (
                <Badge color="grape.9" variant="filled" radius="sm">
                  Technical
                </Badge>
              )}
            </Group>
          )
        }
      />
      {apps.isPending ? (
        <LoadingState label="Loading your applications">
          <AppTileGrid>
            {[0, 1, 2].map((key) => (
              <AppTilePlaceholder key={key} />
            ))}
          </AppTileGrid>
        </LoadingState>
      ) : apps.isError ? (
        <ErrorState title={APPS_ERROR_TITLE} message={APPS_ERROR_MESSAGE} onRetry={() => void apps.refetch()} retrying={apps.isFetching} />
      ) : apps.data.length === 0 ? (
        <EmptyState icon={IconApps} title={APPS_EMPTY_TITLE} message={APPS_EMPTY_MESSAGE} />
      ) : (
        <AppTileGrid>
          {apps.data.map((tile) => (
            <AppTileCard key={tile.id} tile={tile} onLaunch={launchTile} launching={launch.isPending && launch.variables === tile.id} />
          ))}
        </AppTileGrid>
      )}
    </Stack>
  );
}
