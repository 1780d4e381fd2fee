import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { portalConfig } from '../../../shared/config';

/**
 * The spec shows Manage Services with no action. Rather than a dead button, it says how changes
 * are made: through the provider's account team.
 */
export function ManageServicesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Manage Services" centered radius="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="sm">
        <Text size="sm">
          To add, change or cancel a service, contact your {portalConfig.providerName} account team. We will confirm the change and its price before anything is
          billed.
        </Text>
        <Text size="sm">
          Phone:{' '}
          <Anchor href={`tel:${portalConfig.supportPhone.replace(/[^+\d]/g, '')}`} fw={600}>
            {portalConfig.supportPhone}
          </Anchor>
        </Text>
        <Text size="sm">
          E-mail:{' '}
          <Anchor href={`mailto:${portalConfig.supportEmail}?subject=${encodeURIComponent('Service change request')}`} fw={600}>
            {portalConfig.supportEmail}
          </Anchor>
        </Text>
      </Stack>
    </Modal>
  );
}
