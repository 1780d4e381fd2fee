import { Group, Stack, Text } from '@mantine/core';
import { portalConfig } from '../config';

interface BrandMarkProps {
  /** White artwork for dark brand backgrounds. */
  inverted?: boolean;
  size?: 'sm' | 'lg';
  /** Hide the "Customer Portal" line where space is short. */
  withTagline?: boolean;
}

/** The provider's logo mark (connected nodes: a managed network) with its configured name. */
export function BrandMark({ inverted = false, size = 'sm', withTagline = true }: BrandMarkProps) {
  const markSize = size === 'lg' ? 44 : 34;
  const tile = inverted ? '#ffffff' : 'var(--mantine-color-brand-7)';
  const glyph = inverted ? 'var(--mantine-color-brand-7)' : '#ffffff';
  return (
    <Group gap={size === 'lg' ? 'sm' : 10} wrap="nowrap" miw={0}>
      <svg width={markSize} height={markSize} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <rect width="40" height="40" rx="10" fill={tile} />
        <g stroke={glyph} strokeWidth="2.6" strokeLinecap="round">
          <path d="M13 27 20 13l7 14" fill="none" />
          <path d="M13 27h14" />
        </g>
        <circle cx="20" cy="13" r="4" fill={glyph} />
        <circle cx="13" cy="27" r="4" fill={glyph} />
        <circle cx="27" cy="27" r="4" fill={glyph} />
      </svg>
      <Stack gap={0} miw={0}>
        {/* In the header (size sm) of a phone, beside the menu, the bell and the account menu, a name and the tagline ran to
            four lines and out of the bar: there the tagline goes below 576 px, and the name keeps to two lines. */}
        <Text
          component="span"
          fw={700}
          fz={size === 'lg' ? 22 : 17}
          lh={1.15}
          lineClamp={size === 'sm' ? 2 : undefined}
          c={inverted ? 'white' : 'var(--mantine-color-text)'}
        >
          {portalConfig.providerName}
        </Text>
        {withTagline && (
          <Text component="span" fz={size === 'lg' ? 'sm' : 'xs'} lh={1.3} c={inverted ? 'brand.0' : 'dimmed'} visibleFrom={size === 'sm' ? 'xs' : undefined}>
            Customer Portal
          </Text>
        )}
      </Stack>
    </Group>
  );
}
