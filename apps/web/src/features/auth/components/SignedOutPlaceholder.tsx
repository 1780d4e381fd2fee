import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { portalConfig } from '../../../shared/config';

interface SignedOutPlaceholderProps {
  title: string;
  description: string;
}

/** A signed-out screen still being built; it always offers the way back to sign-in. */
export function SignedOutPlaceholder({ title, description }: SignedOutPlaceholderProps) {
  useDocumentTitle(`${title} · ${portalConfig.providerName}`);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </Stack>
      <Anchor component={Link} to="/login" size="sm" fw={500}>
        <Group gap={6} component="span">
          <IconArrowLeft size={16} aria-hidden="true" />
          Back to Sign In
        </Group>
      </Anchor>
    </Stack>
  );
}
