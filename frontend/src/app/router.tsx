import { useMemo } from 'react';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import PublicLayout from './routes/public/layout';
import { RouteError } from './routes/route-error';

type PageModule = { default: React.ComponentType };

// Pages load on demand; each module's default export is the page.
const page = (load: () => Promise<PageModule>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    element: <PublicLayout />,
    HydrateFallback: Loading,
    ErrorBoundary: RouteError,
    children: [
      { index: true, ...page(() => import('./routes/public/home')) },
      { path: paths.blogs.path, ...page(() => import('./routes/public/blogs')) },
      { path: paths.blog.path, ...page(() => import('./routes/public/blog')) },
      { path: paths.projects.path, ...page(() => import('./routes/public/projects')) },
      { path: paths.project.path, ...page(() => import('./routes/public/project')) },
      { path: paths.categories.path, ...page(() => import('./routes/public/categories')) },
      { path: paths.tags.path, ...page(() => import('./routes/public/tags')) },
      { path: paths.archives.path, ...page(() => import('./routes/public/archives')) },
      { path: paths.about.path, ...page(() => import('./routes/public/about')) },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
  { path: paths.login.path, ErrorBoundary: RouteError, ...page(() => import('./routes/auth/login')) },
  { path: paths.register.path, ErrorBoundary: RouteError, ...page(() => import('./routes/auth/register')) },
  {
    path: paths.forgetPassword.path,
    ErrorBoundary: RouteError,
    ...page(() => import('./routes/auth/forget-password')),
  },
  {
    path: paths.resetPassword.path,
    ErrorBoundary: RouteError,
    ...page(() => import('./routes/auth/reset-password')),
  },
  { path: paths.admin.path, ErrorBoundary: RouteError, ...page(() => import('./routes/admin/dashboard')) },
];

export function AppRouter() {
  const router = useMemo(() => createBrowserRouter(routes), []);
  return <RouterProvider router={router} />;
}
