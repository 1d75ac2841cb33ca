// The seed (lib/seed.ts) against the public read hooks of every feature: here, where the app may import them all.
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { getAboutQueryOptions } from '@/features/about/api/get-about';
import { getArchivesQueryOptions } from '@/features/archives/api/get-archives';
import { getCategoriesQueryOptions } from '@/features/categories/api/get-categories';
import { getCategoryQueryOptions } from '@/features/categories/api/get-category';
import { getBlogQueryOptions } from '@/features/items/api/get-blog';
import { getBlogsQueryOptions } from '@/features/items/api/get-blogs';
import { getContentQueryOptions } from '@/features/items/api/get-content';
import { getProjectQueryOptions } from '@/features/items/api/get-project';
import { getProjectsQueryOptions } from '@/features/items/api/get-projects';
import { getProfileQueryOptions } from '@/features/profile/api/get-profile';
import { getTagQueryOptions } from '@/features/tags/api/get-tag';
import { getTagsQueryOptions } from '@/features/tags/api/get-tags';
import { FURTHER_READING_COUNT, PAGE_SIZE, RECENT_ITEMS_COUNT } from '@/config/constants';
import { createQueryClient } from '@/lib/react-query';
import { SEED_ELEMENT_ID, seedQueries, seedQueryKey, seedTime } from '@/lib/seed';
import { mockFetch } from '@/test/mock-fetch';

// Every query the first render of a public page makes, with the URL the Go server seeds it
// under (hooks/site_render*.go): the seed must land on the hook's own key.
const QUERIES = [
  ['/api/profile', getProfileQueryOptions()],
  ['/api/content?perPage=6', getContentQueryOptions({ perPage: RECENT_ITEMS_COUNT })],
  ['/api/tags', getTagsQueryOptions()],
  ['/api/content?page=1&perPage=10', getContentQueryOptions({ page: 1, perPage: PAGE_SIZE })],
  ['/api/content?page=3&perPage=10', getContentQueryOptions({ page: 3, perPage: PAGE_SIZE })],
  ['/api/blogs?page=1&perPage=10', getBlogsQueryOptions({ page: 1, perPage: PAGE_SIZE })],
  ['/api/projects?page=2&perPage=10', getProjectsQueryOptions({ page: 2, perPage: PAGE_SIZE })],
  ['/api/blogs?perPage=4', getBlogsQueryOptions({ perPage: FURTHER_READING_COUNT + 1 })],
  ['/api/projects?perPage=4', getProjectsQueryOptions({ perPage: FURTHER_READING_COUNT + 1 })],
  ['/api/blogs/abc123', getBlogQueryOptions('abc123')],
  ['/api/projects/p1', getProjectQueryOptions('p1')],
  ['/api/categories', getCategoriesQueryOptions()],
  ['/api/categories/Dev%20&%20Ops%2FGo', getCategoryQueryOptions('Dev & Ops/Go')],
  ['/api/tags/%3C%2Fscript%3E', getTagQueryOptions('</script>')],
  ['/api/archives', getArchivesQueryOptions()],
  ['/api/about', getAboutQueryOptions()],
] as const;

const seedElement = (text: string) => {
  const el = document.createElement('script');
  el.type = 'application/json';
  el.id = SEED_ELEMENT_ID;
  el.textContent = text;
  return el;
};

const wrapperFor = (client: QueryClient) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };

describe('seedQueryKey', () => {
  it.each(QUERIES)('%s is the key of the hook that requests it', async (url, options) => {
    expect(seedQueryKey(url)).toEqual(options.queryKey);
    // ...and the hook requests exactly that URL (as the server answers it).
    const fetchMock = mockFetch({});
    await (options.queryFn as () => Promise<unknown>)().catch(() => undefined);
    const requested = new URL(String(fetchMock.mock.calls[0]![0]));
    expect(seedQueryKey(requested.pathname + requested.search)).toEqual(options.queryKey);
  });

  it('knows no other URL', () => {
    for (const url of ['/api/feed', '/api/profile?x=1', '/api/blogs/a/b', '/api/tags/', '/other', '/api/content/x', '/api/blogs/%E0%A4%A']) {
      expect(seedQueryKey(url), url).toBeNull();
    }
  });
});

