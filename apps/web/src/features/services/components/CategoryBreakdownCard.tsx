import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { formatMoney } from '../../../shared/format';
import type { CategoryBreakdown } from '../service-figures';

const CATEGORY_COLOURS: Record<string, string> = { Voice: 'brand', 'Hosted Service': 'teal', Cloud: 'grape' };

/**
 * Services and monthly cost per category (Voice, Hosted Service, Cloud). Each bar is the share of
 * the figure beside it: of the monthly cost, or of the services where the caller sees no prices.
 */
export function CategoryBreakdownCard({ breakdown }: { breakdown: CategoryBreakdown[] }) {
  const withPrices = breakdown.every((row) => row.monthlyCost !== null);
  const measure = (row: CategoryBreakdown) => (withPrices ? (row.monthlyCost ?? 0) : row.count);
  const total = breakdown.reduce((sum, row) => sum + measure(row), 0);
  return (
    <Paper component="section" aria-labelledby="service-breakdown" withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={2} fz="lg" id="service-breakdown">
          By category
        </Title>
        {withPrices && (
          <Text size="xs" c="dimmed" mt={-8}>
            Monthly cost of active services
          </Text>
        )}
        {breakdown.map((row) => {
          const { category, count, active, monthlyCost } = row;
          const share = total === 0 ? 0 : (measure(row) / total) * 100;
          return (
            <Stack key={category} gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} size="sm">
                  {category}
                </Text>
                <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {monthlyCost === null ? (count === 1 ? '1 service' : `${count} services`) : formatMoney(monthlyCost)}
                </Text>
              </Group>
              <Progress
                value={share}
                color={CATEGORY_COLOURS[category] ?? 'gray'}
                size="md"
                radius="xl"
                aria-label={`${category}: ${Math.round(share)}% of the ${withPrices ? 'monthly cost' : 'services'}`}
              />
              <Text size="xs" c="dimmed">
                {count === 1 ? '1 service' : `${count} services`} · {active} active
              </Text>
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
