import { ActionIcon, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy, IconMail, IconPhone } from '@tabler/icons-react';
import { COPY_CONFIRMATION_MS } from '@portal/contract';
import { portalConfig } from '../config';

interface SupportContactCardProps {
  title?: string;
  /** Smaller type, no introduction and no copy button, for narrow places such as the sidebar. */
  compact?: boolean;
}

const iconStyle = { flexShrink: 0, color: 'var(--mantine-color-anchor)' };

/** The provider's support phone and e-mail, with a copy button for the address (docs/product.md §2 /login). */
export function SupportContactCard({ title = 'Need help?', compact = false }: SupportContactCardProps) {
  const { supportPhone, supportEmail, providerName } = portalConfig;
  const textSize = compact ? 'xs' : 'sm';
  return (
    <Paper
      component="section"
      aria-label="Support contact"
      radius="md"
      p={compact ? 'sm' : 'md'}
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))"
    >
      <Stack gap={compact ? 4 : 6}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        {!compact && (
          <Text size="sm" c="dimmed">
            The {providerName} support team is happy to help.
          </Text>
        )}
        <Group gap={8} wrap="nowrap" mt={compact ? 0 : 4}>
          <IconPhone size={16} aria-hidden="true" style={iconStyle} />
          <Anchor href={`tel:${supportPhone.replace(/[^\d+]/g, '')}`} size={textSize} fw={500}>
            {supportPhone}
          </Anchor>
        </Group>
        <Group gap={8} wrap="nowrap">
          <IconMail size={16} aria-hidden="true" style={iconStyle} />
          <Anchor href={`mailto:${supportEmail}`} size={textSize} fw={500} style={{ overflowWrap: 'anywhere' }}>
            <EmailAddress address={supportEmail} />
          </Anchor>
          {!compact && <CopyEmailButton email={supportEmail} />}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * An address too long for its line breaks before the '@' ("support" / "@provider.example"), not
 * between any two letters; only a part still too long for a line of its own breaks anywhere.
 */
function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  return (
    <>
      {address.slice(0, at)}
      <wbr />
      {address.slice(at)}
    </>
  );
}

/** Copies the address; the check mark stays for COPY_CONFIRMATION_MS (docs/product.md §9: 2 seconds). */
function CopyEmailButton({ email }: { email: string }) {
  const clipboard = useClipboard({ timeout: COPY_CONFIRMATION_MS });
  const label = clipboard.copied ? 'Email address copied' : 'Copy email address';
  return (
    <ActionIcon
      variant="subtle"
      color={clipboard.copied ? 'teal' : 'gray'}
      size="sm"
      aria-label={label}
      title={label}
      onClick={() => clipboard.copy(email)}
      style={{ flexShrink: 0 }}
    >
      {clipboard.copied ? <IconCheck size={16} aria-hidden="true" data-testid="copy-confirmation" /> : <IconCopy size={16} aria-hidden="true" />}
    </ActionIcon>
  );
}
