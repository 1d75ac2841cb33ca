import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render as testingLibraryRender, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { COLOR_SCHEME_STORAGE_KEY, DEFAULT_COLOR_SCHEME } from '@/config/constants';
import { createQueryClient } from '@/lib/react-query';
import { cssVariablesResolver, theme } from '@/theme';

type Options = Omit<RenderOptions, 'wrapper'> & {
  /** Where the MemoryRouter starts. */
  route?: string;
  /** A route pattern to mount the UI under, so useParams works (e.g. '/blogs/:id'). */
  path?: string;
  /** false when the UI brings its own router (e.g. a RouterProvider). */
  withRouter?: boolean;
};

export const createTestQueryClient = () =>
  createQueryClient({ queries: { retry: false, staleTime: Infinity, gcTime: Infinity } });

/** Renders with the app's providers (Mantine, a fresh QueryClient without retries, a router). */
export function render(ui: ReactElement, { route = '/', path, withRouter = true, ...options }: Options = {}) {
  const queryClient = createTestQueryClient();
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY })}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      env="test"
    >
      <QueryClientProvider client={queryClient}>
        {withRouter ? (
          <MemoryRouter initialEntries={[route]}>
            {path ? (
              <Routes>
                <Route path={path} element={children} />
                <Route path="*" element={<p>Navigated away</p>} />
              </Routes>
            ) : (
              children
            )}
          </MemoryRouter>
        ) : (
          children
        )}
      </QueryClientProvider>
    </MantineProvider>
  );
  return {
    user: userEvent.setup(),
    queryClient,
    ...testingLibraryRender(ui, { wrapper: Wrapper, ...options }),
  };
}

export * from '@testing-library/react';
export { userEvent };
