import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { DEFAULT_COLOR_SCHEME } from '@/config/constants';

// Mantine's body colours: dark-7 and white.
const THEME_COLORS = { dark: '#242424', light: '#ffffff' } as const;

/** Keeps <meta name="theme-color"> (browser chrome) in step with the colour scheme. */
export function ThemeColorMeta() {
  const scheme = useComputedColorScheme(DEFAULT_COLOR_SCHEME, { getInitialValueInEffect: false });
  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[scheme]);
  }, [scheme]);
  return null;
}
