import { Badge, Button, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconClockHour4, IconExternalLink } from '@tabler/icons-react';
import type { AppTile } from '@portal/contract';
import { Link } from 'react-router';
import { appIcon } from './app-icons';
import { badgeTextColour } from '../../../shared/ui/StatusBadge';

/** Spec §2: what a tile without a link says. */
export const APP_COMING_SOON = 'This application will be available soon!';

interface AppTileCardProps {
  tile: AppTile;
  /** For token apps: asks the server for a one-time address and opens it. */
  onLaunch: (tile: AppTile) => void;
  launching: boolean;
}

export function AppTileCard({ tile, onLaunch, launching }: AppTileCardProps) {
  const TileIcon = appIcon(tile.icon);
  const headingId = `app-tile-${tile.id}`;
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="lg" padding="lg" h="100%">
      <Stack gap="md" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ThemeIcon size={52} radius="md" variant="light" color={tile.colour} aria-hidden="true">
            <TileIcon size={28} stroke={1.6} />
          </ThemeIcon>
          {tile.admin_only && (
            <Badge variant="light" color="grape" c={badgeTextColour('grape')} radius="sm">
              Administrators only
            </Badge>
          )}
        </Group>
        <Stack gap={6} style={{ flex: 1 }}>
          <Title order={2} fz="lg" id={headingId}>
            {tile.name}
          </Title>
          <Text size="sm" c="dimmed">
            {tile.description}
          </Text>
        </Stack>
        <TileAction tile={tile} onLaunch={onLaunch} launching={launching} />
      </Stack>
    </Card>
  );
}

function TileAction({ tile, onLaunch, launching }: AppTileCardProps) {
  if (tile.launch === 'unavailable' || (tile.launch !== 'token' && !tile.url)) {
    return (
      <Group gap={8} wrap="nowrap" c="dimmed">
        <IconClockHour4 size={18} aria-hidden="true" />
        <Text size="sm" fw={500} c="dimmed">
          {APP_COMING_SOON}
        </Text>
      </Group>
    );
  }
  if (tile.launch === 'internal') {
    return (
      <Button component={Link} to={tile.url!} variant="light" rightSection={<IconArrowRight size={16} aria-hidden="true" />} aria-label={`Open ${tile.name}`}>
        Open
      </Button>
    );
  }
  if (tile.launch === 'external') {
    return (
      <Button
        component="a"
        href={tile.url!}
        target="_blank"
        rel="noopener noreferrer"
        variant="light"
        rightSection={<IconExternalLink size={16} aria-hidden="true" />}
        aria-label={`Open ${tile.name} (opens in a new tab)`}
      >
        Open
      </Button>
    );
  }
  return (
    <Button
      variant="light"
      loading={launching}
      onClick={() => onLaunch(tile)}
      rightSection={<IconExternalLink size={16} aria-hidden="true" />}
      aria-label={`Open ${tile.name} (opens in a new tab)`}
    >
      Open
    </Button>
  );
}
