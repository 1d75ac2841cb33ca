import { expect, test, type Page } from '@playwright/test';
import { getJSON, listItems, richBlog, type Summary } from './support';

// The server's page is the page: islands add behaviour to their part of it and never replace
// it. On a phone-speed CPU (4x slower), nothing the reader sees in <main> is redrawn when the
// islands start, and a tap or keystroke made while they load is not lost.

async function throttle(page: Page, rate = 4) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

const started = (page: Page) => page.waitForFunction(() => (window as { folioIslands?: boolean }).folioIslands === true);

// A phone-speed CPU on which the islands' module arrives late: taps and keys land before it runs.
async function lateIslands(page: Page) {
  await throttle(page);
  await page.route('**/assets/islands-*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
}

test.describe('islands keep the server page', () => {
  test("every public page kind: <main>'s nodes at DOMContentLoaded are still there after the islands start, with the same text", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const blog = await richBlog(request);
    const project = (await listItems(request, '/api/projects?perPage=1'))[0]!;
    const tags = await getJSON<{ name: string }[]>(request, '/api/tags');
    const categories = await getJSON<{ name: string }[]>(request, '/api/categories');
    const paths = [
      '/', '/?page=2', '/blogs', '/projects', `/blogs/${blog.id}`, `/projects/${project.id}`, '/categories',
      `/categories?category=${encodeURIComponent(categories[0]!.name)}&open=true`, '/tags', `/tags?tag=${encodeURIComponent(tags[0]!.name)}`,
      '/archives', '/about', '/search?q=go', '/no-such-page',
    ];
    await throttle(page);
    // Keep every node of <main> and its text at DOMContentLoaded, before any module runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const main = document.querySelector('main')!;
        const w = window as unknown as { keptNodes: Node[]; keptText: string };
        w.keptNodes = [main, ...Array.from(main.querySelectorAll('*'))];
        // The counts are live: the engagement island may bring newer ones.
        w.keptText = main.innerText.replace(/\d+ (Likes?|Shares?|Views?)/g, '');
      });
    });
    for (const path of paths) {
      await page.goto(path);
      await started(page);
      await page.waitForTimeout(300);
      const { total, detached, same } = await page.evaluate(() => {
        const w = window as unknown as { keptNodes: Node[]; keptText: string };
        const text = document.querySelector('main')!.innerText.replace(/\d+ (Likes?|Shares?|Views?)/g, '');
        return { total: w.keptNodes.length, detached: w.keptNodes.filter((n) => !n.isConnected).length, same: text === w.keptText };
      });
      expect(total, path).toBeGreaterThan(10);
      expect(detached, `${path}: nodes of <main> replaced`).toBe(0);
      expect(same, `${path}: <main>'s text changed`).toBe(true);
    }
  });

  test('a tap on the cover as soon as it shows opens the overlay (4x CPU)', async ({ page, request }) => {
    const blog = await richBlog(request);
    await lateIslands(page);
    await page.goto(`/blogs/${blog.id}`, { waitUntil: 'commit' });
    const cover = page.getByRole('link', { name: 'Enlarge cover image' });
    await cover.click();
    const overlay = page.getByTestId('cover-overlay');
    await expect(overlay).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/blogs/${blog.id}$`));
    await expect(overlay.getByRole('img', { name: blog.title })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toBeHidden();
  });

  test("taps and keys before the islands run are answered once they start: theme, like and / (4x CPU)", async ({ page, request }) => {
    const blog = await richBlog(request);
    await lateIslands(page);
    await page.goto(`/blogs/${blog.id}`, { waitUntil: 'commit' });
    const scheme = () => page.evaluate(() => document.documentElement.dataset.mantineColorScheme);
    const before = await (async () => {
      await page.getByRole('button', { name: 'Toggle color scheme' }).waitFor();
      return scheme();
    })();
    await page.getByRole('button', { name: 'Toggle color scheme' }).click();
    await page.getByRole('button', { name: /Likes?$/ }).click();
    await page.keyboard.press('/');
    // Nothing happened yet: the islands' module is still on its way.
    expect(await page.evaluate(() => (window as { folioIslands?: boolean }).folioIslands)).toBeFalsy();
    await started(page);
    await expect.poll(scheme).not.toBe(before);
    await expect(page.getByRole('alert').filter({ hasText: 'Please log in to like this post.' })).toBeVisible();
    // "/" focuses search, as it does once the islands run.
    await expect(page.getByRole('combobox', { name: 'Search titles' })).toBeFocused();
  });

  test('words typed into search as soon as it shows get their suggestions (4x CPU)', async ({ page, request }) => {
    const matches = await listItems(request, '/api/content?q=go&perPage=8');
    await lateIslands(page);
    await page.goto('/', { waitUntil: 'commit' });
    const box = page.getByRole('combobox', { name: 'Search titles' });
    await box.click();
    await box.pressSequentially('go');
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.first()).toHaveAttribute('title', /go/i);
    // The matches, then "Search all posts for …".
    await expect(options).toHaveCount(matches.length + 1);
    await expect(options.last()).toHaveText('Search all posts for “go”');
    await expect(options.last()).toHaveAttribute('href', '/search?q=go');
    await expect(box).toHaveValue('go');
  });
});

test.describe('the shell', () => {
  test('Escape closes the mobile navigation and gives focus back to the burger (375 px)', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    await started(page);
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await burger.click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Archives' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close navigation' })).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(nav.getByRole('link', { name: 'Archives' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeFocused();
  });

  test('a guest gets a Sign in link back to the page; a signed-in reader an account menu with Sign out', async ({ page, request }) => {
    const blog = (await listItems(request, '/api/blogs?perPage=1'))[0] as Summary;
    await page.goto(`/blogs/${blog.id}`);
    const signIn = page.getByRole('link', { name: 'Sign in' });
    await expect(signIn).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/blogs/${blog.id}`)}`);

    const res = await request.post('/api/collections/users/auth-with-password', {
      data: { identity: 'owner@folio.local', password: 'folio-demo-2026' },
    });
    const login = (await res.json()) as { token: string; record: { email: string } };
    await page.evaluate((auth) => localStorage.setItem('pocketbase_auth', auth), JSON.stringify(login));
    await page.reload();
    await started(page);
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Account' }).click();
    await expect(page.getByRole('menu')).toContainText(login.record.email);
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test('the page paints in the scheme the reader chose, with no script running but the inline one', async ({ browser, baseURL }) => {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ baseURL });
      await context.addInitScript((value) => window.localStorage.setItem('folio-color-scheme', value), scheme);
      const page = await context.newPage();
      const violations: string[] = [];
      page.on('console', (msg) => {
        if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
      });
      await page.route('**/assets/**/*.js', (route) => route.abort());
      await page.goto('/about', { waitUntil: 'load' });
      expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme);
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background === 'rgb(255, 255, 255)').toBe(scheme === 'light');
      expect(violations).toEqual([]);
      await context.close();
    }
  });
});
