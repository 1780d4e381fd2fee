import { Stack, Text, type MantineSize } from '@mantine/core';

/**
 * A small labelled value, as in a record's summary ("Created", "Time logged", "Per number").
 * Inside a description list (`<dl>`), `term` makes the label a `<dt>` and the value a `<dd>`.
 * A `whole` value (money, a date, a phone number) never breaks across lines; free text may.
 */
export function Fact({
  label,
  value,
  size = 'sm',
  term = false,
  whole = false,
}: {
  label: string;
  value: string;
  size?: MantineSize;
  term?: boolean;
  whole?: boolean;
}) {
  return (
    <Stack gap={term ? 2 : 0} miw={0}>
      <Text component={term ? 'dt' : 'p'} size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      <Text component={term ? 'dd' : 'p'} m={0} size={size} fw={500} style={whole ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}
