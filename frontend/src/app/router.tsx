import { Suspense, useEffect } from 'react';
import { matchRoutes, unstable_HistoryRouter as HistoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { history } from '@/lib/history';
import { lazyPage } from './lazy-page';
import { RouteErrorBoundary } from './routes/route-error';

type PageModule = { default: React.ComponentType };

/** A route whose page loads on demand; main.tsx preloads the first one through `handle`. */
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'element' | 'handle'> => {
  const Page = lazyPage(load);
  return { element: <Page />, handle: { preload: Page.preload } };
};

/**
 * Every route, for react-router's declarative router: it tree-shakes to a fraction of the
 * data router (createBrowserRouter), whose code would otherwise ship with every public page.
 */
export const routes: RouteObject[] = [
  { path: paths.login.path, ...page(() => import('./routes/auth/login')) },
  { path: paths.register.path, ...page(() => import('./routes/auth/register')) },
  { path: paths.forgetPassword.path, ...page(() => import('./routes/auth/forget-password')) },
  { path: paths.resetPassword.path, ...page(() => import('./routes/auth/reset-password')) },
  { path: paths.admin.path, ...page(() => import('./routes/admin/dashboard')) },
  // Every other page is the server's (pages/templates): a link there leaves the app.
  { path: '*', element: <ServerPage /> },
];

/** Loads a public page from the server, which renders it whole. */
function ServerPage() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(pathname + search + hash), [pathname, search, hash]);
  return <Loading />;
}

/** Loads the chunks of the page at `pathname` (main.tsx: before the first render). */
export async function preloadRoute(pathname: string): Promise<unknown> {
  const matches = matchRoutes(routes, pathname) ?? [];
  // Matching and requesting the chunks (their <link> tags) are each a few milliseconds of a
  // phone's main thread: two tasks, neither of them long.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return Promise.all(matches.map((match) => (match.route.handle as { preload?: () => Promise<void> } | undefined)?.preload?.()));
}

/** The routes with their error boundary (cleared on every new path) and loading state. */
export function AppRoutes() {
  const { pathname } = useLocation();
  const element = useRoutes(routes);
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>{element}</Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <HistoryRouter history={history}>
      <AppRoutes />
    </HistoryRouter>
  );
}
