import { Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { portalConfig } from '../config';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Beside the title: badges. */
  badges?: ReactNode;
  /** On the right (below on a phone): the page's buttons. */
  actions?: ReactNode;
}

/** A screen's h1, its one-line purpose and its actions; also sets the document title. Where the screen sits is the shell's breadcrumb (app/layouts/SectionBreadcrumb). */
export function PageHeader({ title, description, badges, actions }: PageHeaderProps) {
  useDocumentTitle(`${title} · ${portalConfig.providerName}`);
  return (
    <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4} style={{ flex: '1 1 320px' }}>
        <Group gap="sm" align="center" wrap="wrap">
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {title}
          </Title>
          {badges}
        </Group>
        {description && (
          <Text c="dimmed" maw={680}>
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
