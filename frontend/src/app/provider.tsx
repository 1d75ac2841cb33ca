// Mantine's global styles first; each component file imports its components' styles. All of
// Mantine is in the `mantine` cascade layer, so the app's own rules win whatever order lazy
// chunks load their CSS in.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
// The theme's variables, written ahead of time (the file says why).
import '@/styles/theme-variables.css';
import '@mantine/core/styles/global.layer.css';
// What the server's copy of a page shows before React starts (all of it is in the inline CSS).
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/AspectRatio.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Typography.layer.css';
import '@mantine/core/styles/TableOfContents.layer.css';
import '@/styles/server-page.css';
import '@/styles.css';

import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { COLOR_SCHEME_STORAGE_KEY, DEFAULT_COLOR_SCHEME } from '@/config/constants';
import { ThemeColorMeta } from '@/components/theme-color-meta';
import { whenIdle } from '@/lib/idle';
import { createQueryClient } from '@/lib/react-query';
import { theme } from '@/theme';

// The toasts' container (its transitions and styles) loads after the first render, in an idle
// moment: nothing toasts before.
const Notifications = lazy(() =>
  whenIdle().then(() => import('@/components/notifications').then((m) => ({ default: m.Notifications }))),
);

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider
      theme={theme}
      withCssVariables={false}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
    >
      <ThemeColorMeta />
      <Suspense fallback={null}>
        <Notifications position="top-right" />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
