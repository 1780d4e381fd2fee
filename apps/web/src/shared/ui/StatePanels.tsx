import { Alert, Button, Center, Loader, Paper, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A failed load, with its way out: Retry. */
export function ErrorState({ title, message, onRetry, retrying = false }: { title: string; message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      title={title}
      icon={<IconAlertTriangle size={20} aria-hidden="true" />}
      // Mantine's red title on the red tint is below WCAG AA; the darkest red passes.
      styles={{ title: { fontSize: 'var(--mantine-font-size-md)', color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' } }}
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="sm" variant="white" color="red.9" leftSection={<IconRefresh size={16} aria-hidden="true" />} onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

/** Nothing to show yet: says why, and what to do when there is something to do. */
export function EmptyState({ icon: StateIcon, title, message, action }: { icon: Icon; title: string; message: string; action?: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }}>
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <StateIcon size={28} stroke={1.6} />
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text size="sm" c="dimmed" maw={460}>
          {message}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}

/** A region still loading, announced once to screen readers. */
export function LoadingState({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      {children ?? (
        <Center py={64}>
          <Loader aria-hidden="true" />
        </Center>
      )}
    </div>
  );
}
