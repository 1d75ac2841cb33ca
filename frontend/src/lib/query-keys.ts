import type { ListParams } from '@/types/api';

/**
 * Every query that reads blogs or projects starts with `items`: after any write, one
 * `invalidateQueries({ queryKey: queryKeys.items })` refreshes the lists, Home's mixed list,
 * details, categories, tags, archives and search alike.
 */
const items = ['items'] as const;

export const queryKeys = {
  items,
  content: (params: object) => [...items, 'content', 'list', params] as const,
  blogs: {
    all: [...items, 'blogs'] as const,
    list: (params: ListParams) => [...items, 'blogs', 'list', params] as const,
    detail: (id: string) => [...items, 'blogs', id] as const,
  },
  projects: {
    all: [...items, 'projects'] as const,
    list: (params: ListParams) => [...items, 'projects', 'list', params] as const,
    detail: (id: string) => [...items, 'projects', id] as const,
  },
  categories: {
    all: [...items, 'categories'] as const,
    detail: (name: string) => [...items, 'categories', name] as const,
  },
  tags: {
    all: [...items, 'tags'] as const,
    detail: (name: string) => [...items, 'tags', name] as const,
  },
  archives: [...items, 'archives'] as const,
  search: (q: string) => [...items, 'search', q] as const,
  profile: ['profile'] as const,
  about: ['about'] as const,
} as const;
