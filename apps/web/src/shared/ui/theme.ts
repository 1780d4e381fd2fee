import { createTheme, Notification, rem, type CSSVariablesResolver, type MantineColorsTuple, type MantineThemeComponent } from '@mantine/core';

/**
 * The provider's blue. The primary shade (7, #1d4fb8) gives 7.3:1 against white, so filled
 * buttons, links and active navigation pass WCAG AA; Mantine's default blue.6 does not.
 */
const brand: MantineColorsTuple = ['#eaf2fe', '#d4e3fb', '#a8c6f5', '#78a6ef', '#5089e8', '#3574e2', '#2563d6', '#1d4fb8', '#173f94', '#0f2d6c'];

const fontFamily = 'Inter, "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif';

export const portalTheme = createTheme({
  primaryColor: 'brand',
  // The same deep blue in both themes: white text on it is 7.3:1 (a lighter dark-theme shade fails AA).
  primaryShade: { light: 7, dark: 7 },
  colors: { brand },
  fontFamily,
  headings: { fontFamily, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Plain objects rather than Component.extend(): naming a component here would bring its code (a number field's
    // formatting library, the checkbox, radio and switch) into the first load of every page, sign-in included.
    // Touch targets (WCAG 2.5.8, decision 0035): a button of the default size (or md) is 44 px high, the height a finger needs for
    // a primary action; smaller sizes stay at least 30 px (xs) and the compact ones are raised to 24 px.
    Button: {
      vars: (_theme: unknown, { size }: { size?: unknown }) => ({ root: { '--button-height': buttonHeight(size) } }),
    } as MantineThemeComponent,
    // An icon button is at least 28 px (Mantine's md); a smaller one is raised to 24.
    ActionIcon: {
      vars: (_theme: unknown, { size }: { size?: unknown }) => ({ root: size === 'xs' || size === 'sm' ? { '--ai-size': rem(24) } : {} }),
    } as MantineThemeComponent,
    // A number field's spin arrows are 17 px high, too small to hit; the arrow keys still step the number.
    NumberInput: { defaultProps: { hideControls: true } },
    // Boxes, radios and switches at 24 px: the control itself is the target where its label is not beside it.
    Checkbox: { defaultProps: { size: 'md' } },
    Radio: { defaultProps: { size: 'md' } },
    Switch: { defaultProps: { size: 'md' } },
    // The close button is icon-only; without a name screen readers announce just "button".
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
  },
});

/** The height of a button of this size: 44 px for the default (and md), at least 24 px for the compact ones. */
function buttonHeight(size: unknown): string | undefined {
  if (size === undefined || size === 'sm' || size === 'md') return rem(44);
  if (typeof size === 'string' && size.startsWith('compact-')) return `max(${rem(24)}, var(--button-height-${size}))`;
  return undefined;
}

/**
 * A filled red button (remove, turn off, reset) takes the primary shade, red.7: white on it is 3.8:1 and fails AA.
 * red.9 is 5.5:1, and a deeper red for its hover 7.4:1. Set per scheme: Mantine sets its own there, which would win.
 */
const FILLED_RED = { '--mantine-color-red-filled': 'var(--mantine-color-red-9)', '--mantine-color-red-filled-hover': '#a61e1e' };

/**
 * Mantine's light-scheme dimmed text (gray.6) and error red (red.6) are about 3.3:1 on white and
 * fail axe colour-contrast; one step darker each passes (8.2:1 and 5.5:1).
 */
export const portalCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    ...FILLED_RED,
    // The focus ring (shared/ui/portal.css): 7.3:1 on white, 6.9:1 on the page's grey.
    '--portal-focus-ring': 'var(--mantine-color-brand-7)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  // Dark: Mantine's dimmed (dark.2) is 4.0:1 on a card and its error red too dim; one step lighter
  // each passes. Links use the brand's pale shade (7.9:1 on a dark card).
  dark: {
    ...FILLED_RED,
    // The brand's pale blue for the focus ring: the primary (brand.7) is 1.9:1 on a dark card, this is over 5:1.
    '--portal-focus-ring': 'var(--mantine-color-brand-3)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
  },
});
