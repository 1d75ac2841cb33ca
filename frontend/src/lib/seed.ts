import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { getAuthToken } from './auth';
import { queryKeys } from './query-keys';

/**
 * The server's copy of a page carries, after #root, the API answers the app's first render
 * of that page asks for (pages.Seed in Go): `{url: answer}` in a non-executing
 * `<script type="application/json">`, byte for byte what GET url answers an anonymous reader.
 * Put in the query cache before the first render, they let React draw the page at once (no
 * "Loading…" between the server's copy and the app's) and fetch nothing it already has.
 */
export const SEED_ELEMENT_ID = 'folio-seed';

/** List query parameters that the hooks pass as numbers (ListParams). */
const NUMERIC_PARAMS = new Set(['page', 'perPage']);
const LISTS = { content: null, blogs: queryKeys.blogs, projects: queryKeys.projects } as const;

/**
 * The query key of the hook that requests `url` (as api() writes it: path and query), or
 * null for a URL no public read hook asks for.
 */
export function seedQueryKey(url: string): QueryKey | null {
  const target = new URL(url, 'http://folio.invalid');
  let segments: string[];
  try {
    segments = target.pathname.split('/').slice(1).map(decodeURIComponent);
  } catch {
    return null; // a malformed escape
  }
  const params: Record<string, string | number> = {};
  for (const [key, value] of target.searchParams) {
    params[key] = NUMERIC_PARAMS.has(key) ? Number(value) : value;
  }
  const hasParams = Object.keys(params).length > 0;
  const [api, kind = '', name, ...rest] = segments;
  if (api !== 'api' || rest.length > 0 || name === '') return null;
  if (kind in LISTS) {
    const list = LISTS[kind as keyof typeof LISTS];
    if (name === undefined) return list ? list.list(params) : queryKeys.content(params);
    return list && !hasParams ? list.detail(name) : null;
  }
  if (hasParams) return null;
  switch (kind) {
    case 'profile':
      return name === undefined ? queryKeys.profile : null;
    case 'about':
      return name === undefined ? queryKeys.about : null;
    case 'archives':
      return name === undefined ? queryKeys.archives : null;
    case 'tags':
      return name === undefined ? queryKeys.tags.all : queryKeys.tags.detail(name);
    case 'categories':
      return name === undefined ? queryKeys.categories.all : queryKeys.categories.detail(name);
    default:
      return null;
  }
}

/** An item's detail answer carries the caller's own `liked`; the seed's is the anonymous one. */
const isPersonal = (key: QueryKey) =>
  key.length === 3 && key[0] === 'items' && (key[1] === 'blogs' || key[1] === 'projects') && typeof key[2] === 'string';

/**
 * When the seed's answers were current: when the browser asked for the page (the page is
 * revalidated on every load and dropped by the server when content changes). A page shown
 * again from history may be an old copy: its answers count as stale, so they show at once and
 * are refetched behind them.
 */
export function seedTime(): number {
  const [navigation] = performance.getEntriesByType?.('navigation') ?? [];
  if ((navigation as PerformanceNavigationTiming | undefined)?.type === 'back_forward') return 0;
  return Math.floor(performance.timeOrigin);
}

type SeedOptions = {
  element?: Element | null;
  /** When the answers were current (ms since the epoch); 0 makes them stale at once. */
  updatedAt?: number;
  /** A signed-in reader: item details are refetched with the session's token (their `liked`). */
  signedIn?: boolean;
};

/** Puts the page's seed into `client`; returns how many answers it seeded. */
export function seedQueries(
  client: QueryClient,
  {
    // Not getElementById: an article heading may carry the same id (its slug), and comes first.
    element = document.querySelector(`script#${SEED_ELEMENT_ID}[type="application/json"]`),
    updatedAt = seedTime(),
    signedIn = getAuthToken() !== '',
  }: SeedOptions = {},
): number {
  if (!element?.textContent) return 0;
  let answers: unknown;
  try {
    answers = JSON.parse(element.textContent);
  } catch {
    return 0;
  }
  if (!answers || typeof answers !== 'object' || Array.isArray(answers)) return 0;
  let seeded = 0;
  for (const [url, data] of Object.entries(answers)) {
    const key = seedQueryKey(url);
    if (!key || data === null || typeof data !== 'object') continue;
    client.setQueryData(key, data, { updatedAt: signedIn && isPersonal(key) ? 0 : updatedAt });
    seeded++;
  }
  return seeded;
}
