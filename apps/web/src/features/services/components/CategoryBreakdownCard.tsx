import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../../../shared/format';
import type { CategoryBreakdown } from '../service-figures';

const CATEGORY_COLOURS: Record<string, string> = { Voice: 'brand', 'Hosted Service': 'teal', Cloud: 'grape' };

/** Services and monthly cost per category (Voice, Hosted Service, Cloud). */
export function CategoryBreakdownCard({ breakdown, total }: { breakdown: CategoryBreakdown[]; total: number }) {
  return (
    <Paper component="section" aria-labelledby="service-breakdown" withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg" id="service-breakdown">
          By category
        </Title>
        {breakdown.map(({ category, count, active, monthlyCost }) => (
          <Stack key={category} gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600} size="sm">
                {category}
              </Text>
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(monthlyCost)}
              </Text>
            </Group>
            <Progress
              value={total === 0 ? 0 : (count / total) * 100}
              color={CATEGORY_COLOURS[category] ?? 'gray'}
              size="md"
              radius="xl"
              aria-label={`${category}: ${count} of ${total} services`}
            />
            <Text size="xs" c="dimmed">
              {count === 1 ? '1 service' : `${count} services`} · {active} active
            </Text>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