describe('seedQueries', () => {
  const detail = { id: 'abc123', type: 'blog', title: '</script><script>alert(1)</script>', liked: false };
  const list = { page: 1, perPage: 10, totalItems: 1, totalPages: 1, items: [{ id: 'abc123', title: 'A <b>' }] };
  // As the server writes it: <, > and & escaped inside JSON strings.
  const text = `{"/api/blogs/abc123":{"id":"abc123","type":"blog","title":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e","liked":false},"/api/content?page=1&perPage=10":{"page":1,"perPage":10,"totalItems":1,"totalPages":1,"items":[{"id":"abc123","title":"A \\u003cb\\u003e"}]},"/api/unknown":{"x":1}}`;

  it('puts each answer under its hook key, current as of the page load', () => {
    const client = createQueryClient();
    const now = Date.now();
    expect(seedQueries(client, { element: seedElement(text), updatedAt: now, signedIn: false })).toBe(2);
    expect(client.getQueryData(getBlogQueryOptions('abc123').queryKey)).toEqual(detail);
    expect(client.getQueryData(getContentQueryOptions({ page: 1, perPage: PAGE_SIZE }).queryKey)).toEqual(list);
    expect(client.getQueryState(getBlogQueryOptions('abc123').queryKey)?.dataUpdatedAt).toBe(now);
  });

  it('renders the seeded answer at once and fetches nothing while it is fresh', () => {
    const fetchMock = mockFetch({});
    const client = createQueryClient();
    seedQueries(client, { element: seedElement(text), updatedAt: Date.now(), signedIn: false });
    const first: unknown[] = [];
    const { result } = renderHook(
      () => {
        const query = useQuery(getContentQueryOptions({ page: 1, perPage: PAGE_SIZE }));
        first.push(query.data);
        return query;
      },
      { wrapper: wrapperFor(client) },
    );
    expect(first[0]).toEqual(list); // the very first render, no "Loading…"
    expect(result.current.isPending).toBe(false);
    expect(result.current.isFetching).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows a signed-in reader the anonymous detail at once and refetches their own (liked)', async () => {
    const mine = { ...detail, liked: true };
    const fetchMock = mockFetch({ 'GET /api/blogs/abc123': mine });
    const client = createQueryClient();
    seedQueries(client, { element: seedElement(text), updatedAt: Date.now(), signedIn: true });
    const first: unknown[] = [];
    const { result } = renderHook(
      () => {
        const query = useQuery(getBlogQueryOptions('abc123'));
        first.push(query.data);
        return query;
      },
      { wrapper: wrapperFor(client) },
    );
    expect(first[0]).toEqual(detail);
    await vi.waitFor(() => expect(result.current.data).toEqual(mine));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The lists carry nothing personal: still fresh.
    expect(client.getQueryState(getContentQueryOptions({ page: 1, perPage: PAGE_SIZE }).queryKey)?.isInvalidated).toBe(false);
  });

  it('refetches behind answers older than the stale time', async () => {
    const newer = { ...list, totalItems: 2 };
    const fetchMock = mockFetch({ 'GET /api/content': newer });
    const client = createQueryClient();
    seedQueries(client, { element: seedElement(text), updatedAt: 0, signedIn: false });
    const { result } = renderHook(() => useQuery(getContentQueryOptions({ page: 1, perPage: PAGE_SIZE })), {
      wrapper: wrapperFor(client),
    });
    expect(result.current.data).toEqual(list);
    await vi.waitFor(() => expect(result.current.data).toEqual(newer));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('ignores a missing, broken or foreign seed', () => {
    const client = createQueryClient();
    expect(seedQueries(client, { element: null })).toBe(0);
    expect(seedQueries(client, { element: seedElement('{"/api/about": ') })).toBe(0);
    expect(seedQueries(client, { element: seedElement('[1,2]') })).toBe(0);
    expect(seedQueries(client, { element: seedElement('{"/api/about": "text"}') })).toBe(0);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('reads the page element by default', () => {
    document.body.append(seedElement('{"/api/about":{"header":"Hi"}}'));
    const client = createQueryClient();
    expect(seedQueries(client)).toBe(1);
    expect(client.getQueryData(getAboutQueryOptions().queryKey)).toEqual({ header: 'Hi' });
    document.getElementById(SEED_ELEMENT_ID)!.remove();
  });

  it('counts a page shown again from history as stale', () => {
    const spy = vi
      .spyOn(performance, 'getEntriesByType')
      .mockReturnValue([{ type: 'back_forward' } as unknown as PerformanceEntry]);
    expect(seedTime()).toBe(0);
    spy.mockReturnValue([{ type: 'navigate' } as unknown as PerformanceEntry]);
    expect(seedTime()).toBe(Math.floor(performance.timeOrigin));
    spy.mockRestore();
  });
});
