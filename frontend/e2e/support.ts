import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The spec's three widths. */
export const WIDTHS = [375, 900, 1280] as const;
export const THEMES = ['dark', 'light'] as const;

/** Headless Chrome is on the server's crawler list; views count only for a normal browser. */
export const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The demo owner `folio seed --demo` creates. */
export const OWNER = { email: 'owner@folio.local', password: 'folio-demo-2026' };

export type Summary = {
  id: string;
  type: 'blog' | 'project';
  title: string;
  date: string;
  excerpt: string;
  categories: string[];
  tags: string[];
  media: string | null;
  likeCount: number;
  shareCount: number;
  viewCount: number;
};

export async function getJSON<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(path, { headers: { 'Cache-Control': 'no-cache' } });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

export const listItems = async (request: APIRequestContext, path: string) =>
  (await getJSON<{ items: Summary[] }>(request, path)).items;

/** Sets the colour scheme before the app starts. */
export async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.addInitScript((t) => localStorage.setItem('folio-color-scheme', t), theme);
}

/** No sideways scrolling: the page is never wider than the window. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll, 'page width').toBeLessThanOrEqual(client);
}

/** A hovered nav link takes its background: the site's whole stylesheet (which alone has the
 * pointer's states, pages/stylesheet.go) is applied. */
export async function expectHoverStyled(page: Page) {
  const link = page.locator('.nav-link:not([aria-current])').first();
  const rest = await link.evaluate((el) => getComputedStyle(el).backgroundColor);
  await link.hover();
  await expect.poll(() => link.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(rest);
}

/** WCAG 2.1 A and AA rules of axe-core; returns the violations with their targets. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    targets: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
  }));
}

/** A PocketBase token of the demo owner (an approved super admin). */
export async function ownerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/collections/users/auth-with-password', {
    data: { identity: OWNER.email, password: OWNER.password },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

/** Waits until the public page's islands have started (src/islands/main.ts). */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as { folioIslands?: boolean }).folioIslands === true);
}

/** A demo blog with a cover, code blocks and at least three headings (a table of contents). */
export async function richBlog(request: APIRequestContext): Promise<Summary & { description: string; updated: string }> {
  for (const item of await listItems(request, '/api/blogs?perPage=100')) {
    const detail = await getJSON<Summary & { description: string; updated: string }>(request, `/api/blogs/${item.id}`);
    const headings = detail.description.match(/<h[23][\s>]/g)?.length ?? 0;
    if (detail.media && detail.description.includes('<pre') && headings >= 3) return detail;
  }
  throw new Error('no demo blog has a cover, code and three headings');
}
