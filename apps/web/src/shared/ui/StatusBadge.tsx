import type { ComponentPropsWithoutRef, CSSProperties, ReactNode } from 'react';
import classes from './StatusBadge.module.css';

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

interface StatusBadgeProps extends Omit<ComponentPropsWithoutRef<'span'>, 'color'> {
  /** A palette colour ('teal'), or one shade of it ('red.9') for a filled badge. */
  colour: string;
  /** light: tinted (the default); outline: a border in the colour; filled: white on the colour. */
  variant?: 'light' | 'outline' | 'filled';
  size?: 'sm' | 'md';
  children: ReactNode;
}

/** A status as a tinted badge whose text passes WCAG AA, never cut short; looks as Mantine's Badge (StatusBadge.module.css). */
export function StatusBadge({ colour, variant = 'light', size = 'md', children, className, style, ...props }: StatusBadgeProps) {
  const [name = colour, shade] = colour.split('.');
  const colours = {
    '--badge-ink': badgeTextColour(name),
    '--badge-tint': `var(--mantine-color-${name}-light)`,
    '--badge-outline': `var(--mantine-color-${name}-outline)`,
    '--badge-fill': shade ? `var(--mantine-color-${name}-${shade})` : `var(--mantine-color-${name}-filled)`,
  } as CSSProperties;
  return (
    <span
      className={className ? `${classes.badge} ${className}` : classes.badge}
      data-variant={variant}
      data-size={size}
      style={{ ...colours, ...style }}
      {...props}
    >
      {children}
    </span>
  );
}
