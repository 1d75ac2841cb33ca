import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { BREAKPOINTS } from '@/config/constants';

const em = (px: number) => `${px / 16}em`;

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons above WCAG AA (the default 6 does not).
  primaryShade: { light: 8, dark: 8 },
  // The spec's breakpoints, so visibleFrom/hiddenFrom and useMatches speak its numbers.
  breakpoints: {
    xs: em(BREAKPOINTS.thumbnail),
    sm: em(BREAKPOINTS.narrow),
    md: em(BREAKPOINTS.leftSidebar),
    lg: em(BREAKPOINTS.analyticsColumns),
    xl: em(BREAKPOINTS.rightSidebar),
  },
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

// Mantine's dimmed grey is under 4.5:1 on both backgrounds; one step darker/lighter passes AA.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
  },
});
