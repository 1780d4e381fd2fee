import { Anchor, Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCreditCard, IconMessageCircle, IconServer2, IconTicket, type Icon } from '@tabler/icons-react';
import type { DashboardActivity } from '@portal/contract';
import { Link } from 'react-router';
import { formatDateTime, formatMoney, formatRelative } from '../../../shared/format';
import { badgeTextColour } from '../../../shared/ui/StatusBadge';

const KIND_LOOK: Record<DashboardActivity['kind'], { icon: Icon; colour: string }> = {
  ticket_opened: { icon: IconTicket, colour: 'orange' },
  ticket_reply: { icon: IconMessageCircle, colour: 'brand' },
  service_added: { icon: IconServer2, colour: 'grape' },
  payment: { icon: IconCreditCard, colour: 'teal' },
};

export const NO_RECENT_ACTIVITY = 'No recent activity yet. New tickets, replies, services and payments will show up here.';

export function RecentActivity({ activity, timeZone }: { activity: DashboardActivity[]; timeZone: string }) {
  return (
    <Paper component="section" aria-labelledby="recent-activity-heading" withBorder radius="lg" p="lg" h="100%">
      <Stack gap="md">
        <Title order={2} fz="lg" id="recent-activity-heading">
          Recent activity
        </Title>
        {activity.length === 0 ? (
          <Text size="sm" c="dimmed" py="lg" ta="center">
            {NO_RECENT_ACTIVITY}
          </Text>
        ) : (
          <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
            {activity.map((entry) => {
              const { icon: KindIcon, colour } = KIND_LOOK[entry.kind];
              return (
                <Group key={entry.id} component="li" wrap="nowrap" align="flex-start" gap="sm">
                  <ThemeIcon size={36} radius="xl" variant="light" color={colour} aria-hidden="true">
                    <KindIcon size={18} stroke={1.7} />
                  </ThemeIcon>
                  <Stack gap={0} miw={0} style={{ flex: 1 }}>
                    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                      {entry.link ? (
                        <Anchor component={Link} to={entry.link} size="sm" fw={600} c="var(--mantine-color-text)" style={{ overflowWrap: 'anywhere' }}>
                          {entry.title}
                        </Anchor>
                      ) : (
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {entry.title}
                        </Text>
                      )}
                      {entry.via_portal && (
                        <Badge size="xs" variant="light" color="gray" c={badgeTextColour('gray')} radius="sm" style={{ flexShrink: 0 }}>
                          via portal
                        </Badge>
                      )}
                      {entry.amount !== null && (
                        <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
                          {formatMoney(entry.amount)}
                        </Text>
                      )}
                    </Group>
                    {entry.detail && (
                      <Text size="sm" c="dimmed" lineClamp={2}>
                        {entry.detail}
                      </Text>
                    )}
                    <Text size="xs" c="dimmed" component="time" dateTime={entry.at} title={formatDateTime(entry.at, timeZone)}>
                      {formatRelative(entry.at)}
                    </Text>
                  </Stack>
                </Group>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
