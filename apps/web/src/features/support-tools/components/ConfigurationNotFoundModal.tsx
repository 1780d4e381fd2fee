import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { portalConfig } from '../../../shared/config';
import { SupportContactCard } from '../../../shared/ui/SupportContactCard';
import { CONFIGURATION_NOT_FOUND_TITLE } from '../support-tools-display';

/** docs/product.md §8: the account is not (or not by this name) in the monitoring system. */
export function ConfigurationNotFoundModal({ opened, customerName, onClose }: { opened: boolean; customerName: string; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={CONFIGURATION_NOT_FOUND_TITLE} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">
          The remote monitoring agent could not be built because <strong>{customerName}</strong> was not found in the monitoring system.
        </Text>
        <Text size="sm">
          The account name must match the name in the monitoring system <strong>exactly</strong> (spelling, spaces and punctuation). Please contact{' '}
          {portalConfig.providerName} support and we will set it up for you.
        </Text>
        <SupportContactCard title="Contact support" />
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
