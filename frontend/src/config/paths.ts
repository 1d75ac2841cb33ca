// Every route of the app and its href builder; nothing else spells a path.

export type ItemType = 'blog' | 'project';

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
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
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

// --- Admin dashboard (issue 11) ---

/** Dashboard tabs, in order; the tab lives in the URL as /admin?tab={value}. */
export const ADMIN_TABS = [
  { value: 'analytics', label: 'Analytics' },
  { value: 'blog', label: 'Blog' },
  { value: 'project', label: 'Project' },
  { value: 'profile', label: 'Profile' },
  { value: 'about', label: 'About' },
  { value: 'admins', label: 'Admin Management', superAdminOnly: true },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

export const adminTabHref = (tab: AdminTab) => `${paths.admin.getHref()}?tab=${tab}`;
