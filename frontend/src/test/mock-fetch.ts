import { vi } from 'vitest';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Stubs global fetch (which the PocketBase SDK calls) with handlers keyed by
 * 'METHOD /path'. Unknown routes answer 404 like the server would. Returns the mock.
 */
export function mockFetch(routes: Record<string, Handler | unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const route = routes[key];
    if (route === undefined) return json({ status: 404, message: 'The requested resource wasn\'t found.', data: {} }, 404);
    return typeof route === 'function' ? (route as Handler)(url, init) : json(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
