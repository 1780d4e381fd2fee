import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './StatCard.module.css';

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: Icon;
  /** A Mantine colour for the icon. */
  colour?: string;
  /** One short line under the figure. */
  hint?: ReactNode;
}

/** One figure of a summary row: what it is (with its icon), the number on a line of its own, a line of context. */
export function StatCard({ label, value, icon: StatIcon, colour = 'brand', hint }: StatCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', xs: 'md', sm: 'lg' }} h="100%" role="group" aria-label={label} className={classes.card}>
      <Stack gap={6}>
        <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <ThemeIcon size={34} radius="md" variant="light" color={colour} aria-hidden="true" style={{ flexShrink: 0 }} className={classes.icon}>
            <StatIcon size={20} stroke={1.7} />
          </ThemeIcon>
        </Group>
        <Text fw={700} lh={1.15} className={classes.value}>
          {value}
        </Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
