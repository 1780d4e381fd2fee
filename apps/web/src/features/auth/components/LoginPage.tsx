import { Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { portalConfig } from '../../../shared/config';
import { SupportContactCard } from '../../../shared/ui/SupportContactCard';
import { LoginForm } from './LoginForm';

export function LoginPage() {
  useDocumentTitle(`Sign in · ${portalConfig.providerName}`);
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} fz={26}>
          Sign in
        </Title>
        <Text c="dimmed" size="sm">
          Welcome back. Manage your applications, services, tickets and billing in one place.
        </Text>
      </Stack>
      <LoginForm />
      <SupportContactCard title="Need help signing in?" />
    </Stack>
  );
}
