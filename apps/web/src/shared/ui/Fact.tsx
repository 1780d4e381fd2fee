import { Stack, Text } from '@mantine/core';

/** A small labelled value, as in a record's summary ("Created", "Time logged", "Per number"). */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}
