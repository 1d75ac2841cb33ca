import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@/styles.css';

import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { COLOR_SCHEME_STORAGE_KEY, DEFAULT_COLOR_SCHEME } from '@/config/constants';
import { ThemeColorMeta } from '@/components/theme-color-meta';
import { whenIdle } from '@/lib/idle';
import { createQueryClient } from '@/lib/react-query';
import { cssVariablesResolver, theme } from '@/theme';

// The toasts' container (and its transitions) loads after the first render, in an idle
// moment: nothing toasts before.
const Notifications = lazy(() =>
  whenIdle().then(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications }))),
);

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
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
