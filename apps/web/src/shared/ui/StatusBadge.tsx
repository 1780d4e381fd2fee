import { Badge, type BadgeProps } from '@mantine/core';

/**
 * Mantine's darkest shades of several colours are still below 4.5:1 on their own light tint
 * (green.9 on green.1 is 3.8:1), so those badges get a deeper text colour of their own. In the
 * dark theme the tint is dark, so the text is the colour's pale shade.
 */
const DEEP_TEXT: Record<string, string> = {
  yellow: '#6e4a00',
  orange: '#8f2f0a',
  green: '#1e6b2e',
  teal: '#075e47',
  cyan: '#08505c',
  red: '#9b1c1c',
};
export const badgeTextColour = (colour: string) => `light-dark(${DEEP_TEXT[colour] ?? `var(--mantine-color-${colour}-9)`}, var(--mantine-color-${colour}-2))`;

/** A status as a tinted badge whose text passes WCAG AA, never cut short. */
export function StatusBadge({ colour, children, variant = 'light', ...props }: { colour: string; children: React.ReactNode } & Omit<BadgeProps, 'color' | 'c'>) {
  return (
    <Badge variant={variant} color={colour} c={badgeTextColour(colour)} radius="sm" style={{ flexShrink: 0, minWidth: 'max-content' }} {...props}>
      {children}
    </Badge>
  );
}
