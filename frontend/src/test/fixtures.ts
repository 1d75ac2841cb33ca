import type { ItemSummary, ListEnvelope } from '@/types/api';

export function makeItem(overrides: Partial<ItemSummary> = {}): ItemSummary {
  const id = overrides.id ?? 'item1';
  return {
    id,
    type: 'blog',
    title: `Title of ${id}`,
    date: '2026-11-21',
    author: 'Ada',
    excerpt: 'An excerpt of the item.',
    categories: ['Engineering', 'Go'],
    tags: ['go'],
    thumbnail: null,
    media: null,
    likeCount: 0,
    shareCount: 0,
    viewCount: 0,
    commentCount: 0,
    updated: '2026-11-21T00:00:00Z',
    ...overrides,
  };
}

export function makeList(totalItems: number, page = 1, perPage = 10): ListEnvelope<ItemSummary> {
  const start = (page - 1) * perPage;
  const count = Math.max(0, Math.min(perPage, totalItems - start));
  return {
    page,
    perPage,
    totalItems,
    totalPages: Math.ceil(totalItems / perPage),
    items: Array.from({ length: count }, (_, i) =>
      makeItem({ id: `item${start + i + 1}`, type: (start + i) % 2 ? 'project' : 'blog' }),
    ),
  };
}
