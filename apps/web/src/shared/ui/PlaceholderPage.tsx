import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { Icon } from '@tabler/icons-react';
import { portalConfig } from '../config';

interface PlaceholderPageProps {
  title: string;
  /** One sentence of what the finished screen will show. */
  description: string;
  icon: Icon;
}

/** A screen whose content is still being built: its title, its purpose, nothing broken. */
export function PlaceholderPage({ title, description, icon: PageIcon }: PlaceholderPageProps) {
  useDocumentTitle(`${title} · ${portalConfig.providerName}`);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {title}
        </Title>
        <Text c="dimmed" maw={640}>
          {description}
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} style={{ borderStyle: 'dashed' }}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <PageIcon size={28} stroke={1.6} />
          </ThemeIcon>
          <Text fw={600}>This screen is on its way</Text>
          <Text size="sm" c="dimmed" maw={420}>
            We are putting the finishing touches on it. Everything else in the portal is ready to use.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
