import { createTheme, Notification, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * The provider's blue. The primary shade (7, #1d4fb8) gives 7.3:1 against white, so filled
 * buttons, links and active navigation pass WCAG AA; Mantine's default blue.6 does not.
 */
const brand: MantineColorsTuple = [
  '#eaf2fe',
  '#d4e3fb',
  '#a8c6f5',
  '#78a6ef',
  '#5089e8',
  '#3574e2',
  '#2563d6',
  '#1d4fb8',
  '#173f94',
  '#0f2d6c',
];

const fontFamily =
  'Inter, "Segoe UI", system-ui, -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", Arial, sans-serif';

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
    // The close button is icon-only; without a name screen readers announce just "button".
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    }),
  },
});

/**
 * Mantine's light-scheme dimmed text (gray.6) and error red (red.6) are about 3.3:1 on white and
 * fail axe colour-contrast; one step darker each passes (8.2:1 and 5.5:1).
 */
export const portalCssVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  // Dark: Mantine's dimmed (dark.2) is 4.0:1 on a card and its error red too dim; one step lighter
  // each passes. Links use the brand's pale shade (7.9:1 on a dark card).
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
    '--mantine-color-anchor': 'var(--mantine-color-brand-3)',
  },
});
