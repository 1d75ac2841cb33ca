// Every route of the app and its href builder; nothing else spells a path.

import type { ItemType } from '@/types/api';

const enc = encodeURIComponent;

const withPage = (base: string, page?: number) => (page && page > 1 ? `${base}?page=${page}` : base);

export const paths = {
  home: { path: '/', getHref: (page?: number) => withPage('/', page) },
  blogs: { path: '/blogs', getHref: (page?: number) => withPage('/blogs', page) },
  blog: { path: '/blogs/:id', getHref: (id: string) => `/blogs/${enc(id)}` },
  projects: { path: '/projects', getHref: (page?: number) => withPage('/projects', page) },
  project: { path: '/projects/:id', getHref: (id: string) => `/projects/${enc(id)}` },
  categories: {
    path: '/categories',
    getHref: (opts?: { category: string } | { main: string; sub: string }) => {
      if (!opts) return '/categories';
      if ('sub' in opts) return `/categories?main=${enc(opts.main)}&sub=${enc(opts.sub)}&openSub=true`;
      return `/categories?category=${enc(opts.category)}&open=true`;
    },
  },
  tags: {
    path: '/tags',
    getHref: (tag?: string) => (tag ? `/tags?tag=${enc(tag)}` : '/tags'),
  },
  archives: { path: '/archives', getHref: () => '/archives' },
  about: { path: '/about', getHref: () => '/about' },
  /** `next`: the page to return to after signing in (a path of this site). */
  login: { path: '/login', getHref: (next?: string | null) => (next ? `/login?next=${enc(next)}` : '/login') },
  register: { path: '/register', getHref: (next?: string | null) => (next ? `/register?next=${enc(next)}` : '/register') },
  forgetPassword: { path: '/forget-password', getHref: () => '/forget-password' },
  resetPassword: {
    path: '/reset-password/:token',
    getHref: (token: string) => `/reset-password/${enc(token)}`,
  },
  admin: { path: '/admin', getHref: () => '/admin' },
} as const;

/** The detail page of a blog or project. */
export const itemHref = (type: ItemType, id: string) =>
  type === 'project' ? paths.project.getHref(id) : paths.blog.getHref(id);

// --- Categories page state in the URL (issue 10) ---

type CategoryOpen = { category: string } | { main: string; sub: string } | undefined;

/** The query of an open category or sub-category, as the spec spells it. */
export function categoryParams(open: CategoryOpen): Record<string, string> {
  if (!open) return {};
  if ('sub' in open) return { main: open.main, sub: open.sub, openSub: 'true' };
  return { category: open.category, open: 'true' };
}

/** Which main and sub-category the URL opens (null when none). */
export function readCategoryParams(params: URLSearchParams): { main: string | null; sub: string | null } {
  if (params.get('openSub') === 'true' && params.get('main') && params.get('sub')) {
    return { main: params.get('main'), sub: params.get('sub') };
  }
  if (params.get('open') === 'true' && params.get('category')) return { main: params.get('category'), sub: null };
  return { main: null, sub: null };
}

// --- Admin dashboard (issue 11) ---

/** Dashboard tabs, in order; the tab lives in the URL as /admin?tab={value}. */
export const ADMIN_TABS = [
  { value: 'analytics', label: 'Analytics' },
  { value: 'blog', label: 'Blog' },
  { value: 'project', label: 'Project' },
  { value: 'profile', label: 'Profile' },
  { value: 'about', label: 'About' },
  { value: 'admins', label: 'Admin Management', superAdminOnly: true },
  { value: 'move', label: 'Import/Export', superAdminOnly: true },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

export const adminTabHref = (tab: AdminTab) => `${paths.admin.getHref()}?tab=${tab}`;
