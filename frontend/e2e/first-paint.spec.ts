import { expect, test, type Browser, type Page } from '@playwright/test';
import { appStarted, listItems, richBlog } from './support';

// The server's first response is laid out like the React page: the shell (header, sidebars,
// main column) and the page's top (title, cover, first card) sit where React puts them, so
// nothing jumps when React replaces it. Its CSS is inline: no stylesheet blocks the first paint.

// The article's table of contents: above the body below 1200 px (then the body starts below it
// in both copies), in the right sidebar from 1200 px.
const PARTS = ['header', '#site-navbar', 'main h1', 'main article', 'main img', 'main .item-toc', 'main .item-body', '#site-aside .item-toc'];

async function boxes(page: Page) {
  return page.evaluate(
    (parts) =>
      Object.fromEntries(
        parts.map((sel) => {
          const el = document.querySelector(sel);
          const r = el?.getBoundingClientRect();
          return [sel, r ? [r.x, r.y, r.width, r.height].map(Math.round) : null];
        }),
      ),
    PARTS,
  );
}

async function serverAndReact(browser: Browser, baseURL: string, path: string, width: number) {
  const viewport = { width, height: 900 };
  const server = await browser.newContext({ javaScriptEnabled: false, viewport, baseURL });
  const serverPage = await server.newPage();
  await serverPage.goto(path);
  const before = await boxes(serverPage);
  await server.close();

  const app = await browser.newContext({ viewport, baseURL });
  const appPage = await app.newPage();
  await appPage.goto(path);
  // React's page, not the server's (boot.js starts the app after the page's largest paint).
  await appStarted(appPage);
  await expect(appPage.locator('main h1').first()).toBeAttached();
  await appPage.waitForLoadState('networkidle');
  const after = await boxes(appPage);
  await app.close();
  return { before, after };
}

test.describe('first paint', () => {
  test('the server page has its CSS inline and no render-blocking stylesheet', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('<style>');
    const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    for (const link of links) expect(link).toContain(' disabled');
    expect(html).toContain('mantine-AppShell-root');
    expect(html).not.toContain('needs JavaScript');
  });

  for (const width of [412, 1280]) {
    test(`Home, a blog and About keep their places when React takes over (${width} px)`, async ({ browser, baseURL, request }) => {
      const blog = await richBlog(request); // a cover and a table of contents
      for (const path of ['/', `/blogs/${blog.id}`, '/about']) {
        const { before, after } = await serverAndReact(browser, baseURL!, path, width);
        if (path.startsWith('/blogs/')) {
          // Both copies show the post's table of contents in the same place (inline below
          // 1200 px, in the sidebar from 1200 px).
          const toc = width < 1200 ? 'main .item-toc' : '#site-aside .item-toc';
          expect(before[toc], `${toc} in the server's copy at ${width}`).toBeTruthy();
          expect(before[toc]![3], `${toc} shows in the server's copy at ${width}`).toBeGreaterThan(0);
          expect(after[toc], `${toc} in the app at ${width}`).toBeTruthy();
          if (width >= 1200) expect(after['main .item-toc'], 'no inline contents beside the sidebar').toBeNull();
        }
        for (const part of PARTS) {
          if (!before[part] || !after[part]) continue; // a page without a cover or a card
          const [x, y, w, h] = before[part]!;
          const [x2, y2, w2, h2] = after[part]!;
          // The header and sidebar, the title, the cover and the first card: within 2 px.
          expect.soft(Math.abs(x - x2) + Math.abs(y - y2) + Math.abs(w - w2), `${path} ${part} at ${width}`).toBeLessThanOrEqual(2);
          if (part !== 'main article') expect.soft(Math.abs(h - h2), `${path} ${part} height at ${width}`).toBeLessThanOrEqual(2);
        }
      }
    });
  }

  test('tag links say they are tags, in the server page and in the app', async ({ browser, baseURL, request }) => {
    // Other specs add blogs without tags: take the newest one that has some.
    const blog = (await listItems(request, '/api/blogs?perPage=100')).find((b) => b.tags.length > 0);
    expect(blog, 'a blog with tags').toBeDefined();
    const tag = blog!.tags[0]!;
    for (const javaScriptEnabled of [false, true]) {
      const ctx = await browser.newContext({ javaScriptEnabled, baseURL, viewport: { width: 1280, height: 900 } });
      const page = await ctx.newPage();
      await page.goto(`/blogs/${blog!.id}`);
      await expect(page.locator('.item-tags').getByRole('link', { name: `Tag: ${tag}`, exact: true })).toBeVisible();
      await ctx.close();
    }
  });
});

test('the server page paints in the scheme the reader chose, before the app starts', async ({ browser, baseURL }) => {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ baseURL });
    // The app's saved choice (COLOR_SCHEME_STORAGE_KEY), as its theme toggle stores it.
    await context.addInitScript((value) => window.localStorage.setItem('folio-color-scheme', value), scheme);
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    // The app's modules are held back, so what shows is the server's page alone.
    await page.route('**/assets/**/*.js', (route) => route.abort());
    await page.goto('/about', { waitUntil: 'load' });
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background === 'rgb(255, 255, 255)').toBe(scheme === 'light');
    expect(violations).toEqual([]);
    await context.close();
  }
});
