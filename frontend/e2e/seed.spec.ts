import { expect, test } from '@playwright/test';
import { appStarted, listItems, OWNER } from './support';

// The server's page carries the API answers its first React render needs (script#folio-seed,
// lib/seed.ts): when React replaces the server's copy, the main column goes straight from the
// server's content to the app's, never through "Loading..." or skeletons, and the app asks the
// API for none of the seeded answers.

declare global {
  interface Window {
    __blinks: string[];
    __shift: number;
  }
}

test.describe('seeded takeover', () => {
  for (const width of [412, 1280]) {
    test(`Home, a blog and About go from the server's copy to the app's without loading (${width} px)`, async ({
      browser,
      baseURL,
      request,
    }) => {
      const [blog] = await listItems(request, '/api/blogs?perPage=1');
      for (const path of ['/', `/blogs/${blog!.id}`, '/about']) {
        const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
        // Watches every DOM change from the first byte on: a loading state in the main column,
        // or a skeleton anywhere, even for one frame, is recorded.
        await context.addInitScript(() => {
          window.__blinks = [];
          // The page's layout shifts: the app's first render draws what the server drew.
          window.__shift = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) window.__shift += (entry as unknown as { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
          new MutationObserver(() => {
            const main = document.querySelector('main');
            if (main?.textContent?.includes('Loading...')) window.__blinks.push('Loading... in main');
            if (main?.querySelector('[role="status"]')) window.__blinks.push('a status in main');
            if (document.querySelector('.mantine-Skeleton-root')) window.__blinks.push('a skeleton');
          }).observe(document, { childList: true, subtree: true, characterData: true });
        });
        const page = await context.newPage();
        const apiGets: string[] = [];
        page.on('request', (req) => {
          const url = new URL(req.url());
          if (req.method() === 'GET' && url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/files/')) {
            apiGets.push(url.pathname + url.search);
          }
        });
        await page.goto(path);
        const serverTitle = await page.locator('main h1').first().textContent();
        const seeded = await page.evaluate(() => Object.keys(JSON.parse(document.getElementById('folio-seed')!.textContent!)));
        expect(seeded, path).toContain('/api/profile');
        await appStarted(page);
        await page.waitForLoadState('networkidle');

        expect(await page.evaluate(() => window.__blinks), `${path} at ${width}`).toEqual([]);
        // (The header's search box, swapped for the real one when idle, moves 0.0007.)
        expect(await page.evaluate(() => window.__shift), `${path} at ${width}: layout shift`).toBeLessThan(0.005);
        // The app's page is up, with the same heading the server drew.
        await expect(page.locator('main h1').first()).toHaveText(serverTitle!);
        // No seeded answer was fetched again, nor any other public read (a key mismatch would
        // show up as a request to the same answer under another URL).
        expect(apiGets, `${path} at ${width}: API reads after the seed`).toEqual([]);
        await context.close();
      }
    });
  }

  test('a signed-in reader sees the post at once, then their own like', async ({ browser, baseURL, request }) => {
    const [blog] = await listItems(request, '/api/blogs?perPage=1');
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(OWNER.email);
    await page.locator('input[autocomplete="current-password"]').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('pocketbase_auth') ?? '{}').token as string);
    const detail = await (await request.get(`/api/blogs/${blog!.id}`, { headers: { Authorization: token } })).json();
    if (!detail.liked) {
      const res = await request.post(`/api/like/${blog!.id}`, { headers: { Authorization: token }, data: {} });
      expect(res.ok()).toBe(true);
    }

    const apiGets: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'GET' && new URL(req.url()).pathname.startsWith('/api/blogs/')) apiGets.push(req.url());
    });
    await page.goto(`/blogs/${blog!.id}`);
    await appStarted(page);
    // The seed is anonymous (liked: false); the reader's own answer is fetched behind it.
    await expect(page.getByRole('button', { name: /Likes?$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(apiGets).toHaveLength(1);
    // Undo, so other specs see the demo as it was.
    if (!detail.liked) await request.post(`/api/like/${blog!.id}`, { headers: { Authorization: token }, data: {} });
    await context.close();
  });
});
