import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { SessionFlags } from '../../../shared/session';

interface Permission {
  label: string;
  description: string;
  enabled: boolean;
}

/**
 * Read-only (docs/product.md §2 Profile): portal access is always enabled; admin and billing follow the flags, and so
 * does technical access, with what it grants (beyond the spec: docs/decisions/0031).
 */
export function PermissionSummary({ flags }: { flags: SessionFlags }) {
  const permissions: Permission[] = [
    { label: 'Portal Access', description: 'Sign in, launch applications, see services and tickets.', enabled: true },
    { label: 'Admin Access', description: 'Full system access and user management.', enabled: flags.admin_group },
    { label: 'Billing Access', description: 'Billing and payment information.', enabled: flags.billing_group },
    {
      label: 'Technical Access',
      description: 'All of your organization’s tickets, the support tools, and the IT assets and vendors to view (not the stored credentials).',
      enabled: flags.technical_group,
    },
  ];
  return (
    <Paper component="section" aria-labelledby="permissions-heading" withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz="lg" id="permissions-heading">
            Permissions
          </Title>
          <Text size="sm" c="dimmed">
            Set by your organization’s administrators.
          </Text>
        </Stack>
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {permissions.map(({ label, description, enabled }) => (
            <Group
              key={label}
              component="li"
              justify="space-between"
              align="flex-start"
              wrap="nowrap"
              gap="sm"
              aria-label={`${label}: ${enabled ? 'Enabled' : 'Disabled'}`}
            >
              <Stack gap={0} miw={0}>
                <Text fw={600} size="sm">
                  {label}
                </Text>
                <Text size="xs" c="dimmed">
                  {description}
                </Text>
              </Stack>
              <Badge variant="dot" color={enabled ? 'green' : 'gray'} size="lg" radius="sm" tt="none" style={{ flexShrink: 0 }}>
                {enabled ? 'Enabled' : 'Disabled'}
              </Badge>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
